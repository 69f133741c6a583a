"""The report's charts, drawn with matplotlib as inline SVG: small multiples (one panel per point,
or per combination of the axes not on x), one colour and marker per series across every chart,
the legend outside the panels, spread as percentiles (never mean ± sd) and confidence intervals
clipped at zero. Each chart function returns a Chart: its title, SVG and the table behind it."""
import io
import math
from dataclasses import dataclass

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from data import cdf_of, point_label, prediction_for, series_label, varying  # noqa: E402

matplotlib.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "adamant", "font.size": 8})
PANELS_PER_FIGURE = 12
MARKERS = "osD^v<>pPX*h"
BYTE_KINDS = ("bytes_data", "bytes_nak", "bytes_repair", "bytes_retransmit", "bytes_control")
AXES = {"receivers": "readers", "loss_pct": "end-host loss (%)", "rate_hz": "send rate (Hz)"}


@dataclass
class Chart:
    title: str
    svgs: list
    columns: list
    rows: list
    note: str = ""


class Palette:
    """A distinct colour and marker per series: tab10, then tab20's light shades, then evenly spaced hues."""

    def __init__(self, labels):
        self.labels = list(dict.fromkeys(labels))
        n = len(self.labels)
        tab10 = [plt.get_cmap("tab10")(i) for i in range(10)]
        light = [plt.get_cmap("tab20")(2 * i + 1) for i in range(10)]
        extra = [plt.get_cmap("hsv")(i / max(n - 20, 1)) for i in range(max(n - 20, 0))]
        colours = (tab10 + light + extra)[:n]
        self.style = {label: (colours[i], MARKERS[i % len(MARKERS)]) for i, label in enumerate(self.labels)}

    def colour(self, label):
        return self.style[label][0]

    def marker(self, label):
        return self.style[label][1]


def _svg(fig):
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight")
    plt.close(fig)
    text = buf.getvalue()
    return text[text.index("<svg"):]


def _grid(n):
    cols = min(4, n)
    return cols, math.ceil(n / cols)


def _legend(fig, palette, labels):
    handles = [plt.Line2D([], [], color=palette.colour(lb), marker=palette.marker(lb), linestyle="-", label=lb)
               for lb in dict.fromkeys(labels)]
    fig.legend(handles=handles, loc="center left", bbox_to_anchor=(1.0, 0.5), frameon=False,
               title="series", fontsize=7)


def _fmt(v, digits=4):
    if v is None:
        return ""
    if isinstance(v, float):
        return f"{v:.{digits}g}"
    return str(v)


def _ci_err(means, cis):
    lower = [min(c or 0, m) for m, c in zip(means, cis)]  # a latency never runs below zero
    return [lower, [c or 0 for c in cis]]


def _panels(groups, draw, ylabel, palette, title):
    """One panel per group (label, items), PANELS_PER_FIGURE a figure; `draw(ax, items)`."""
    svgs = []
    for start in range(0, len(groups), PANELS_PER_FIGURE):
        chunk = groups[start:start + PANELS_PER_FIGURE]
        cols, rows = _grid(len(chunk))
        fig, axes = plt.subplots(rows, cols, figsize=(2.9 * cols, 2.4 * rows), squeeze=False)
        labels = []
        for ax, (label, items) in zip(axes.flat, chunk):
            labels += draw(ax, items)
            ax.set_title(label, fontsize=8)
            ax.grid(True, alpha=0.3)
        for ax in axes.flat[len(chunk):]:
            ax.set_visible(False)
        for ax in axes[:, 0]:
            ax.set_ylabel(ylabel)
        part = f" ({start // PANELS_PER_FIGURE + 1} of {math.ceil(len(groups) / PANELS_PER_FIGURE)})" \
            if len(groups) > PANELS_PER_FIGURE else ""
        fig.suptitle(title + part, fontsize=9)
        _legend(fig, palette, labels)
        fig.tight_layout()
        svgs.append(_svg(fig))
    return svgs


def _by_point(points):
    groups = {}
    for p in points:
        groups.setdefault(point_label(p), []).append(p)
    return list(groups.items())


def per_point_bars(exp, palette, figure, title, ylabel, scale=1.0, extra_cols=()):
    """Bars per series at each point: the mean over runs and its 95 % interval."""
    def draw(ax, items):
        means = [p[figure] * scale for p in items]
        cis = [(p.get(figure + "_ci") or 0) * scale for p in items]
        labels = [series_label(p) for p in items]
        ax.bar(range(len(items)), means, yerr=_ci_err(means, cis), capsize=2,
               color=[palette.colour(lb) for lb in labels])
        ax.set_xticks([])
        ax.set_ylim(bottom=0)
        return labels
    svgs = _panels(_by_point(exp.points), draw, ylabel, palette, title)
    columns = ["point", "series", "runs", f"{ylabel} (mean)", "95 % CI ±"] + [c for c, _ in extra_cols]
    rows = [[point_label(p), series_label(p), p["runs"], _fmt(p[figure] * scale),
             _fmt((p.get(figure + "_ci") or 0) * scale if p.get(figure + "_ci") is not None else None)]
            + [_fmt(fn(p)) for _, fn in extra_cols] for p in exp.points]
    return Chart(title, svgs, columns, rows)


