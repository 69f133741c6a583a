#!/usr/bin/env python3
"""Writes docs/results.md from the CSVs under docs/results/ (tools/results/make-results.sh makes
them): every table and every finding's verdict is computed here from the data; the prose around
them says what the study reported and how the runs were made.

    make_tables.py DATA_DIR -o results.md
"""
import argparse
import datetime
import json
import os
import sys

import delay_error
import findings
import mockets_floor
import real_grid
from rows import fmt, label, num, prediction, prediction_error, read, table
from text import PAPER_MOCKETS, PAYLOAD_BYTES, intro, section_notes

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "testbed"))
import netns  # noqa: E402  (the testbed's token bucket, for the floor on its links)


def point_table(rows, predicted, load=None):
    """One line per point; with `load` (the benches' load lines) the 1-minute load while it ran."""
    out = []
    for r in sorted(rows, key=lambda r: (float(r["loss_pct"]), float(r["rate_hz"]), label(r))):
        p = prediction(predicted, r)
        line = [f"{fmt(num(r, 'loss_pct'))} %", f"{fmt(num(r, 'rate_hz'))} Hz", label(r), r.get("runs", ""),
                fmt(num(r, "delivery") * 100 if num(r, "delivery") is not None else None, 2),
                fmt(num(r, "lat_mean_us")), fmt(num(r, "lat_p50_us")), fmt(num(r, "lat_p99_us")),
                fmt(num(r, "relate2")),
                fmt(num(p, "pred_lat_mean_us")) if p else "–",
                fmt(num(p, "pred_delivery") * 100, 2) if p and num(p, "pred_delivery") is not None else "–"]
        out.append(line + ([point_load(load, r)] if load is not None else []))
    return table(["loss", "rate", "transport (parameters)", "runs", "delivered %", "mean µs", "p50 µs", "p99 µs",
                  "ReLate2 µs", "predicted mean µs", "predicted delivered %"]
                 + (["load (1-min avg: mean, range)"] if load is not None else []), out)


def point_load(load, row):
    """The load while the point's runs ran: the mean of their means, and the least and most seen."""
    same = [l for l in load if l["transport"] == row["transport"]
            and (l.get("transport_params") or "") == (row.get("transport_params") or "")
            and all(num(l, f) == num(row, f) for f in ("receivers", "loss_pct", "rate_hz"))]
    if not same:
        return "–"
    means = [num(l, "load1_mean") for l in same]
    seen = means + [num(l, "load1_before") for l in same] + [num(l, "load1_after") for l in same]
    return f"{sum(means) / len(means):.1f} ({min(seen):.1f}–{max(seen):.1f})"


def prediction_error_table(real, predicted):
    out = []
    for r in sorted(real, key=lambda r: (label(r), float(r["loss_pct"]))):
        p = prediction(predicted, r)
        measured = num(r, "lat_mean_us")
        if not p or measured is None or num(p, "pred_lat_mean_us") is None:
            continue
        err, within = prediction_error(num(p, "pred_lat_mean_us"), measured)
        out.append([label(r), f"{fmt(num(r, 'loss_pct'))} %", f"{fmt(num(r, 'rate_hz'))} Hz", fmt(measured),
                    fmt(num(p, "pred_lat_mean_us")), f"{err:+.0f} %", "yes" if within else "no"])
    return table(["transport (parameters)", "loss", "rate", "real mean µs", "predicted mean µs", "error",
                  "within 20 %"], out), out


def isislab_table(rows, rate):
    by = {}
    for r in rows:
        if float(r["rate_hz"]) != rate:
            continue
        by.setdefault((int(float(r["receivers"])), float(r["loss_pct"])), {})[label(r)] = r
    setups = sorted({s for v in by.values() for s in v})
    out = []
    for (n, loss), v in sorted(by.items()):
        cells = []
        for s in setups:
            r = v.get(s)
            cells.append("–" if r is None else f"{fmt(num(r, 'relate2'))} / {fmt(num(r, 'delivery') * 100, 2)}")
        out.append([str(n), f"{fmt(loss)} %"] + cells)
    return table(["readers", "loss"] + [f"{s}: ReLate2 µs / delivered %" for s in setups], out)


