"""Reading docs/results/ CSVs and writing their markdown tables: the helpers every section of
docs/results.md shares (make_tables.py, real_grid.py)."""
import csv
import os


def read(data, name):
    path = os.path.join(data, name + ".csv")
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def num(row, col):
    try:
        return float(row[col])
    except (KeyError, TypeError, ValueError):
        return None


def fmt(value, digits=0):
    if value is None or value == "":
        return "–"
    if isinstance(value, str):
        return value
    return f"{value:,.{digits}f}"


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(lines)


# The peer libraries (ant-peer-bench): their settings are ant-peer-bench's defaults (runtime/README.md,
# "Peers"; the rows' transport_params), too long for a table's label.
PEERS = {"norm": "NRL NORM", "pgm": "OpenPGM"}


def label(row):
    if row["transport"] in PEERS:
        return f"{row['transport']} ({PEERS[row['transport']]})"
    params = row.get("transport_params") or ""
    return row["transport"] + (f" ({params})" if params else "")


def params_match(row_params, predicted_params):
    """Whether the row ran with every parameter the catalog gives (the row may name more)."""
    have = dict(p.split("=", 1) for p in (row_params or "").split(";") if "=" in p)
    want = dict(p.split("=", 1) for p in (predicted_params or "").split(";") if "=" in p)
    return all(have.get(k) == v for k, v in want.items())


def prediction(predicted, row):
    """The prediction for the row's point; of the catalog entries its parameters match, the one that
    names the most (ricochet_reliable's r=4;c=3;nak_fallback=1 before ricochet_r4's r=4;c=3)."""
    found = [p for p in predicted
             if p["transport"] == row["transport"] and params_match(row.get("transport_params"), p["params"])
             and float(p["receivers"]) == float(row["receivers"]) and float(p["loss_pct"]) == float(row["loss_pct"])
             and float(p["rate_hz"]) == float(row["rate_hz"])]
    return max(found, key=lambda p: len((p["params"] or "").split(";")), default=None)


WITHIN_PCT = 20  # issue 15: a prediction counts as met within this many percent of the real mean


def prediction_error(predicted_us, measured_us):
    """The prediction's error in percent of the measured mean, and whether it is within WITHIN_PCT."""
    err = (predicted_us - measured_us) / measured_us * 100
    return err, abs(err) <= WITHIN_PCT
