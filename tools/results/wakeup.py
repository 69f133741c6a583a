#!/usr/bin/env python3
"""How late a process that sleeps 1 ms wakes up on this machine, while real points run beside it:
the part of a real point's latency that is the machine (a reader process waiting for a core) rather
than the transport. Appends one CSV line per interval until stopped (SIGTERM, Ctrl-C):

    wakeup.py [--interval SECONDS] >> wakeup.csv

Columns: utc (the interval's end), load1 (the 1-minute load average), samples, and the lateness
beyond the 1 ms asked for, in µs: p50, p90, p99, max. Python's own overhead (tens of µs) is in the
figures, so they are an upper bound on the kernel's scheduling delay at small values.
"""
import argparse
import datetime
import os
import signal
import sys
import time

COLUMNS = ["utc", "load1", "samples", "late_p50_us", "late_p90_us", "late_p99_us", "late_max_us"]


def _at(sorted_values, q):
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--interval", type=float, default=5.0)
    ap.add_argument("--header", action="store_true", help="print the header line first")
    a = ap.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    if a.header:
        print(",".join(COLUMNS), flush=True)
    while True:
        late, end = [], time.monotonic() + a.interval
        while time.monotonic() < end:
            t0 = time.monotonic()
            time.sleep(0.001)
            late.append((time.monotonic() - t0 - 0.001) * 1e6)
        late.sort()
        utc = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        print(f"{utc},{os.getloadavg()[0]:.2f},{len(late)},{_at(late, 0.5):.0f},{_at(late, 0.9):.0f},"
              f"{_at(late, 0.99):.0f},{late[-1]:.0f}", flush=True)


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        sys.exit(0)
