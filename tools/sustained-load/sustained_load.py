#!/usr/bin/env python3
"""Sustained load on real processes (a benchmark, not a CI test).

For each transport: ant-bench in real mode (1 writer + RECEIVERS reader processes, UDP multicast
inside a network namespace of its own, runtime/tools/adamant-netns) at RATE Hz with LOSS % loss at
every reader for DURATION seconds. Each second it samples every process's RSS (/proc/PID/status)
and reads the engines' state sizes from the bench's --stats-file, until the writer has published
its last update (then the harness gathers every reader's latency log, which is the bench's own
bookkeeping). At the end it prints, per process, the first / last / max RSS and state, and their
least-squares slopes after the warm-up. Flat: the RSS slope is below one byte per update (and
below --rss-flat KiB/min at low rates, whichever is larger), and the state's drift over the run
(slope x minutes) is below a tenth of its largest value (at least --state-flat entries).

    sustained_load.py --bench BUILD/ant-bench --transport nakcast --rate 2000 [--duration 600]
    sustained_load.py --bench BUILD/ant-bench --transport fifo --find-rate 500,1000,2000,5000

--find-rate runs each rate for --probe seconds and keeps the highest at which every reader
received every update, the writer published them within --slack seconds of their span (it kept
its schedule) and the latency p99 stayed under --p99-ms.
"""
import argparse
import csv
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NETNS = ROOT / "runtime" / "tools" / "adamant-netns"


def rss_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def bench_cmd(a, transport, rate, updates, csv_path, stats_path):
    cmd = [str(NETNS), a.bench, "--mode", "real", "--transport", transport, "--receivers", str(a.receivers),
           "--loss", str(a.loss), "--rate", str(rate), "--updates", str(updates), "--payload", str(a.payload),
           "--csv", str(csv_path), "--stats-file", str(stats_path)]
    return cmd + a.extra.get(transport, [])


def run(a, transport, rate, seconds, out):
    """Runs one point; returns (exit code, csv row, samples {(role, index): [(t, rss_kib, state)]},
    command, seconds the writer took from its first update to its last)."""
    tag = f"{transport}-{rate}-{seconds}s"
    csv_path, stats_path, log_path = out / f"{tag}.csv", out / f"{tag}.stats", out / f"{tag}.log"
    for p in (csv_path, stats_path):
        p.unlink(missing_ok=True)
    cmd = bench_cmd(a, transport, rate, int(rate * seconds), csv_path, stats_path)
    samples, pids, state, offset, published, span = {}, {}, {}, 0, 0, [None, None]
    t0 = time.monotonic()
    with open(log_path, "w") as log:
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
        while True:
            done = proc.poll() is not None
            if stats_path.exists():
                with open(stats_path) as f:
                    f.seek(offset)
                    chunk = f.read()
                    offset += len(chunk.encode()) - len(chunk.rsplit("\n", 1)[-1].encode())
                for line in chunk.split("\n")[:-1]:
                    ms, role, index, pid, entries, count = line.split()
                    pids[(role, int(index))] = int(pid)
                    state[(role, int(index))] = int(entries)
                    if role == "writer":
                        published = int(count)
                        span[0] = span[0] or int(ms)  # its first update
                        if published >= int(rate * seconds) and span[1] is None:
                            span[1] = int(ms)  # its last update (within the 1 s between lines)
            done = done or published >= int(rate * seconds)
            t = time.monotonic() - t0
            for who, pid in pids.items():
                kib = rss_kib(pid)
                if kib is not None and not done:
                    samples.setdefault(who, []).append((t, kib, state.get(who, 0)))
            if done:
                break
            time.sleep(1.0)
        proc.wait()
    with open(out / f"{tag}.samples", "w") as f:  # every sample, for plotting: t role index rss_kib state
        for (role, index), pts in sorted(samples.items()):
            f.writelines(f"{t:.1f} {role} {index} {kib} {st}\n" for t, kib, st in pts)
    row = None
    if csv_path.exists():
        with open(csv_path) as f:
            rows = list(csv.DictReader(f))
            row = rows[-1] if rows else None
    publishing = (span[1] - span[0]) / 1000 if span[1] is not None else float("inf")
    return proc.returncode, row, samples, " ".join(cmd[1:]), publishing


def slope_per_min(points):
    """Least-squares slope of (t, v) in units per minute."""
    n = len(points)
    if n < 2:
        return 0.0
    mt = sum(t for t, _ in points) / n
    mv = sum(v for _, v in points) / n
    den = sum((t - mt) ** 2 for t, _ in points)
    return 60.0 * sum((t - mt) * (v - mv) for t, v in points) / den if den else 0.0


def delivered_all(row):
    """Every reader got every update (replace: or its replacement)."""
    return row is not None and float(row.get("delivery_or_replaced") or row.get("delivery") or 0) >= 1.0


def sustained(rc, row, publishing, seconds, a):
    """Every update delivered, the writer kept its schedule (publishing took at most --slack s more
    than the updates' span) and the 99th percentile latency stayed under --p99-ms."""
    return (rc == 0 and delivered_all(row) and publishing <= seconds + a.slack
            and float(row.get("lat_p99_us") or "inf") <= 1000 * a.p99_ms)


