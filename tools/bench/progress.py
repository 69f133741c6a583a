"""The progress line of `adamant bench`: points done of the total, the time left at the pace so
far, and the last point's headline figures. Redrawn in place on a terminal, one line per point
otherwise (logs, CI)."""
import sys
import time


def _duration(seconds):
    seconds = int(round(seconds))
    if seconds >= 3600:
        return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"
    if seconds >= 60:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds}s"


def headline(row):
    """'nakcast 3 rcv 1 % 100 Hz: latency 2.41 ms, delivery 100.00 %, ReLate2 2.41 ms' from a results row."""
    def ms(us):
        return f"{float(us) / 1000:.3g} ms"
    params = f" ({row['transport_params']})" if row.get("transport_params") else ""
    return (f"{row['transport']}{params} {row['receivers']} rcv {row['loss_pct']} % {row['rate_hz']} Hz run {row['run']}: "
            f"latency {ms(row['lat_mean_us'])}, delivery {float(row['delivery']) * 100:.2f} %, "
            f"ReLate2 {ms(row['relate2'])}")


class Progress:
    WIDTH = 24

    def __init__(self, total, skipped, stream=sys.stderr):
        self.total, self.done, self.stream = total, 0, stream
        self.started = time.monotonic()
        self.tty = stream.isatty()
        if skipped:
            print(f"adamant bench: {skipped} point(s) already in the output, skipped", file=stream)

    def line(self, last):
        elapsed = time.monotonic() - self.started
        eta = elapsed / self.done * (self.total - self.done) if self.done else None
        filled = self.WIDTH * self.done // max(self.total, 1)
        bar = "#" * filled + "." * (self.WIDTH - filled)
        text = f"[{bar}] {self.done}/{self.total} points, ETA {_duration(eta) if eta is not None else '?'}"
        return text + (f" | {last}" if last else "")

    def point_done(self, last):
        self.done += 1
        if self.tty:
            self.stream.write("\r\x1b[K" + self.line(last)[: 200])
            if self.done == self.total:
                self.stream.write("\n")
        else:
            self.stream.write(self.line(last) + "\n")
        self.stream.flush()

    def finish(self):
        return time.monotonic() - self.started
