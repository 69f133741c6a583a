"""The peer libraries beside ADAMANT's reliable transports at the same real points (docs/results.md,
the ISISlab grid on the testbed): per point the transport of NAKcast and Ricochet with the lowest
ReLate2 against each peer library (`adamant bench --peers`: NRL NORM and OpenPGM through
ant-peer-bench, the same readers, loss, rate, updates and runs, the same loss at each reader host)."""
from rows import PEERS, fmt, label, num, table

ADAMANT = ("nakcast", "ricochet")  # the study's reliable multicast transports, as ADAMANT runs them


def _key(row):
    return tuple(float(row[f]) for f in ("receivers", "loss_pct", "rate_hz"))


def _figures(row):
    if row is None:
        return "–"
    delivered = num(row, "delivery")
    return (f"{fmt(num(row, 'relate2'))} ({fmt(num(row, 'lat_p50_us'))}; "
            f"{fmt(delivered * 100 if delivered is not None else None, 2)} %)")


def compare(rows):
    """Per point with a peer row: (key, ADAMANT's lowest-ReLate2 row, {library: its row})."""
    out = []
    for key in sorted({_key(r) for r in rows if r["transport"] in PEERS}):
        here = [r for r in rows if _key(r) == key and num(r, "relate2") is not None]
        ours = [r for r in here if r["transport"] in ADAMANT]
        best = min(ours, key=lambda r: num(r, "relate2")) if ours else None
        out.append((key, best, {r["transport"]: r for r in here if r["transport"] in PEERS}))
    return out


def _load_range(loads, peers):
    means = [num(x, "load1_mean") for x in loads
             if (x["transport"] in PEERS) == peers and num(x, "load1_mean") is not None]
    return f"{min(means):.1f}–{max(means):.1f}" if means else "not recorded"


def section(rows, loads=()):
    """The comparison's table and what it shows, or "" when no peer ran; `loads`: the points' load
    lines (pointload), to say how loaded the machine was for each side."""
    points = compare(rows)
    if not points:
        return ""
    libs = [lib for lib in PEERS if any(lib in peers for _, _, peers in points)]
    lines = [[str(int(n)), f"{fmt(loss)} %", f"{fmt(rate)} Hz", label(best) if best else "–", _figures(best)]
             + [_figures(peers.get(lib)) for lib in libs] for (n, loss, rate), best, peers in points]
    judged = [(best, peers) for _, best, peers in points if best is not None and peers]
    below = sum(all(num(best, "relate2") < num(p, "relate2") for p in peers.values()) for best, peers in judged)
    text = (f"ADAMANT's lowest ReLate2 (of NAKcast and Ricochet) is below every peer library's at {below} of "
            f"{len(judged)} points. The 1-minute load average while the peers ran: {_load_range(loads, True)}; while "
            f"NAKcast and Ricochet ran: {_load_range(loads, False)}. A real point's latency measures the machine's "
            "load as well (the wake-up column above), so where the two sides ran at different loads, only a "
            "difference well beyond that counts.")
    header = ["readers", "loss", "rate", "ADAMANT's lowest ReLate2", "its ReLate2 µs (p50 µs; delivered)"] \
        + [f"{label({'transport': lib})} ReLate2 µs (p50 µs; delivered)" for lib in libs]
    return "\n\n".join(["The peer libraries at the same points, the same loss at each reader host "
                        "(`adamant bench --peers`; no prediction: the model has none):", table(header, lines), text])