def flexmat_table(rows):
    out = []
    for r in sorted(rows, key=lambda r: (float(r["loss_pct"]), float(r["rate_hz"]), label(r))):
        total = sum(num(r, c) or 0 for c in ("bytes_data", "bytes_nak", "bytes_repair", "bytes_retransmit",
                                             "bytes_control"))
        out.append([f"{fmt(num(r, 'loss_pct'))} %", f"{fmt(num(r, 'rate_hz'))} Hz", label(r),
                    fmt(num(r, "delivery") * 100, 3), fmt(num(r, "lat_mean_us")), fmt(num(r, "lat_p90_us")),
                    fmt(num(r, "relate2")), fmt(total / 1024, 0)])
    return table(["loss", "rate", "setup", "delivered %", "mean µs", "p90 µs", "ReLate2 µs", "bytes on the wire, KB"], out)


def blueforce_table(rows, header_bytes, tbf=False):
    """The Mockets rows beside the paper; tbf: also the floor on a token-bucket link (the testbed's)."""
    out = []
    for r in rows:
        paper = PAPER_MOCKETS.get((r["experiment"], r["stream"] or "BlueForce"), "–")
        rate, sent = num(r, "rate_hz"), num(r, "sent")
        link = (r.get("link_bandwidth"), PAYLOAD_BYTES.get(r["stream"] or "BlueForce", 1024) + header_bytes, rate,
                sent / rate if rate and sent else None)
        floors = [mockets_floor.floor_ms(*link)] + ([mockets_floor.floor_ms(*link, bucket=netns.tbf_burst)] if tbf else [])
        out.append([r["experiment"], r["transport"], r["stream"] or "–", fmt(sent), fmt(num(r, "received")),
                    fmt(num(r, "replaced")), fmt(num(r, "lat_mean_us") / 1e3 if num(r, "lat_mean_us") else None, 0)]
                   + [fmt(f, 0) for f in floors] + [paper])
    return table(["experiment", "transport", "stream", "sent", "received", "replaced", "mean ms",
                  "floor ms (link time + mean age)"] + (["floor ms on tbf"] if tbf else []) + ["paper"], out)


def speedup_table(rows):
    return table(["point", "readers", "loss", "rate", "CPU s before", "CPU s after", "same row", "load"],
                 [[label(r), r["receivers"], f"{r['loss_pct']} %", f"{r['rate_hz']} Hz", r["cpu_s_before"],
                   r["cpu_s_after"], r["same_row"], r.get("load") or "n/a"] for r in rows])


def stage_load(runs, stage):
    """The 1-minute load averages seen before and after a stage's last round of runs (those that
    finished within 15 minutes of its last)."""
    def at(r):
        return datetime.datetime.strptime(r["finished_utc"], "%Y-%m-%dT%H:%M:%SZ")
    rs = [r for r in runs if r["stage"].split(" (")[0] == stage]
    if not rs:
        return ""
    last = max(at(r) for r in rs)
    loads = sorted(float(v) for r in rs if (last - at(r)).total_seconds() <= 900
                   for v in (r["load_before"], r["load_after"]) if v.replace(".", "", 1).isdigit())
    if not loads:
        return ""
    return f"Load average (1 minute) before and after these runs: {loads[0]:g} to {loads[-1]:g}."


