"""Per point, across its runs: the mean and the 95 % confidence interval of each figure.

A point here is a results row without its run: experiment, stream, transport, transport_params,
receivers, loss_pct and rate_hz. Written by `adamant bench` as DIR/<experiment>.summary.csv and
read by `adamant report`.
"""
import csv
import io
import math
from collections import defaultdict

from stats import mean_ci

POINT_FIELDS = ("stream", "transport", "transport_params", "receivers", "loss_pct", "rate_hz")
FIGURES = ("lat_mean_us", "lat_p50_us", "lat_p90_us", "lat_p99_us", "lat_max_us", "delivery", "received",
           "relate", "relate2", "bytes_data", "bytes_nak", "bytes_repair", "bytes_retransmit", "bytes_control",
           "replaced", "delivery_or_replaced")


def _number(text):
    try:
        value = float(text)
    except (TypeError, ValueError):
        return None
    return value if math.isfinite(value) else None


def summarize(rows):
    """rows: results rows (dicts, as csv.DictReader gives them). Returns one dict per point, in the
    order points first appear: the point's fields, `runs`, and for each figure F present in the
    rows `F` (the mean over runs) and `F_ci` (half-width of the 95 % interval, None for one run)."""
    groups = defaultdict(list)
    for row in rows:
        groups[tuple(row.get(f, "") for f in POINT_FIELDS)].append(row)
    out = []
    for point, members in groups.items():
        item = dict(zip(POINT_FIELDS, point))
        item["runs"] = len(members)
        for figure in FIGURES:
            if figure not in members[0]:
                continue
            mean, half = mean_ci([_number(m.get(figure)) for m in members])
            item[figure], item[figure + "_ci"] = mean, half
        out.append(item)
    return out


def to_csv(summary):
    columns = list(POINT_FIELDS) + ["runs"]
    for figure in FIGURES:
        if summary and figure in summary[0]:
            columns += [figure, figure + "_ci"]
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=columns, lineterminator="\n", extrasaction="ignore")
    writer.writeheader()
    for item in summary:
        writer.writerow({k: ("" if item.get(k) is None else item.get(k)) for k in columns})
    return text.getvalue()
