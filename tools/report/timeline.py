"""Latency over time (DIR/<experiment>.timeline.csv, written by the simulator's benches): each
series' mean latency per second of publishing, one panel per point, with the adaptive writer's
switches as vertical marks labelled with the candidate it switched to (each run's first epoch, its
start, is not a switch and is not marked; a switch several runs make at the same time is one mark)."""
from charts import Chart, _fmt, _panels
from data import point_label, series_label

KEY = ("transport", "transport_params", "receivers", "loss_pct", "rate_hz")


def _series(exp):
    """{point label: {series label: (latency [(t_s, us)], switches [(t_s, candidate, run)])}}, runs pooled;
    the switches leave out each run's start."""
    out, by_run = {}, {}
    for line in exp.timeline:
        point = {"transport": line["transport"], "transport_params": line["transport_params"],
                 "receivers": float(line["receivers"]), "loss_pct": float(line["loss_pct"]),
                 "rate_hz": float(line["rate_hz"])}
        key = (point_label(point), series_label(point))
        lat, _ = out.setdefault(key[0], {}).setdefault(key[1], ([], []))
        if line["kind"] == "latency":
            lat.append((float(line["t_s"]), float(line["value"])))
        elif line["kind"] == "switch":
            by_run.setdefault(key + (int(line["run"]),), []).append((float(line["t_s"]), line["value"]))
    for (point, lb, run), switches in by_run.items():
        out[point][lb][1].extend((t, to, run) for t, to in sorted(switches)[1:])
    for by_series in out.values():
        for _, switches in by_series.values():
            switches.sort()
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
            for t, to in sorted({(t, to) for t, to, _ in switches}):
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
    rows = [[point, lb, run, to, _fmt(t)] for point, by_series in series.items()
            for lb, (_, switches) in by_series.items() for t, to, run in switches]
    return Chart(title, svgs, ["point", "series", "run", "switched to", "at (s)"], rows)