def percentiles(exp, palette):
    """p50, p90 and p99 per series at each point (means over runs): the spread, never mean ± sd."""
    def draw(ax, items):
        labels = [series_label(p) for p in items]
        for i, (p, lb) in enumerate(zip(items, labels)):
            ys = [p["lat_p50_us"] / 1000, p["lat_p90_us"] / 1000, p["lat_p99_us"] / 1000]
            ax.plot([i] * 3, ys, color=palette.colour(lb), linewidth=2)
            for y, m in zip(ys, ("o", "^", "s")):
                ax.plot([i], [y], marker=m, color=palette.colour(lb), markersize=4)
        ax.set_xticks([])
        ax.set_yscale("log")
        return labels
    title = "Latency spread: p50 (circle), p90 (triangle), p99 (square)"
    svgs = _panels(_by_point(exp.points), draw, "latency (ms)", palette, title)
    rows = [[point_label(p), series_label(p), _fmt(p["lat_p50_us"] / 1000), _fmt(p["lat_p90_us"] / 1000),
             _fmt(p["lat_p99_us"] / 1000), _fmt(p.get("lat_max_us", 0) / 1000)] for p in exp.points]
    return Chart(title, svgs, ["point", "series", "p50 (ms)", "p90 (ms)", "p99 (ms)", "max (ms)"], rows)


def bytes_by_kind(exp, palette):
    kinds = [k for k in BYTE_KINDS if k in exp.points[0]]
    kind_colours = dict(zip(kinds, [plt.get_cmap("Set2")(i) for i in range(len(kinds))]))

    def draw(ax, items):
        bottom = [0.0] * len(items)
        for k in kinds:
            values = [p[k] / 1000 for p in items]
            ax.bar(range(len(items)), values, bottom=bottom, color=kind_colours[k])
            bottom = [b + v for b, v in zip(bottom, values)]
        ax.set_xticks(range(len(items)), [str(i + 1) for i in range(len(items))])
    title = "Bytes on the wire by kind (bars numbered as the series in the table)"
    svgs = []  # drawn here rather than by _panels: the legend names the kinds, not the series
    groups = _by_point(exp.points)
    for start in range(0, len(groups), PANELS_PER_FIGURE):
        chunk = groups[start:start + PANELS_PER_FIGURE]
        cols, nrows = _grid(len(chunk))
        fig, axes = plt.subplots(nrows, cols, figsize=(2.9 * cols, 2.4 * nrows), squeeze=False)
        for ax, (label, items) in zip(axes.flat, chunk):
            draw(ax, items)
            ax.set_title(label, fontsize=8)
            ax.grid(True, axis="y", alpha=0.3)
        for ax in axes.flat[len(chunk):]:
            ax.set_visible(False)
        for ax in axes[:, 0]:
            ax.set_ylabel("kB sent")
        handles = [plt.Rectangle((0, 0), 1, 1, color=kind_colours[k], label=k[6:]) for k in kinds]
        fig.legend(handles=handles, loc="center left", bbox_to_anchor=(1.0, 0.5), frameon=False, title="kind")
        fig.suptitle(title, fontsize=9)
        fig.tight_layout()
        svgs.append(_svg(fig))
    order = {}
    rows = []
    for p in exp.points:
        n = order.setdefault(point_label(p), 0) + 1
        order[point_label(p)] = n
        rows.append([point_label(p), n, series_label(p)] + [_fmt(p[k], 9) for k in kinds])
    return Chart(title, svgs, ["point", "bar", "series"] + [k[6:] + " (B)" for k in kinds], rows)


def against(exp, palette, x, figure, ylabel, scale):
    """The figure against one swept axis, one panel per combination of the other axes."""
    others = [f for f in AXES if f != x and varying(exp.points, f)]
    groups = {}
    for p in exp.points:
        name = ", ".join(f"{AXES[f].split(' (')[0]} {p[f]:g}" for f in others) or "every point"
        groups.setdefault(name, []).append(p)

    def draw(ax, items):
        by_series = {}
        for p in items:
            by_series.setdefault(series_label(p), []).append(p)
        for lb, ps in by_series.items():
            ps.sort(key=lambda p: p[x])
            means = [p[figure] * scale for p in ps]
            cis = [(p.get(figure + "_ci") or 0) * scale for p in ps]
            ax.errorbar([p[x] for p in ps], means, yerr=_ci_err(means, cis), color=palette.colour(lb),
                        marker=palette.marker(lb), markersize=4, capsize=2, linewidth=1)
        ax.set_xlabel(AXES[x])
        ax.set_ylim(bottom=0)
        return list(by_series)
    title = f"{ylabel} against {AXES[x].split(' (')[0]}"
    svgs = _panels(list(groups.items()), draw, ylabel, palette, title)
    rows = [[point_label(p), series_label(p), _fmt(p[figure] * scale),
             _fmt(p[figure + "_ci"] * scale if p.get(figure + "_ci") is not None else None)] for p in exp.points]
    return Chart(title, svgs, ["point", "series", f"{ylabel} (mean)", "95 % CI ±"], rows)


