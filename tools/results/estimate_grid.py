#!/usr/bin/env python3
"""Estimates the CPU time of a whole simulator grid from a stratified sample, for when the machine
is too busy to run it all: one point per (transport, parameters, readers) stratum at the grid's
middle loss and rate, timed (user + system seconds, the least of --repeat runs) and weighted by the
stratum's size. Prints CSV (docs/results/grid_estimate.csv): one row per sampled point.

    estimate_grid.py BENCH [--repeat N]
"""
import argparse
import csv
import os
import subprocess
import sys
from collections import defaultdict

from compare_sim import run as cpu_of  # one point's CPU seconds


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("bench")
    ap.add_argument("--repeat", type=int, default=1)
    a = ap.parse_args(argv)
    listing = subprocess.run([a.bench, "--mode", "sim", "--list-points"], check=True, capture_output=True, text=True)
    points = list(csv.DictReader(listing.stdout.splitlines()))
    strata = defaultdict(list)
    for p in points:
        strata[(p["transport"], p["transport_params"], p["receivers"])].append(p)
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["transport", "transport_params", "receivers", "loss_pct", "rate_hz", "stratum_points", "cpu_s"])
    for (transport, params, receivers), members in strata.items():
        losses = sorted({float(m["loss_pct"]) for m in members})
        rates = sorted({float(m["rate_hz"]) for m in members})
        loss, rate = losses[len(losses) // 2], rates[len(rates) // 2]
        pick = next(m for m in members if float(m["loss_pct"]) == loss and float(m["rate_hz"]) == rate)
        cpu = min(cpu_of(a.bench, pick["index"], os.devnull) for _ in range(a.repeat))
        out.writerow([transport, params, receivers, pick["loss_pct"], pick["rate_hz"], len(members), f"{cpu:.2f}"])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
