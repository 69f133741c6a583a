#!/usr/bin/env python3
"""Estimates the CPU time of a whole simulator grid from a stratified sample, for when the machine
is too busy to run it all: one point per (transport, parameters, readers, rate) stratum at the grid's
middle loss and first run, timed (user + system seconds, the least of --repeat runs) and weighted by
the stratum's size. The rate is a stratum of its own because a point's cost follows its virtual time
(updates / rate: the idle writer's heartbeats reach every reader), so a 10 Hz point costs several
times a 100 Hz one; the loss and the run change it little. Prints CSV (docs/results/grid_estimate.csv):
one row per sampled point; --total adds the projection to standard error.

    estimate_grid.py BENCH [--repeat N] [--updates N] [--total]

--updates times each sample with fewer updates and scales its CPU time to the point's own updates
(cost grows with virtual time, so linearly), for a quick look; the default times whole points.
"""
import argparse
import csv
import os
import subprocess
import sys
from collections import defaultdict

from compare_sim import run as cpu_of  # one point's CPU seconds


def strata(points):
    """The grid's points by (transport, parameters, readers, rate)."""
    out = defaultdict(list)
    for p in points:
        out[(p["transport"], p["transport_params"], p["receivers"], p["rate_hz"])].append(p)
    return out


def sample(members):
    """The stratum's point at its middle loss, first run."""
    losses = sorted({float(m["loss_pct"]) for m in members})
    loss = losses[len(losses) // 2]
    return min((m for m in members if float(m["loss_pct"]) == loss), key=lambda m: int(m["run"]))


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("bench")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--updates", type=int, default=0, help="time each sample with this many updates, then scale")
    ap.add_argument("--total", action="store_true", help="print the projected grid CPU seconds to stderr")
    a = ap.parse_args(argv)
    listing = subprocess.run([a.bench, "--mode", "sim", "--list-points"], check=True, capture_output=True, text=True)
    points = list(csv.DictReader(listing.stdout.splitlines()))
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["transport", "transport_params", "receivers", "loss_pct", "rate_hz", "stratum_points", "cpu_s"])
    total = 0.0
    for (transport, params, receivers, rate), members in strata(points).items():
        pick = sample(members)
        extra, scale = [], 1.0
        if a.updates > 0 and a.updates < int(pick["updates"]):
            extra, scale = ["--updates", str(a.updates)], int(pick["updates"]) / a.updates
        cpu = scale * min(cpu_of(a.bench, pick["index"], os.devnull, extra) for _ in range(a.repeat))
        total += cpu * len(members)
        out.writerow([transport, params, receivers, pick["loss_pct"], rate, len(members), f"{cpu:.2f}"])
        sys.stdout.flush()
    if a.total:
        print(f"estimate_grid: {len(points)} points, ≈ {total:,.0f} CPU s, ≈ {total / 2 / 60:.1f} min on 2 cores",
              file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