def cdf(exp, palette):
    curves = [(p, cdf_of(exp, p)) for p in exp.points]
    if not any(c for _, c in curves):
        return None

    def draw(ax, items):
        labels = []
        for p, c in items:
            if c:
                lb = series_label(p)
                ax.plot([v / 1000 for _, v in c], [k for k, _ in c], color=palette.colour(lb), linewidth=1.2)
                labels.append(lb)
        ax.set_xscale("log")
        ax.set_xlabel("latency (ms)")
        ax.set_ylim(0, 100)
        return labels
    groups = {}
    for p, c in curves:
        groups.setdefault(point_label(p), []).append((p, c))
    title = "Latency CDF (each run's percentiles, averaged over runs)"
    svgs = _panels(list(groups.items()), draw, "% of updates", palette, title)
    rows = []
    for p, c in curves:
        at = dict(c)
        rows.append([point_label(p), series_label(p)] + [_fmt(at.get(k, 0) / 1000 if k in at else None)
                                                          for k in (10, 25, 50, 75, 90, 95, 99, 100)])
    return Chart(title, svgs, ["point", "series"] + [f"p{k} (ms)" for k in (10, 25, 50, 75, 90, 95, 99, 100)], rows)


def predicted_vs_measured(exp, palette):
    matched = [(p, prediction_for(exp, p)) for p in exp.points]
    matched = [(p, pr) for p, pr in matched if pr]
    if not matched:
        return None

    def draw(ax, items):
        labels = []
        for i, (p, pr) in enumerate(items):
            lb = series_label(p)
            m, ci = p["lat_mean_us"] / 1000, (p.get("lat_mean_us_ci") or 0) / 1000
            ax.bar(i - 0.2, m, width=0.4, color=palette.colour(lb), yerr=[[min(ci, m)], [ci]], capsize=2)
            ax.bar(i + 0.2, pr["lat_mean_us"] / 1000, width=0.4, color=palette.colour(lb), alpha=0.35,
                   hatch="//", edgecolor="black", linewidth=0.4)
            labels.append(lb)
        ax.set_xticks([])
        ax.set_ylim(bottom=0)
        return labels
    groups = {}
    for p, pr in matched:
        groups.setdefault(point_label(p), []).append((p, pr))
    title = "Predicted (hatched) beside measured (solid) mean latency"
    svgs = _panels(list(groups.items()), draw, "mean latency (ms)", palette, title)
    rows = []
    for p, pr in matched:
        err = (p["lat_mean_us"] - pr["lat_mean_us"]) / pr["lat_mean_us"] * 100 if pr["lat_mean_us"] else None
        rows.append([point_label(p), series_label(p), pr["flow"], _fmt(p["lat_mean_us"] / 1000),
                     _fmt(pr["lat_mean_us"] / 1000), _fmt(err, 3), _fmt(p["delivery"], 6), _fmt(pr["delivery"], 6),
                     _fmt(p["relate2"] / 1000), _fmt(pr["relate2"] / 1000 if pr["relate2"] is not None else None)])
    columns = ["point", "series", "model flow", "measured latency (ms)", "predicted latency (ms)",
               "measured vs predicted (%)", "measured delivery", "predicted delivery",
               "measured ReLate2 (ms)", "predicted ReLate2 (ms)"]
    return Chart(title, svgs, columns, rows)


def charts(exp):
    palette = Palette(series_label(p) for p in exp.points)
    out = [
        per_point_bars(exp, palette, "lat_mean_us", "Mean latency per transport at each point", "mean latency (ms)",
                       1e-3),
        per_point_bars(exp, palette, "received", "Updates received (all readers) at each point", "updates received",
                       1.0, [("delivery (mean)", lambda p: p["delivery"])]),
        per_point_bars(exp, palette, "relate", "ReLate (mean latency / delivery)", "ReLate (ms)", 1e-3),
        per_point_bars(exp, palette, "relate2", "ReLate2 (mean latency x (percent lost + 1)): lower is better",
                       "ReLate2 (ms)", 1e-3),
        percentiles(exp, palette),
    ]
    if "bytes_data" in exp.points[0]:
        out.append(bytes_by_kind(exp, palette))
    for x in AXES:
        if varying(exp.points, x):
            out.append(against(exp, palette, x, "lat_mean_us", "mean latency (ms)", 1e-3))
            out.append(against(exp, palette, x, "delivery", "delivery (fraction)", 1.0))
    from timeline import latency_over_time  # timeline.py draws with this module's helpers
    for extra in (cdf(exp, palette), predicted_vs_measured(exp, palette), latency_over_time(exp, palette)):
        if extra:
            out.append(extra)
    return out
