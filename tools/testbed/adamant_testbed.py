#!/usr/bin/python3
"""Runs real bench processes on a testbed (docs/testbed.md): the writer on the writer host, each
reader on a reader host, end-host loss by nftables at each reader host (--loss-at host).

  adamant_testbed.py run [--testbed FILE] [--loss-at process|host] [--counters FILE] [--slot K/N]
                        -- BENCH ARG...
      one point of BENCH (ant-bench, a generated bench or ant-peer-bench: any bench that takes
      --list-points, --iface, --loss-at and --reader-host; its ARGs select one point, e.g. --only 3)
      on FILE's testbed, or on the point's own (1 writer + its readers on one switch, in
      namespaces, each host link delayed by a delay node so that host to host takes the round
      trip the model states: BENCH --stated-link); the testbed is made before and removed
      after, also on error or Ctrl-C;
      --slot K/N: the point is slot K of N points running at once (`adamant bench --jobs N`), its
      testbed's addresses moved to a block of their own (testbed_file.in_slot)
  adamant_testbed.py exec --testbed FILE --on HOST [--on-each CMD] -- CMD...
      CMD on one host of a namespaces testbed; --on-each starts CMD (its {address} and {name}
      replaced) on every other host for as long (e.g. sshd, to drive an ssh testbed from HOST)
  adamant_testbed.py show [--testbed FILE | --receivers N] [--slot K/N]
      the testbed as JSON, checked (with --slot: as slot K of N runs it)
Debian's python3 runs it (Mininet is a Debian package). Exit codes: the bench's; 2 bad input."""
import argparse
import csv
import io
import json
import os
import signal
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import testbed_file  # noqa: E402


def realise(tb, base_dir):
    if tb.realisation == "ssh":
        import sshhosts
        return sshhosts.SshHosts(tb, testbed_file.key_path(tb, base_dir))
    import netns
    return netns.Namespaces(tb)


def _stop(proc):
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _interrupted(signum, frame):
    raise KeyboardInterrupt  # SIGTERM tears the testbed down as Ctrl-C does


def _slot(text):
    k, _, n = text.partition("/")
    if not (k.isdigit() and n.isdigit()):
        raise argparse.ArgumentTypeError(f"K/N with whole numbers, not {text!r}")
    return int(k), int(n)


def list_point(bench_argv):
    out = subprocess.run(bench_argv + ["--list-points"], capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"adamant testbed: listing the points failed: {out.stderr.strip()}")
    points = list(csv.DictReader(io.StringIO(out.stdout)))
    if len(points) != 1:
        raise SystemExit(f"adamant testbed: the bench's options select {len(points)} points: select one (--only INDEX)")
    return points[0]


def stated_link_delay_us(bench_argv):
    """The one-way delay of each host link that gives the model's round trip between two hosts
    (two links each way): a generated bench states its environment's link (`--stated-link`), whose
    --delay-us is the simulator's one-way delay, half the round trip; so a quarter of the round
    trip each. None when the bench states no delay (or is not a generated bench)."""
    try:
        out = subprocess.run([bench_argv[0], "--stated-link"], capture_output=True, text=True, timeout=30)
    except OSError:
        return None
    if out.returncode != 0:
        return None
    for line in out.stdout.splitlines():
        name, _, value = line.partition(" ")
        if name == "--delay-us" and value.isdigit():
            return round(int(value) / 2)
    return None


def _option(argv, name):
    return next((argv[i + 1] for i in range(len(argv) - 1) if argv[i] == name), None)


def _count_rows(path):
    if not path or not os.path.exists(path):
        return 0
    with open(path, newline="") as f:
        return max(0, sum(1 for _ in csv.reader(f)) - 1)


def path_delay_us(tb):
    """The one-way delay from the writer to the first reader host (its two links' delay nodes), the
    simulator's link_delay_us; None when neither link is delayed."""
    links = (tb.writer().link, tb.readers()[0].link)
    return None if all(l.delay_us is None for l in links) else sum(l.delay_us or 0 for l in links)