def runs_table(runs):
    """The commands' `|` escaped: a table cell ends at a bare one, also inside backticks."""
    return table(["stage", "command", "wall s", "CPU s", "load before", "load after", "finished (UTC)"],
                 [[r["stage"], "`" + r["command"].replace("|", "\\|") + "`", r["wall_s"], r["cpu_s"], r["load_before"],
                   r["load_after"], r["finished_utc"]] for r in runs])


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data")
    ap.add_argument("-o", "--output", required=True)
    a = ap.parse_args(argv)
    d = a.data
    machine = {}
    if os.path.exists(os.path.join(d, "machine.json")):
        with open(os.path.join(d, "machine.json")) as f:
            machine = json.load(f)
    runs = read(d, "runs")
    emulab_sim, emulab_real = read(d, "emulab_sim"), read(d, "emulab_real")
    predicted, isislab, flexmat = read(d, "emulab_predicted"), read(d, "isislab_sim"), read(d, "flexmat_sim")
    blueforce, blueforce_real = read(d, "blueforce_sim"), read(d, "blueforce_real")
    emulab_testbed, emulab_opendds = read(d, "emulab_testbed"), read(d, "emulab_opendds")
    contract = findings.contract()
    # an update's bytes on the link: ADAMANT's MSG headers and the link's (UDP, IPv4, Ethernet)
    header_bytes = sum(contract["wire"][w]["bytes"] for w in ("header", "msg_fixed", "link_overhead"))

    speedup = read(d, "sim_speedup")
    parts = [intro(machine, runs), section_notes("runs"), runs_table(runs) if runs else "(no runs recorded)",
             findings.speed(runs, isislab, read(d, "grid_estimate"), read(d, "isislab_speed")), section_notes("speed"), speedup_table(speedup) if speedup else "(not measured)"]
    parts += [section_notes("emulab_sim"), point_table(emulab_sim, predicted) if emulab_sim else "(not run)"]
    parts += [section_notes("emulab_real"), point_table(emulab_real, predicted) if emulab_real else "(not run)"]
    testbed_load = read(d, "emulab_testbed_load") + read(d, "emulab_opendds_load")
    parts += [section_notes("emulab_testbed"), point_table(emulab_testbed + emulab_opendds, predicted, testbed_load)
              if emulab_testbed or emulab_opendds else "(not run)", findings.opendds_multicast(emulab_opendds)]
    isislab_25 = read(d, "isislab_25_testbed")
    parts += [section_notes("isislab_25"), point_table(isislab_25, [], read(d, "isislab_25_testbed_load"))
              if isislab_25 else "(not run)"]
    err_text, err_rows = prediction_error_table(emulab_real, predicted)
    parts += [section_notes("prediction_error"), err_text if err_rows else "(no real runs)",
              findings.prediction_error(err_rows),
              findings.prediction_error_testbed(prediction_error_table(emulab_testbed, predicted)[1])]
    parts += [section_notes("prediction_delay"),
              delay_error.section(read(d, "emulab_testbed_nodelay"), read(d, "emulab_testbed_rtt"), predicted,
                                  read(d, "emulab_testbed_nodelay_load"), read(d, "emulab_testbed_rtt_load"))]
    parts += [section_notes("isislab_real"), real_grid.section(d)]
    parts += [section_notes("isislab")]
    for rate in (10.0, 100.0):
        if isislab:
            parts += [f"**{rate:.0f} Hz** (ReLate2 µs / delivered %, mean of the runs):", isislab_table(isislab, rate)]
    parts += [section_notes("findings"), findings.all_findings(emulab_sim, emulab_real, isislab,
                                                                  emulab_testbed + emulab_opendds, read(d, "isislab_real"))]
    parts += [section_notes("flexmat"), flexmat_table(flexmat) if flexmat else "(not run)", findings.flexmat(flexmat)]
    parts += [section_notes("blueforce"), blueforce_table(blueforce, header_bytes) if blueforce else "(not run)"]
    parts += [section_notes("blueforce_real"),
              blueforce_table(blueforce_real, header_bytes, tbf=True) if blueforce_real else "(not run)",
              stage_load(runs, "blueforce-real")]
    parts += [section_notes("not_done")]
    with open(a.output, "w") as f:
        f.write("\n\n".join(p.strip("\n") for p in parts if p) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
