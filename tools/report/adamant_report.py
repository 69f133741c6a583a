#!/usr/bin/env python3
"""One self-contained HTML report of ADAMANT bench results (`adamant report`).

    adamant_report.py DIR... -o report.html [--title TEXT]

DIR: an output directory of `adamant bench` (its results, latency percentiles, predictions and run
records), or a results CSV written by a bench. For each experiment: mean latency per transport at
each point, updates received, ReLate and ReLate2, the latency spread as p50/p90/p99, bytes on the
wire by kind, latency and delivery against each swept axis (readers, loss, rate), the latency CDF,
the model's predictions beside the measurements, and the table behind every chart.
Exit codes: 0 report written, 2 bad input (message on stderr).
"""
import argparse
import os
import sys

import charts as chartlib
import data
import page


def main(argv):
    parser = argparse.ArgumentParser(prog="adamant report", description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="+", metavar="DIR", help="bench output directory or results CSV")
    parser.add_argument("-o", "--out", required=True, help="the HTML file to write")
    parser.add_argument("--title", default="ADAMANT benchmark report")
    args = parser.parse_args(argv)
    try:
        experiments, records = data.load(args.inputs)
    except data.BadInput as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    sections = [(e.name, e.source, chartlib.charts(e)) for e in experiments]
    text = page.render(args.title, sections, records)
    tmp = f"{args.out}.tmp.{os.getpid()}"
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, args.out)
    n = sum(len(c.svgs) for _, _, cs in sections for c in cs)
    print(f"{args.out}: {len(experiments)} experiment(s), {n} chart(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
