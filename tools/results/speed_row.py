#!/usr/bin/env python3
"""Prints one docs/results/isislab_speed.csv row for the ISISlab run that just ended: the points the
bench simulated and its simulation seconds (from the bench's newest run record in OUT/runs; generate
and build excluded) beside the run's wall and CPU seconds and the machine's load (the last row of
runs.csv, which make-results.sh's `timed` wrote).

    speed_row.py RUNS_CSV OUT_DIR [--header]
"""
import csv
import glob
import json
import os
import sys

COLUMNS = ["finished_utc", "command", "jobs", "points_run", "points_skipped", "points_failed", "sim_s",
           "wall_s", "cpu_s", "load_before", "load_after"]


def main(argv):
    runs_csv, out_dir = argv[0], argv[1]
    w = csv.writer(sys.stdout, lineterminator="\n")
    if "--header" in argv:
        w.writerow(COLUMNS)
    with open(runs_csv, newline="") as f:
        run = list(csv.DictReader(f))[-1]
    records = sorted(glob.glob(os.path.join(out_dir, "runs", "*.json")), key=os.path.getmtime)
    if not records:
        print(f"speed_row: no run record in {out_dir}/runs", file=sys.stderr)
        return 1
    with open(records[-1]) as f:
        rec = json.load(f)
    w.writerow([run["finished_utc"], run["command"], rec["jobs"], len(rec["commands"]), rec["points_skipped"],
                len(rec["failed"]), rec["seconds"], run["wall_s"], run["cpu_s"], run["load_before"], run["load_after"]])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
