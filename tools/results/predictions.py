#!/usr/bin/env python3
"""The model's predictions at an experiment's points, as CSV for docs/results/ (make-results.sh).

    predictions.py PREDICTIONS.json > predicted.csv

PREDICTIONS.json is `adamant validate --explain --format json` of a model whose flows stand at the
points (tools/results/rtesp.adamant: one writer and 3 readers per Table 2 point). One row per flow and
ranked catalog transport: the flow's readers, loss and rate, the catalog transport, the runtime
transport and parameters it runs with (tools/bench/catalog_args.py, as the benches name them), and
the predicted mean latency, delivery and ReLate2.
"""
import csv
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
import catalog_args  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
COLUMNS = ["catalog", "transport", "params", "receivers", "loss_pct", "rate_hz", "pred_lat_mean_us",
           "pred_delivery", "pred_relate2_us"]


def runtime_params(catalog_text, contract, name):
    """(kind, "name=value;...") of a catalog transport, or None when it is not a runtime transport."""
    try:
        args = catalog_args.bench_args(catalog_text, contract, name)
    except ValueError:
        return None
    kind, rest = args[1], args[2:]
    pairs = []
    i = 0
    while i < len(rest):
        option = rest[i][2:].replace("-", "_")
        if i + 1 < len(rest) and not rest[i + 1].startswith("--"):
            pairs.append(f"{option}={rest[i + 1]}")
            i += 2
        else:
            pairs.append(f"{option}=1")
            i += 1
    return kind, ";".join(pairs)


def main(argv):
    if len(argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    with open(argv[1]) as f:
        flows = json.load(f).get("flows", [])
    with open(os.path.join(ROOT, "profiles", "transports.adamant")) as f:
        catalog = f.read()
    with open(os.path.join(ROOT, "runtime", "contract", "contract.json")) as f:
        contract = json.load(f)
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(COLUMNS)
    for flow in flows:
        for entry in flow.get("ranking", []):
            runtime = runtime_params(catalog, contract, entry.get("transport", ""))
            if runtime is None or entry.get("meanLatencySeconds") is None:
                continue
            relate2 = entry.get("relate2Seconds")
            out.writerow([entry["transport"], runtime[0], runtime[1], flow["receivers"], flow["lossPct"], flow["rateHz"],
                          round(entry["meanLatencySeconds"] * 1e6, 1), entry.get("delivery"),
                          "" if relate2 is None else round(relate2 * 1e6, 1)])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
