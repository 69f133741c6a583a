#!/usr/bin/env python3
"""Runs the points of generated benches into one output directory (`adamant bench`; the launcher
generates and builds the benches, then calls this with one --experiment NAME=BENCH each).

Each point runs on its own (the bench's --only), --jobs points at a time: by default every core's
worth of simulator points, real points one at a time (under --wrap: a private network namespace or
a testbed, each point its own, so real points can run at once; they then share the CPU, which their
latencies measure, so each point's load line records the load and the points running beside it).
A point whose rows are already in DIR is skipped, so an interrupted run resumes where it stopped.
With --peers, each point runs again over each peer library (peer_points: ant-peer-bench), as a
transport of its own in the same files.
Writes DIR/<experiment>.csv (the rows), DIR/<experiment>.cdf.csv (latency percentiles),
DIR/load/<experiment>.csv (the machine's load while each point ran), DIR/<experiment>.summary.csv
(per point: the mean and 95 % confidence interval across runs) and DIR/runs/<time>.json (the
run's record).
Exit codes: 0 every point ran, 1 a point failed, 2 bad input, 130 interrupted.
"""
import argparse
import concurrent.futures
import csv
import io
import os
import shutil
import signal
import sys

import opendds_points
import peer_points
import points as pointlib
import record
import summary
from progress import Progress, headline
from runner import Children, PointFailed, run_point
from slots import Slots, opendds_bench
from store import Store


def parse_args(argv):
    p = argparse.ArgumentParser(prog="adamant bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--experiment", action="append", required=True, metavar="NAME=BENCH",
                   help="an experiment and its built bench program")
    p.add_argument("--mode", choices=("sim", "real"), default="sim")
    p.add_argument("--out", required=True, help="output directory (resumed when it holds results)")
    p.add_argument("--jobs", type=int, help="points at once (default: sim every core, real 1)")
    p.add_argument("--points", default="", help="FIELD=VALUE[|VALUE...] terms joined by ','")
    p.add_argument("--wrap", default="", help="real mode: the command each point runs under; {slot} and "
                   "{jobs} in it become the point's slot (0 to jobs-1) and the number of slots")
    p.add_argument("--model", help="the model file (its hash goes into the run's record)")
    p.add_argument("--target", choices=("native", "opendds"), default="native")
    p.add_argument("--step", action="append", default=[], help="a command that prepared the run (recorded)")
    p.add_argument("--bench-arg", action="append", default=[], metavar="ARG",
                   help="an option for every bench command, listing and points (e.g. --updates 500)")
    p.add_argument("--peers", default="", metavar="LIB[,LIB...]",
                   help="real: each point also over these peer libraries (norm, pgm) through --peer-bench")
    p.add_argument("--peer-bench", metavar="PROGRAM", help="ant-peer-bench, for --peers")
    args = p.parse_args(argv)
    try:
        args.peers = peer_points.parse(args.peers)
    except peer_points.BadPeers as e:
        p.error(str(e))
    if args.peers and args.mode != "real":
        p.error("--peers runs real processes only (--mode real): the simulator has no peer library")
    if args.peers and args.target != "native":
        p.error("--peers runs beside the native benches (--target native)")
    if args.peers and not (args.peer_bench and os.access(args.peer_bench, os.X_OK)):
        p.error("--peers needs --peer-bench, the built ant-peer-bench")
    if args.jobs is None:
        args.jobs = (os.cpu_count() or 1) if args.mode == "sim" else 1
    if args.jobs < 1:
        p.error("--jobs takes 1 or more")
    if args.mode == "real" and args.jobs > 1 and not args.wrap:
        p.error("real points at once need a --wrap that gives each its own network namespace")
    return args


