#!/usr/bin/env python3
"""The Mockets experiments' rows for docs/results/ (make-results.sh): each experiment's results CSV
(replace, as the model binds it), its .fifo.csv (the same bench over the runtime's fifo) and, when
present, its .tcp.csv (ant-peer-bench's kernel TCP), one row per experiment, transport and stream.

    blueforce_rows.py BENCH_DIR > blueforce_sim.csv
"""
import csv
import os
import sys

EXPERIMENTS = ("bf1_low_bandwidth", "bf2_two_streams", "bf3_priorities", "bf4_fluctuating_link")
COLUMNS = ("experiment", "transport", "stream", "runs", "rate_hz", "sent", "received", "replaced",
           "delivery_or_replaced", "lat_mean_us", "lat_p50_us", "lat_p99_us", "link_bandwidth")


def rows_of(path):
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def main(argv):
    if len(argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(COLUMNS)
    for x in EXPERIMENTS:
        for path in (os.path.join(argv[1], x + suffix) for suffix in (".csv", ".fifo.csv", ".tcp.csv")):
            groups = {}
            for r in rows_of(path):
                groups.setdefault((r["transport"], r.get("stream", "")), []).append(r)
            for (transport, stream), rs in groups.items():
                def mean(col):
                    values = [float(r[col]) for r in rs if r.get(col) not in (None, "")]
                    return round(sum(values) / len(values), 3) if values else ""
                out.writerow([x, transport, stream, len(rs), mean("rate_hz"), mean("sent"), mean("received"), mean("replaced"),
                              mean("delivery_or_replaced"), mean("lat_mean_us"), mean("lat_p50_us"),
                              mean("lat_p99_us"), rs[0].get("link_bandwidth", "")])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
