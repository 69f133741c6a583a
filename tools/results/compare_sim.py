#!/usr/bin/env python3
"""Compares two builds of one generated bench in the simulator, point by point: the CPU seconds
(user + system, the least of --repeat runs: the machine may be shared) and whether both write the
same results row for the point's seed. Prints CSV (docs/results/sim_speedup.csv).

    compare_sim.py BEFORE_BENCH AFTER_BENCH --points I,J,... [--repeat N]
"""
import argparse
import csv
import filecmp
import os
import resource
import subprocess
import sys
import tempfile


def run(bench, index, csv_path, extra=()):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([bench, "--mode", "sim", "--only", str(index), "--csv", csv_path, *extra], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--points", required=True)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args(argv)
    listing = subprocess.run([a.before, "--mode", "sim", "--list-points"], check=True, capture_output=True, text=True)
    points = {row["index"]: row for row in csv.DictReader(listing.stdout.splitlines())}
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["index", "transport", "transport_params", "receivers", "loss_pct", "rate_hz", "updates",
                  "cpu_s_before", "cpu_s_after", "same_row"])
    with tempfile.TemporaryDirectory() as tmp:
        for index in a.points.split(","):
            cpu, paths = {}, {}
            for name, bench in (("before", a.before), ("after", a.after)):
                paths[name] = os.path.join(tmp, f"{name}-{index}.csv")
                cpu[name] = min(run(bench, index, paths[name] if k == 0 else os.devnull) for k in range(a.repeat))
            p = points[index]
            out.writerow([index, p["transport"], p["transport_params"], p["receivers"], p["loss_pct"], p["rate_hz"],
                          p["updates"], f"{cpu['before']:.2f}", f"{cpu['after']:.2f}",
                          "yes" if filecmp.cmp(paths["before"], paths["after"], shallow=False) else "no"])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