def main(argv):
    args = parse_args(argv)
    try:
        terms = pointlib.parse_filter(args.points)
    except pointlib.BadFilter as e:
        print(f"adamant bench: error: {e}", file=sys.stderr)
        return 2
    benches = []
    for item in args.experiment:
        name, eq, bench = item.partition("=")
        if not eq or not os.access(bench, os.X_OK):
            print(f"adamant bench: error: --experiment {item}: no bench program", file=sys.stderr)
            return 2
        benches.append((name, os.path.abspath(bench)))

    args.out = os.path.abspath(args.out)  # an OpenDDS point runs in its bench's directory
    store = Store(args.out)
    scratch = os.path.join(args.out, ".scratch")
    logs = os.path.join(args.out, "logs")
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(scratch)
    os.makedirs(logs, exist_ok=True)

    opendds = args.target == "opendds"
    if opendds and args.mode != "real":
        print("adamant bench: error: --target opendds runs real processes only (--mode real)", file=sys.stderr)
        return 2
    key_of = opendds_points.key if opendds else pointlib.key
    lacking = peer_points.missing(args.peer_bench, args.peers) if args.peers else []
    if lacking:
        print(f"adamant bench: error: {args.peer_bench} was built without {', '.join(lacking)} (its library was "
              "not found when the runtime was built; --list-libraries shows what it has)", file=sys.stderr)
        return 2
    todo, skipped, chosen = [], 0, 0
    for name, bench in benches:
        store.drop_orphan_percentiles(name)
        done = store.done(name, key_of)
        listed = opendds_points.list_points(bench, args.bench_arg) if opendds \
            else pointlib.list_points(bench, args.mode, args.bench_arg)
        try:
            peers = peer_points.list_points(args.peer_bench, args.peers, listed, name) if args.peers else []
        except peer_points.BadPeers as e:
            print(f"adamant bench: error: --peers: {e}", file=sys.stderr)
            return 2
        for point in listed + peers:
            if not pointlib.matches(terms, point):
                continue
            chosen += 1
            if key_of(name, point) in done:
                skipped += 1
            else:
                todo.append((name, args.peer_bench if "peer_library" in point else bench, point))
    if chosen == 0:
        print("adamant bench: error: no point matches --points", file=sys.stderr)
        return 2

    wrap = args.wrap.split() if args.mode == "real" and args.wrap else []
    jobs = min(args.jobs, max(len(todo), 1))
    slots = Slots(jobs)
    run = {
        "started": record.now(), "model": args.model, "model_sha256": record.sha256(args.model) if args.model else None,
        "target": args.target, "mode": args.mode, "jobs": jobs, "points_filter": args.points, "bench_args": args.bench_arg,
        "experiments": {name: bench for name, bench in benches}, "steps": args.step,
        "peers": args.peers, "peer_bench": args.peer_bench if args.peers else None,
        "points_chosen": chosen, "points_skipped": skipped, "machine": record.machine(_root()),
        "commands": [], "failed": [],
    }
    children = Children()
    signal.signal(signal.SIGTERM, _interrupted)
    progress = Progress(len(todo), skipped)
    status = 0
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=jobs)

    def in_slot(bench, point):
        k = slots.take()
        try:
            b = opendds_bench(bench, k, jobs) if opendds else bench
            return run_point(b, args.mode, point, scratch, children, slots.wrap(wrap, k), args.bench_arg, logs,
                             args.target, slots.running)
        finally:
            slots.give_back(k)

    try:
        futures = {pool.submit(in_slot, bench, point): (name, point) for name, bench, point in todo}
        for future in concurrent.futures.as_completed(futures):
            name, point = futures[future]
            try:
                results, cdf, timeline, cmd, load = future.result()
            except PointFailed as e:
                run["failed"].append(str(e))
                print(f"\nadamant bench: {e}", file=sys.stderr)
                status = 1
                continue
            store.add(name, results, cdf, timeline)
            store.add_load(name, load)
            run["commands"].append(cmd)
            first = next(csv.DictReader(io.StringIO(results)), None)
            progress.point_done(headline(first) if first else "")
    except KeyboardInterrupt:
        children.stop_all()
        pool.shutdown(wait=True, cancel_futures=True)
        print("\nadamant bench: interrupted; the points that finished are kept (run again to resume)",
              file=sys.stderr)
        run["interrupted"] = True
        status = 130
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        shutil.rmtree(scratch, ignore_errors=True)
        for name, _ in benches:
            _write_summary(store, name)
        run["finished"] = record.now()
        run["seconds"] = round(progress.finish(), 1)
        path = record.write(args.out, run)
    print(f"adamant bench: {len(run['commands'])} point(s) run, {skipped} skipped, {len(run['failed'])} failed "
          f"in {run['seconds']} s; results in {args.out} (record: {path})", file=sys.stderr)
    return status


def _interrupted(signum, frame):
    raise KeyboardInterrupt  # SIGTERM stops a run as Ctrl-C does: finished points kept, record written


def _write_summary(store, name):
    path = store.results_path(name)
    if not os.path.exists(path):
        return
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    text = summary.to_csv(summary.summarize(rows))
    tmp = os.path.join(store.dir, f".{name}.summary.csv.tmp")
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, os.path.join(store.dir, name + ".summary.csv"))


def _root():
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
