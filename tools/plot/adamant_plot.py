#!/usr/bin/env python3
"""Charts of ADAMANT benchmark results (the harness's CSV, one row per point).

    adamant_plot.py RESULTS.csv [MORE.csv ...] -o DIR

writes into DIR:
  latency_vs_rate.png   mean latency against the send rate, one series per loss level, with the spread
                        as a bar from p50 to p99 (never mean +- sd, which runs below zero)
  delivery_vs_loss.png  delivery (received / (sent x receivers)) against the injected loss, per series;
                        where updates were replaced (Mockets-style replace), also delivered-or-replaced
  relate2.png           ReLate2 (mean latency x (percent lost + 1)) per series and loss level: lower is better

A series is one transport with its parameters (the CSV's transport_params column, when it has one)
and receiver count; points of a series with the same x (several runs) are averaged. Each series has
its own colour and marker (the report's palette) and the legend sits beside the plot, not over it.
`adamant report` draws these and the papers' other figures as one HTML page.
Exit codes: 0 charts written, 2 bad input (message on stderr).
"""
import argparse
import csv
import math
import os
import sys
from collections import defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "report"))

REQUIRED = ["transport", "receivers", "loss_pct", "rate_hz", "delivery", "lat_mean_us", "lat_p50_us", "lat_p99_us",
            "relate2"]
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


def with_loss(row):
    return f"{series_name(row)}, {row['loss_pct']:g} % loss"


def grouped(rows, x_key, y_key, name=series_name):
    """{series: [(x, mean y, mean of y_key's std if any)]} sorted by x."""
    acc = defaultdict(lambda: defaultdict(list))
    for r in rows:
        if r.get(y_key) is None:
            continue
        acc[name(r)][r[x_key]].append(r)
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
    from charts import Palette  # the report's colours and markers (tools/report)

    os.makedirs(out_dir, exist_ok=True)
    written = []

    latency = grouped(rows, "rate_hz", "lat_mean_us", with_loss)
    palette = Palette(latency)
    fig, ax = plt.subplots(figsize=(8, 5))
    for name, points in latency.items():
        xs = [p[0] for p in points]
        ys = [p[1] / 1000 for p in points]
        p50 = [sum(g["lat_p50_us"] for g in p[2]) / len(p[2]) / 1000 for p in points]
        p99 = [sum(g["lat_p99_us"] for g in p[2]) / len(p[2]) / 1000 for p in points]
        ax.plot(xs, ys, marker=palette.marker(name), color=palette.colour(name), label=name)
        ax.vlines(xs, p50, p99, color=palette.colour(name), alpha=0.5, linewidth=3)
    ax.set_xlabel("send rate (Hz)")
    ax.set_ylabel("mean latency (ms); bars: p50 to p99")
    ax.set_title("Latency against rate, per transport and loss")
    ax.set_ylim(bottom=0)
    ax.grid(True, alpha=0.3)
    outside_legend(fig, ax)
    written.append(save(fig, out_dir, CHARTS[0]))

    fig, ax = plt.subplots(figsize=(8, 5))
    delivery = grouped(rows, "loss_pct", "delivery")
    palette = Palette(delivery)
    for name, points in delivery.items():
        ax.plot([p[0] for p in points], [p[1] * 100 for p in points], marker=palette.marker(name),
                color=palette.colour(name), label=name)
    replaced = [r for r in rows if (r.get("replaced") or 0) > 0 and r.get("delivery_or_replaced") is not None]
    for name, points in grouped(replaced, "loss_pct", "delivery_or_replaced").items():
        ax.plot([p[0] for p in points], [p[1] * 100 for p in points], marker="s", linestyle="--",
                label=name + ": delivered or replaced")
    ax.set_xlabel("injected loss (%)")
    ax.set_ylabel("delivery (%)")
    ax.set_title("Delivery against loss, per transport")
    ax.set_ylim(bottom=0, top=105)
    ax.grid(True, alpha=0.3)
    outside_legend(fig, ax)
    written.append(save(fig, out_dir, CHARTS[1]))

    fig, ax = plt.subplots(figsize=(8, 5))
    by_series = defaultdict(list)
    for r in rows:
        by_series[with_loss(r)].append(r["relate2"])
    names = sorted(by_series)
    means = [sum(by_series[n]) / len(by_series[n]) / 1000 for n in names]
    bars = ax.bar(range(len(names)), means, color="tab:blue")
    ax.bar_label(bars, labels=[f"{m:.3g}" for m in means], fontsize="small")
    ax.set_xticks(range(len(names)), names, rotation=20, ha="right", fontsize="small")
    ax.set_ylabel("ReLate2 (ms), mean over rates and runs")
    ax.set_title("ReLate2 = mean latency x (percent lost + 1): lower is better")
    fig.subplots_adjust(bottom=0.35)
    ax.grid(True, axis="y", alpha=0.3)
    written.append(save(fig, out_dir, CHARTS[2]))
    return written


def outside_legend(fig, ax):
    """The legend right of the plot, never over the data (the plot shrinks to make room)."""
    ax.legend(fontsize="x-small", loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0)
    fig.subplots_adjust(right=0.62)


def save(fig, out_dir, name):
    path = os.path.join(out_dir, name)
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
