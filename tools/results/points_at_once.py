#!/usr/bin/env python3
"""Runs an experiment's real points side by side: one `adamant bench` driver
(tools/bench/adamant_bench.py) per point, each into DIR/points/<point>/, then merges their rows,
latency percentiles and load lines into DIR as one driver would have written them (with
DIR/<experiment>.summary.csv). A real point at 25-50 Hz mostly waits (20,000 updates at 25 Hz last
800 s), so a grid's points run at once; on the testbed each point has its own namespaces (named
after its driver's process id), so they do not meet. Each point's DIR/load/ line says how loaded
the machine was while it ran. A point already in its directory is skipped (resumable).

  points_at_once.py --out DIR --experiment NAME=BENCH [--target native|opendds] [--points FILTER]
                    [--updates N] -- DRIVER_OPTION...

DRIVER_OPTION: the driver's other options, given to every point (--mode real, --wrap, --model).
An OpenDDS point runs in its bench's directory (its DCPSInfoRepo writes repo.ior there), so each
OpenDDS point gets a directory of its own whose entries link to the bench's.
Exit codes: 0 every point ran, 1 a point failed (the others are merged), 2 bad input.
"""
import argparse
import csv
import io
import os
import re
import subprocess
import sys

BENCH_TOOLS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench")
sys.path.insert(0, BENCH_TOOLS)
import opendds_points  # noqa: E402
import points as pointlib  # noqa: E402
import summary  # noqa: E402
from store import Store  # noqa: E402


def point_filter(point):
    """The --points filter that selects exactly this point (its key fields that have a value)."""
    return ",".join(f"{f}={point[f]}" for f in pointlib.KEY_FIELDS if point.get(f))


def slug(point):
    return re.sub(r"[^A-Za-z0-9.=-]+", "_", "-".join(point[f] for f in pointlib.KEY_FIELDS if point.get(f)))


def own_bench_dir(bench, where):
    """A directory whose entries link to those of the bench's (what it writes lands here)."""
    os.makedirs(where, exist_ok=True)
    src = os.path.dirname(bench)
    for entry in os.listdir(src):
        if entry in ("repo.ior", "inforepo.out") or os.path.lexists(os.path.join(where, entry)):
            continue
        os.symlink(os.path.join(src, entry), os.path.join(where, entry))
    return os.path.join(where, os.path.basename(bench))


def merge(out, name, point_dirs):
    """Adds each point directory's rows to DIR's (those not there yet) and writes the summary."""
    store = Store(out)
    done = store.done(name, pointlib.key)
    for d in point_dirs:
        part = Store(d)
        path = part.results_path(name)
        if not os.path.exists(path):
            continue
        with open(path) as f:
            results = f.read()
        rows = list(csv.DictReader(io.StringIO(results)))
        if not rows or pointlib.key(name, rows[0]) in done:
            continue
        texts = []
        for p in (part.cdf_path(name), part.load_path(name)):
            texts.append(open(p).read() if os.path.exists(p) else "")
        store.add(name, results, texts[0])
        if texts[1]:
            store.add_load(name, texts[1])
    path = store.results_path(name)
    if os.path.exists(path):
        with open(path, newline="") as f:
            text = summary.to_csv(summary.summarize(list(csv.DictReader(f))))
        with open(os.path.join(out, name + ".summary.csv"), "w") as f:
            f.write(text)


def main(argv):
    p = argparse.ArgumentParser(prog="points_at_once", description=__doc__.split("\n\n")[0])
    p.add_argument("--out", required=True)
    p.add_argument("--experiment", required=True, metavar="NAME=BENCH")
    p.add_argument("--target", choices=("native", "opendds"), default="native")
    p.add_argument("--points", default="")
    p.add_argument("--updates", type=int)
    p.add_argument("driver", nargs=argparse.REMAINDER)
    args = p.parse_args(argv)
    name, _, bench = args.experiment.partition("=")
    bench = os.path.abspath(bench)
    if not os.access(bench, os.X_OK):
        p.error(f"--experiment {args.experiment}: no bench program")
    driver = args.driver[1:] if args.driver[:1] == ["--"] else args.driver
    extra = ["--updates", str(args.updates)] if args.updates else []
    try:
        terms = pointlib.parse_filter(args.points)
    except pointlib.BadFilter as e:
        p.error(str(e))
    opendds = args.target == "opendds"
    listed = opendds_points.list_points(bench, extra) if opendds else pointlib.list_points(bench, "real", extra)
    chosen = [pt for pt in listed if pointlib.matches(terms, pt)]
    if not chosen:
        p.error("no point matches --points")
    out = os.path.abspath(args.out)
    procs = []
    for pt in chosen:
        d = os.path.join(out, "points", slug(pt))
        os.makedirs(d, exist_ok=True)
        b = own_bench_dir(bench, os.path.join(d, "bench")) if opendds else bench
        cmd = [sys.executable, os.path.join(BENCH_TOOLS, "adamant_bench.py"), "--experiment", f"{name}={b}",
               "--target", args.target, "--out", d, "--points", point_filter(pt)]
        cmd += [f"--bench-arg={a}" for a in extra] + driver
        with open(os.path.join(d, "driver.log"), "a") as log:
            procs.append((pt, d, subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=log, stderr=log)))
    print(f"points_at_once: {len(procs)} point(s) of {name} started, each into {out}/points/", file=sys.stderr)
    status = 0
    try:
        for pt, d, proc in procs:
            rc = proc.wait()
            print(f"points_at_once: {slug(pt)}: exit {rc}", file=sys.stderr)
            status = status or (1 if rc else 0)
    except KeyboardInterrupt:
        for _, _, proc in procs:
            proc.terminate()  # each driver keeps the points it finished and removes its testbed
        for _, _, proc in procs:
            proc.wait()
        status = 130
    merge(out, name, [d for _, d, _ in procs])
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