def report(transport, rate, rc, row, samples, a):
    rss_flat = max(a.rss_flat, rate * 60 / 1024)  # KiB/min: one byte per update
    print(f"\n== {transport} at {rate} Hz, {a.receivers} readers, {a.loss} % loss, exit {rc}")
    if row:
        keys = [k for k in ("sent", "received", "delivery", "lat_p50_us", "lat_p99_us", "lat_max_us",
                            "bytes_nak", "bytes_retransmit", "bytes_repair") if k in row]
        print("   " + ", ".join(f"{k} {row[k]}" for k in keys))
    hdr = (f"   {'process':<10} {'samples':>7} {'RSS first':>10} {'last':>8} {'max':>8} {'slope':>10}   "
           f"{'state first':>11} {'last':>6} {'max':>6} {'slope':>9}  flat")
    print(hdr + "\n   " + " " * 18 + "KiB" + " " * 26 + "KiB/min" + " " * 33 + "/min")
    print(f"   (flat: RSS slope < {rss_flat:.0f} KiB/min, state drift < a tenth of its max; from t = {a.warmup:g} s)")
    flat_all = True
    for (role, index), pts in sorted(samples.items()):
        warm = [p for p in pts if p[0] >= a.warmup]
        rs = slope_per_min([(t, r) for t, r, _ in warm])
        ss = slope_per_min([(t, s) for t, _, s in warm])
        minutes = (warm[-1][0] - warm[0][0]) / 60 if len(warm) > 1 else 0
        flat = abs(rs) < rss_flat and abs(ss) * minutes < max(a.state_flat, 0.1 * max(p[2] for p in pts))
        flat_all &= flat
        print(f"   {role + str(index):<10} {len(pts):>7} {pts[0][1]:>10} {pts[-1][1]:>8} {max(p[1] for p in pts):>8} "
              f"{rs:>10.1f}   {pts[0][2]:>11} {pts[-1][2]:>6} {max(p[2] for p in pts):>6} {ss:>9.2f}  "
              f"{'yes' if flat else 'NO'}")
    return flat_all


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bench", required=True, help="the ant-bench executable (a Release build)")
    ap.add_argument("--transport", action="append", required=True)
    ap.add_argument("--rate", type=float, help="updates per second")
    ap.add_argument("--find-rate", help="comma-separated rates to probe, lowest first")
    ap.add_argument("--probe", type=float, default=10, help="seconds per probe (default 10)")
    ap.add_argument("--duration", type=float, default=600, help="seconds of sustained load (default 600)")
    ap.add_argument("--receivers", type=int, default=3)
    ap.add_argument("--loss", type=float, default=3)
    ap.add_argument("--payload", type=int, default=64, help="bytes per update (default 64)")
    ap.add_argument("--slack", type=float, default=5, help="seconds publishing may take beyond the updates' span (default 5)")
    ap.add_argument("--p99-ms", type=float, default=200, help="latency p99 bound of a sustained rate (default 200)")
    ap.add_argument("--warmup", type=float, default=30, help="seconds left out of the slopes (default 30)")
    ap.add_argument("--rss-flat", type=float, default=64, help="KiB/min below which RSS is flat at any rate (default 64)")
    ap.add_argument("--state-flat", type=float, default=10, help="state drift over the run always flat (default 10 entries)")
    ap.add_argument("--params", action="append", default=[], metavar="TRANSPORT:ARGS",
                    help="extra ant-bench options for one transport, e.g. 'ricochet:--nak-fallback'")
    ap.add_argument("--out", default=str(ROOT / ".adamant" / "sustained"))
    a = ap.parse_args()
    a.extra = {}
    for p in a.params:
        t, _, rest = p.partition(":")
        a.extra.setdefault(t, []).extend(rest.split())
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    ok = True
    for transport in a.transport:
        rate = a.rate
        if a.find_rate:
            rate = None
            for r in [float(x) for x in a.find_rate.split(",")]:
                rc, row, _, cmd, publishing = run(a, transport, r, a.probe, out)
                good = sustained(rc, row, publishing, a.probe, a)
                print(f"   probe {transport} {r:g} Hz: exit {rc}, delivery {row and row.get('delivery')}, "
                      f"p99 {row and row.get('lat_p99_us')} us, publishing {publishing:.1f} s -> "
                      f"{'ok' if good else 'not sustained'}", flush=True)
                if not good:
                    break
                rate = r
            print(f"== {transport}: highest sustained rate {rate} Hz" if rate else f"== {transport}: no rate sustained")
            if not a.duration or rate is None:
                continue
        rc, row, samples, cmd, publishing = run(a, transport, rate, a.duration, out)
        print(f"   command: {cmd}\n   publishing {publishing:.1f} s, sustained: {'yes' if sustained(rc, row, publishing, a.duration, a) else 'NO'}")
        ok &= report(transport, rate, rc, row, samples, a) and rc == 0
        sys.stdout.flush()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
