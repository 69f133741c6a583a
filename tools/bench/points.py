"""The points of a generated bench, as the bench lists them (--list-points), and the filter of
`adamant bench --points`.

A point is identified across runs of the tool by its key: the experiment and the fields the
results CSV repeats on each of its rows (transport, transport_params, receivers, loss_pct,
rate_hz, run), written as the bench writes them, so a row of a results file names its point.
"""
import csv
import io
import subprocess

KEY_FIELDS = ("transport", "transport_params", "receivers", "loss_pct", "rate_hz", "run")
FILTER_FIELDS = KEY_FIELDS + ("updates",)


class BadFilter(ValueError):
    pass


def list_points(bench, mode, extra=()):
    """The bench's points in order (`extra`: options for every point, e.g. --updates 500), each a
    dict of the --list-points columns (strings)."""
    out = subprocess.run([bench, "--mode", mode, *extra, "--list-points"], check=True, capture_output=True,
                         text=True).stdout
    return parse_listing(out)


def parse_listing(text):
    """The points of a --list-points output (ant-bench, a generated bench or ant-peer-bench)."""
    return list(csv.DictReader(io.StringIO(text)))


def key(experiment, fields):
    """The key of a point (a --list-points line) or of a results row: they agree field by field."""
    return (experiment,) + tuple(fields[f] for f in KEY_FIELDS)


def parse_filter(text):
    """`field=value[|value...]` terms joined by ',' (e.g. "transport=nakcast,receivers=3|5,loss_pct=1"):
    a point passes when each term names one of its values. Numbers compare as numbers (1 = 1.0)."""
    terms = []
    for term in (text or "").split(","):
        if not term.strip():
            continue
        name, eq, values = term.partition("=")
        name = name.strip()
        if not eq or name not in FILTER_FIELDS or not values:
            raise BadFilter(f"bad --points term '{term}': give FIELD=VALUE[|VALUE...] with FIELD one of "
                            f"{', '.join(FILTER_FIELDS)}")
        terms.append((name, [v.strip() for v in values.split("|")]))
    return terms


def _same(a, b):
    try:
        return float(a) == float(b)
    except ValueError:
        return a == b


def matches(terms, point):
    return all(any(_same(point[name], v) for v in values) for name, values in terms)
