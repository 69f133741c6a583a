"""What `adamant report` reads from each bench output directory: the results of each experiment
(DIR/<experiment>.csv), their latency percentiles (DIR/<experiment>.cdf.csv), their timelines
(DIR/<experiment>.timeline.csv: latency per second, the adaptive writer's switches), the model's
predictions (DIR/predictions.json) and the runs' records (DIR/runs/*.json). A bare results CSV
written by a bench (--csv) may be given instead of a directory."""
import csv
import glob
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
import summary as summarylib  # noqa: E402  (tools/bench: the same per-point mean and interval as bench)

REQUIRED = ("transport", "receivers", "loss_pct", "rate_hz", "run", "sent", "received", "delivery",
            "lat_mean_us", "lat_p50_us", "lat_p90_us", "lat_p99_us", "relate", "relate2")


class BadInput(Exception):
    pass


class Experiment:
    def __init__(self, name, source, rows, cdf, predictions, timeline=()):
        self.name, self.source, self.rows, self.cdf, self.predictions = name, source, rows, cdf, predictions
        self.timeline = list(timeline)
        self.points = summarylib.summarize(rows)
        for p in self.points:
            for f in ("receivers", "loss_pct", "rate_hz"):
                p[f] = float(p[f])


def _read_csv(path):
    try:
        with open(path, newline="") as f:
            reader = csv.DictReader(f)
            return reader.fieldnames or [], list(reader)
    except OSError as e:
        raise BadInput(f"{path}: cannot read: {e.strerror}")


def _results(path):
    header, rows = _read_csv(path)
    missing = [c for c in REQUIRED if c not in header]
    if missing:
        raise BadInput(f"{path}: not an ADAMANT results file: no column {', '.join(missing)}")
    return rows


def load(paths):
    """(experiments, records): one Experiment per results file, and every run record found."""
    experiments, records = [], []
    for path in paths:
        if os.path.isdir(path):
            predictions = []
            pred_path = os.path.join(path, "predictions.json")
            if os.path.exists(pred_path):
                with open(pred_path) as f:
                    predictions = json.load(f).get("flows", [])
            files = sorted(p for p in glob.glob(os.path.join(path, "*.csv"))
                           if not p.endswith((".cdf.csv", ".summary.csv", ".timeline.csv")))
            for results in files:
                name = os.path.basename(results)[:-4]
                cdf_path = os.path.join(path, name + ".cdf.csv")
                cdf = _read_csv(cdf_path)[1] if os.path.exists(cdf_path) else []
                timeline_path = os.path.join(path, name + ".timeline.csv")
                timeline = _read_csv(timeline_path)[1] if os.path.exists(timeline_path) else []
                experiments.append(Experiment(name, results, _results(results), cdf, predictions, timeline))
            for rec in sorted(glob.glob(os.path.join(path, "runs", "*.json"))):
                with open(rec) as f:
                    records.append(json.load(f))
        else:
            experiments.append(Experiment(os.path.basename(path).rsplit(".", 1)[0], path, _results(path), [], []))
    experiments = [e for e in experiments if e.rows]
    if not experiments:
        raise BadInput(f"{', '.join(paths)}: no results to report (run ./adamant bench first)")
    return experiments, records


def series_label(point):
    name = point["transport"]
    if point.get("transport_params"):
        name += f" ({point['transport_params']})"
    if point.get("stream"):
        name = f"{point['stream']}: {name}"
    return name


def point_label(point):
    return f"{int(point['receivers'])} rcv, {point['loss_pct']:g} % loss, {point['rate_hz']:g} Hz"


def varying(points, field):
    return len({p[field] for p in points}) > 1


def cdf_of(experiment, point):
    """The point's latency at each whole percentile, averaged over its runs (percentile by
    percentile); [] when the bench wrote none."""
    by_pct = {}
    for line in experiment.cdf:
        if (line["transport"], line["transport_params"], line["stream"]) != (
                point["transport"], point["transport_params"], point["stream"]):
            continue
        if (float(line["receivers"]), float(line["loss_pct"]), float(line["rate_hz"])) != (
                point["receivers"], point["loss_pct"], point["rate_hz"]):
            continue
        by_pct.setdefault(int(line["percentile"]), []).append(float(line["lat_us"]))
    return [(k, sum(v) / len(v)) for k, v in sorted(by_pct.items())]


def prediction_for(experiment, point):
    """The model's prediction for the point, when a flow of the model is that point: the same
    readers, end-host loss and rate, and a catalog transport of the point's name in the flow's
    ranking; only where the experiment runs that transport with one set of parameters (a swept
    parameter's points are not the catalog transport's). None otherwise."""
    if point.get("stream"):
        return None
    params = {p["transport_params"] for p in experiment.points if p["transport"] == point["transport"]}
    if len(params) != 1:
        return None
    for flow in experiment.predictions:
        if flow.get("receivers") != int(point["receivers"]) or flow.get("rateHz") != point["rate_hz"] \
                or flow.get("lossPct") is None or abs(flow["lossPct"] - point["loss_pct"]) > 1e-9:
            continue
        for entry in flow.get("ranking", []):
            if entry.get("transport") == point["transport"] and entry.get("meanLatencySeconds") is not None:
                return {"flow": f"{flow['application']}/{flow['topic']}",
                        "lat_mean_us": entry["meanLatencySeconds"] * 1e6, "delivery": entry.get("delivery"),
                        "relate2": None if entry.get("relate2Seconds") is None else entry["relate2Seconds"] * 1e6}
    return None