def record_links(path, before, tb):
    """The link columns of the rows the point appended: the writer's shaped link, the path's delay."""
    link, delay = tb.writer().link, path_delay_us(tb)
    if not path or not os.path.exists(path) or not (link.bandwidth or link.queue_packets or delay is not None):
        return
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    head = rows[0]
    bw, q, d = head.index("link_bandwidth"), head.index("link_queue_packets"), head.index("link_delay_us")
    for row in rows[1 + before:]:
        row[bw] = link.label()
        row[q] = str(link.queue_packets) if link.queue_packets else ""
        row[d] = str(delay) if delay is not None else ""
    tmp = path + ".tmp"
    with open(tmp, "w", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows(rows)
    os.replace(tmp, path)


def _delays(tb):
    """The delayed links for the run's log line: '; link delay 50 us each way (w, r0, ...)'."""
    delayed = {}
    for h in tb.hosts:
        if h.link.delay_us is not None:
            delayed.setdefault(h.link.delay_us, []).append(h.name)
    return "".join(f"; link delay {us} us each way ({', '.join(names)})" for us, names in sorted(delayed.items()))


def cmd_run(args):
    bench_argv = args.command
    point = list_point(bench_argv)
    receivers, loss = int(point["receivers"]), float(point["loss_pct"])
    if args.testbed:
        tb = testbed_file.load(args.testbed)
    else:
        tb = testbed_file.default(receivers, testbed_file.Link(delay_us=stated_link_delay_us(bench_argv)))
    tb = testbed_file.in_slot(tb, *args.slot)
    base_dir = os.path.dirname(os.path.abspath(args.testbed)) if args.testbed else os.getcwd()
    writer, readers = tb.writer(), tb.readers()
    csv_path = _option(bench_argv, "--csv")
    before = _count_rows(csv_path)
    signal.signal(signal.SIGTERM, _interrupted)
    counters, status = {}, 1
    with realise(tb, base_dir) as hosts:
        for h in readers:  # 0 % still counts what arrived
            h_loss = (h.loss_pct if h.loss_pct is not None else loss) if args.loss_at == "host" else 0.0
            hosts.set_loss(h, h_loss)
        argv = bench_argv + ["--iface", writer.address, "--loss-at", args.loss_at]
        for h in readers:
            argv += ["--reader-host", " ".join([h.address] + hosts.launcher(h))]
        print(f"adamant testbed: {tb.realisation} ({hosts.name}): writer {writer.name} {writer.address}, readers "
              + ", ".join(f"{h.name} {h.address}" for h in readers) + f"; loss at {args.loss_at}" + _delays(tb),
              file=sys.stderr)
        hosts.start_schedules()  # a changing link's phases count from the writer's start
        proc = hosts.popen(writer, argv, stdin=subprocess.DEVNULL)
        try:
            status = proc.wait()
            hosts.stop_schedules()
        finally:
            _stop(proc)
            for h in readers:
                arrived, dropped = hosts.counters(h)
                counters[h.name] = {"address": h.address, "udp_in": arrived, "dropped": dropped}
                share = f" ({100 * dropped / arrived:.2f} %)" if arrived else ""
                print(f"adamant testbed: {h.name} {h.address}: {arrived} UDP datagrams and TCP segments in, {dropped} dropped{share}",
                      file=sys.stderr)
    if tb.realisation == "namespaces":
        record_links(csv_path, before, tb)
    if args.counters:
        with open(args.counters, "w") as f:
            json.dump({"testbed": testbed_file.describe(tb), "loss_at": args.loss_at, "point": point,
                       "readers": counters}, f, indent=1)
    return status


def cmd_exec(args):
    tb = testbed_file.load(args.testbed)
    if tb.realisation != "namespaces":
        raise SystemExit("adamant testbed: exec runs on a namespaces testbed")
    by_name = {h.name: h for h in tb.hosts}
    if args.on not in by_name:
        raise SystemExit(f"adamant testbed: --on {args.on}: no such host (hosts: {', '.join(by_name)})")
    signal.signal(signal.SIGTERM, _interrupted)
    with realise(tb, os.path.dirname(os.path.abspath(args.testbed))) as hosts:
        for h in tb.hosts:
            if h.name != args.on and args.on_each:
                hosts.start_service(h, [w.format(address=h.address, name=h.name) for w in args.on_each.split()])
        print(f"adamant testbed: namespaces ({hosts.name}): on {args.on}: {' '.join(args.command)}" + _delays(tb), file=sys.stderr)
        hosts.start_schedules()
        proc = hosts.popen(by_name[args.on], args.command)
        try:
            status = proc.wait()
            hosts.stop_schedules()
            return status
        finally:
            _stop(proc)


def cmd_show(args):
    tb = testbed_file.load(args.testbed) if args.testbed else testbed_file.default(args.receivers)
    tb = testbed_file.in_slot(tb, *args.slot)
    print(json.dumps(testbed_file.describe(tb), indent=1))
    return 0


def main(argv):
    p = argparse.ArgumentParser(prog="adamant testbed", description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="verb", required=True)
    r = sub.add_parser("run")
    r.add_argument("--testbed", help="the testbed file (default: the point's own, in namespaces)")
    r.add_argument("--loss-at", choices=("process", "host"), default="host")
    r.add_argument("--counters", help="write each reader host's nftables counters here (JSON)")
    r.add_argument("--slot", type=_slot, default=(0, 1), metavar="K/N",
                   help="slot K (0 to N-1) of N points running at once: addresses of its own")
    r.add_argument("command", nargs=argparse.REMAINDER)
    e = sub.add_parser("exec")
    e.add_argument("--testbed", required=True)
    e.add_argument("--on", required=True, help="the host that runs the command")
    e.add_argument("--on-each", default="", help="a command started on every other host")
    e.add_argument("command", nargs=argparse.REMAINDER)
    s = sub.add_parser("show")
    s.add_argument("--testbed")
    s.add_argument("--receivers", type=int, default=3)
    s.add_argument("--slot", type=_slot, default=(0, 1), metavar="K/N")
    args = p.parse_args(argv)
    if hasattr(args, "command"):
        args.command = args.command[1:] if args.command[:1] == ["--"] else args.command
        if not args.command:
            p.error("give the command after --")
    try:
        return {"run": cmd_run, "exec": cmd_exec, "show": cmd_show}[args.verb](args)
    except testbed_file.BadTestbed as e:
        print(f"adamant testbed: {e}", file=sys.stderr)
        return 2
    except RuntimeError as e:
        print(f"adamant testbed: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("adamant testbed: interrupted; the testbed is removed", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
