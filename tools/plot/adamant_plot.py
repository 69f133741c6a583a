#!/usr/bin/env python3
"""Charts of ADAMANT benchmark results (the harness's CSV, one row per point).

    adamant_plot.py RESULTS.csv [MORE.csv ...] -o DIR

writes into DIR:
  latency_vs_rate.png   mean latency (with its standard deviation) against the send rate, per series
  delivery_vs_loss.png  delivery (received / (sent x receivers)) against the injected loss, per series;
                        where updates were replaced (Mockets-style replace), also delivered-or-replaced
  relate2.png           ReLate2 (mean latency x (percent lost + 1)) per series: lower is better

A series is one transport with its parameters (the CSV's transport_params column, when it has one)
and receiver count; points of a series with the same x (several runs) are averaged.
Exit codes: 0 charts written, 2 bad input (message on stderr).
"""
import argparse
import csv
import math
import os
import sys
from collections import defaultdict

REQUIRED = ["transport", "receivers", "loss_pct", "rate_hz", "delivery", "lat_mean_us", "lat_std_us", "relate2"]
CHARTS = ["latency_vs_rate.png", "delivery_vs_loss.png", "relate2.png"]


class BadInput(Exception):
    pass


def read_rows(paths):
    rows = []
    for path in paths:
        try:
            with open(path, newline="") as f:
                reader = csv.DictReader(f)
                missing = [c for c in REQUIRED if c not in (reader.fieldnames or [])]
                if missing:
                    raise BadInput(f"{path}: not an ADAMANT results file: no column {', '.join(missing)} "
                                   f"(expected the benchmark harness's CSV header)")
                for line, row in enumerate(reader, start=2):
                    try:
                        for c in REQUIRED[1:]:
                            value = float(row[c])
                            if not math.isfinite(value):
                                raise ValueError(row[c])
                            row[c] = value
                        for c in ("replaced", "delivery_or_replaced"):
                            row[c] = float(row[c]) if row.get(c) not in (None, "") else None
                    except (TypeError, ValueError) as e:
                        raise BadInput(f"{path}:{line}: a number was expected ({e}); is the file cut short?")
                    rows.append(row)
        except OSError as e:
            raise BadInput(f"{path}: cannot read: {e.strerror}")
    if not rows:
        raise BadInput(f"{', '.join(paths)}: no result rows to plot (run a benchmark first)")
    return rows


def series_name(row):
    name = row["transport"]
    params = (row.get("transport_params") or "").strip()
    if params:
        name += f" ({params})"
    stream = (row.get("stream") or "").strip()  # multi-stream points: one series per stream
    if stream:
        name = f"{stream}: {name}"
    return f"{name}, {int(row['receivers'])} rcv"


def grouped(rows, x_key, y_key):
    """{series: [(x, mean y, mean of y_key's std if any)]} sorted by x."""
    acc = defaultdict(lambda: defaultdict(list))
    for r in rows:
        if r.get(y_key) is None:
            continue
        acc[series_name(r)][r[x_key]].append(r)
    out = {}
    for name, by_x in sorted(acc.items()):
        points = []
        for x in sorted(by_x):
            group = by_x[x]
            points.append((x, sum(g[y_key] for g in group) / len(group), group))
        out[name] = points
    return out


def plot(rows, out_dir):
    import matplotlib
    matplotlib.use("Agg")  # files only, no display
    import matplotlib.pyplot as plt

    os.makedirs(out_dir, exist_ok=True)
    written = []

    fig, ax = plt.subplots(figsize=(8, 5))
    for name, points in grouped(rows, "rate_hz", "lat_mean_us").items():
        xs = [p[0] for p in points]
        ys = [p[1] / 1000 for p in points]
        errs = [sum(g["lat_std_us"] for g in p[2]) / len(p[2]) / 1000 for p in points]
        ax.errorbar(xs, ys, yerr=errs, marker="o", capsize=3, label=name)
    ax.set_xlabel("send rate (Hz)")
    ax.set_ylabel("mean latency (ms), bars: standard deviation")
    ax.set_title("Latency against rate, per transport")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize="small")
    written.append(save(fig, out_dir, CHARTS[0]))

    fig, ax = plt.subplots(figsize=(8, 5))
    for name, points in grouped(rows, "loss_pct", "delivery").items():
        ax.plot([p[0] for p in points], [p[1] * 100 for p in points], marker="o", label=name)
    replaced = [r for r in rows if (r.get("replaced") or 0) > 0 and r.get("delivery_or_replaced") is not None]
    for name, points in grouped(replaced, "loss_pct", "delivery_or_replaced").items():
        ax.plot([p[0] for p in points], [p[1] * 100 for p in points], marker="s", linestyle="--",
                label=name + ": delivered or replaced")
    ax.set_xlabel("injected loss (%)")
    ax.set_ylabel("delivery (%)")
    ax.set_title("Delivery against loss, per transport")
    ax.set_ylim(bottom=0, top=105)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize="small")
    written.append(save(fig, out_dir, CHARTS[1]))

    fig, ax = plt.subplots(figsize=(8, 5))
    by_series = defaultdict(list)
    for r in rows:
        by_series[series_name(r)].append(r["relate2"])
    names = sorted(by_series)
    means = [sum(by_series[n]) / len(by_series[n]) / 1000 for n in names]
    bars = ax.bar(range(len(names)), means, color="tab:blue")
    ax.bar_label(bars, labels=[f"{m:.3g}" for m in means], fontsize="small")
    ax.set_xticks(range(len(names)), names, rotation=20, ha="right", fontsize="small")
    ax.set_ylabel("ReLate2 (ms), mean over points")
    ax.set_title("ReLate2 = mean latency x (percent lost + 1): lower is better")
    ax.grid(True, axis="y", alpha=0.3)
    written.append(save(fig, out_dir, CHARTS[2]))
    return written


def save(fig, out_dir, name):
    path = os.path.join(out_dir, name)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    import matplotlib.pyplot as plt
    plt.close(fig)
    return path


def main(argv):
    parser = argparse.ArgumentParser(prog="adamant plot", description=__doc__.split("\n\n")[0])
    parser.add_argument("csv", nargs="+", help="results CSV written by a benchmark (--csv FILE)")
    parser.add_argument("-o", "--out", required=True, help="directory for the PNG charts")
    args = parser.parse_args(argv)
    try:
        rows = read_rows(args.csv)
    except BadInput as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    for path in plot(rows, args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
