#!/usr/bin/env python3
"""Puts the rows of some transports, measured on their own, into a kept CSV of docs/results/: the
kept file's rows of those transports are replaced by the new file's, the others stay as they are
(make-results.sh's isislab-peers stage: the peer libraries added to the ISISlab grid's real runs
without running NAKcast and Ricochet again).

    merge_rows.py KEPT.csv NEW.csv TRANSPORT[,TRANSPORT...]

The columns are the kept file's followed by any the new file adds (empty in the older rows)."""
import csv
import sys


def merge(kept, new, transports):
    """(header, rows) of the kept rows of other transports followed by the new rows of `transports`."""
    header = list(kept[0].keys()) if kept else []
    for row in new:
        header += [c for c in row if c not in header]
    rows = [r for r in kept if r["transport"] not in transports] + [r for r in new if r["transport"] in transports]
    return header, rows


def _read(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def main(argv):
    if len(argv) != 4:
        sys.stderr.write(__doc__ + "\n")
        return 2
    kept_path, new_path, transports = argv[1], argv[2], set(argv[3].split(","))
    header, rows = merge(_read(kept_path), _read(new_path), transports)
    with open(kept_path, "w", newline="") as f:
        out = csv.DictWriter(f, fieldnames=header, restval="", lineterminator="\n")
        out.writeheader()
        out.writerows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
