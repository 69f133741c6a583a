"""The physical floor of a Mockets experiment's stream: the mean latency no transport beats on the
link. Each update is one datagram (payload and ADAMANT's headers) that takes bytes / bandwidth on
the link; while the stream alone offers more than the link carries, the update sent can at best
be the newest, whose age is half the stream's period on average, and the link carries
bandwidth / bytes of them a second; otherwise every update goes as it is published (age 0). The
mean is over the updates delivered in each phase of the link's schedule across the run.
A token bucket (tc tbf) is not a radio: while it holds tokens it passes what it holds at once, so
a datagram takes only (bytes - bucket) / bandwidth there (`bucket`: its depth for a bandwidth), also
at saturation for a sender that paces itself to the link's rate (the bucket refills between its
datagrams, so nothing waits in tbf's queue)."""


def phases(link_bandwidth):
    """[(B/s, seconds or None)] of the link_bandwidth column: "5120", or "40960@50s;5120@10s"."""
    out = []
    for part in (link_bandwidth or "").split(";"):
        rate, _, duration = part.partition("@")
        if not rate:
            return []
        out.append((float(rate), float(duration.rstrip("s")) if duration else None))
    return out


def floor_ms(link_bandwidth, bytes_per_update, rate_hz, duration_s, bucket=None):
    """The floor in ms of a stream of `rate_hz` updates of `bytes_per_update` (datagram bytes) over
    `duration_s` on the link; None when the link is not shaped."""
    ps = phases(link_bandwidth)
    if not ps or not rate_hz or not duration_s:
        return None
    if len(ps) == 1 or any(d is None for _, d in ps):
        ps = [(ps[0][0], duration_s)]
    weighted = delivered = t = 0.0
    i = 0
    while t < duration_s:
        bandwidth, d = ps[i % len(ps)]
        d = min(d, duration_s - t)
        saturated = rate_hz * bytes_per_update > bandwidth
        n = d * (bandwidth / bytes_per_update if saturated else rate_hz)
        unqueued = bytes_per_update if bucket is None else max(0, bytes_per_update - bucket(bandwidth))
        link_s = unqueued / bandwidth
        weighted += n * (link_s + (0.5 / rate_hz if saturated else 0.0))
        delivered += n
        t += d
        i += 1
    return weighted / delivered * 1e3 if delivered else None
