"""Latency over time (DIR/<experiment>.timeline.csv, written by the simulator's benches): each
series' mean latency per second of publishing, one panel per point, with the adaptive writer's
switches as vertical marks labelled with the candidate it switched to (the first epoch, its start, is
not a switch and is not marked)."""
from charts import Chart, _fmt, _panels
from data import point_label, series_label

KEY = ("transport", "transport_params", "receivers", "loss_pct", "rate_hz")


def _series(exp):
    """{point label: {series label: (latency [(t_s, us)], switches [(t_s, candidate)])}}, runs pooled."""
    out = {}
    for line in exp.timeline:
        point = {"transport": line["transport"], "transport_params": line["transport_params"],
                 "receivers": float(line["receivers"]), "loss_pct": float(line["loss_pct"]),
                 "rate_hz": float(line["rate_hz"])}
        lat, sw = out.setdefault(point_label(point), {}).setdefault(series_label(point), ([], []))
        if line["kind"] == "latency":
            lat.append((float(line["t_s"]), float(line["value"])))
        elif line["kind"] == "switch":
            sw.append((float(line["t_s"]), line["value"]))
    return out


def latency_over_time(exp, palette):
    series = _series(exp)
    if not series:
        return None
    marks = [0]

    def draw(ax, items):
        labels = []
        for lb, (lat, switches) in items:
            if lb not in palette.style:
                continue
            lat.sort()
            ax.plot([t for t, _ in lat], [v / 1000 for _, v in lat], color=palette.colour(lb), linewidth=1)
            for t, to in sorted(switches)[1:]:
                marks[0] += 1
                ax.axvline(t, color=palette.colour(lb), linestyle="--", linewidth=0.8,
                           gid=f"{exp.name}-switch-{marks[0]}")
                ax.annotate(to, (t, 1), xycoords=("data", "axes fraction"), rotation=90, fontsize=6,
                            va="top", ha="right", color=palette.colour(lb))
            labels.append(lb)
        ax.set_xlabel("time since the first update (s)")
        ax.set_ylim(bottom=0)
        return labels
    groups = [(point, list(by_series.items())) for point, by_series in series.items()]
    title = "Mean latency over time (per second of publishing); dashed: the adaptive writer's switches"
    svgs = _panels(groups, draw, "mean latency (ms)", palette, title)
    rows = [[point, lb, to, _fmt(t)] for point, by_series in series.items()
            for lb, (_, switches) in by_series.items() for t, to in sorted(switches)[1:]]
    return Chart(title, svgs, ["point", "series", "switched to", "at (s)"], rows)
