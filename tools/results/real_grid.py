"""The section of docs/results.md on the ISISlab grid reduced for real runs on the testbed
(tools/results/isislab_real.adamant): per point and transport the real runs beside the model's
prediction and the simulator, the machine's load while the point ran, and per transport whether the
prediction is within 20 % of the real runs, or why not. Every figure and verdict is computed here
from docs/results/isislab_real*.csv (make-results.sh's isislab-real stage)."""
import datetime
import statistics

import peer_table
from rows import WITHIN_PCT as WITHIN, fmt, label, num, prediction, prediction_error, read, table


def _same_point(a, b):
    return a["transport"] == b["transport"] and a.get("transport_params", "") == b.get("transport_params", "") \
        and all(float(a[f]) == float(b[f]) for f in ("receivers", "loss_pct", "rate_hz"))


def _error(predicted, measured):
    """The prediction's error relative to the measurement, in per cent."""
    if predicted is None or not measured:
        return None
    return prediction_error(predicted, measured)[0]


def _pct(value):
    return "–" if value is None else f"{value:+.0f} %"


def _utc(text):
    return datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ")


def _wakeups_during(loads, wakeups):
    """The wake-up probe's lines (wakeup.py) that ended while one of these runs ran (or within one
    probe interval after it, so a short run still gets the interval that covers it)."""
    spans = [(_utc(x["started_utc"]), _utc(x["started_utc"]) + datetime.timedelta(seconds=float(x["seconds"]) + 5))
             for x in loads]
    return [w for w in wakeups if any(a <= _utc(w["utc"]) <= b for a, b in spans)]


def points(real, sim, predicted, loads, wakeups):
    """One dict per real point: its row, the simulator's row, the prediction, the load lines of its
    runs and the wake-up probe's lines while they ran."""
    out = []
    for r in sorted(real, key=lambda r: (label(r), float(r["receivers"]), float(r["loss_pct"]), float(r["rate_hz"]))):
        p = prediction(predicted, r)
        s = next((x for x in sim if _same_point(x, r)), None)
        mine = [x for x in loads if _same_point(x, r)]
        load = [float(x["load1_mean"]) for x in mine]
        woke = _wakeups_during(mine, wakeups)
        measured, p50 = num(r, "lat_mean_us"), num(r, "lat_p50_us")
        pred = num(p, "pred_lat_mean_us") if p else None
        out.append({"row": r, "sim": s, "pred": p, "load": load, "pred_us": pred,
                    "late_p50": _median([num(w, "late_p50_us") for w in woke]),
                    "late_p99": _median([num(w, "late_p99_us") for w in woke]), "err": _error(pred, measured),
                    "err_p50": _error(pred, p50) if float(r["loss_pct"]) == 0 else None, "err_sim": _error(num(s, "lat_mean_us") if s else None, measured)})
    return out


def point_table(pts):
    lines = []
    for x in pts:
        r, s, p, load = x["row"], x["sim"], x["pred"], x["load"]
        delivered = num(r, "delivery")
        lines.append([
            label(r), str(int(float(r["receivers"]))), f"{fmt(num(r, 'loss_pct'))} %", f"{fmt(num(r, 'rate_hz'))} Hz",
            r.get("runs", ""),
            f"{statistics.mean(load):.1f} ({min(load):.1f}–{max(load):.1f})" if load else "–",
            f"{fmt(x['late_p50'])} / {fmt(x['late_p99'])}" if x["late_p99"] is not None else "–",
            fmt(delivered * 100 if delivered is not None else None, 2),
            fmt(num(p, "pred_delivery") * 100, 2) if p and num(p, "pred_delivery") is not None else "–",
            fmt(num(r, "lat_mean_us")), fmt(num(r, "lat_p50_us")), fmt(num(r, "lat_p99_us")),
            fmt(num(p, "pred_lat_mean_us")) if p else "–", _pct(x["err"]), _pct(x["err_p50"]),
            fmt(num(s, "lat_mean_us")) if s else "–", _pct(x["err_sim"])])
    return table(["transport (parameters)", "readers", "loss", "rate", "runs", "load (1-min avg: mean, range)",
                  "1 ms sleep woke late by, p50 / p99 µs",
                  "delivered %", "predicted delivered %", "real mean µs", "real p50 µs", "real p99 µs",
                  "predicted mean µs", "error of the prediction (mean)", "against the real p50 (no loss)",
                  "simulator mean µs", "simulator against real (mean)"], lines)


def _median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def _ratio(a, b):
    return a / b if a is not None and b else None


def _reasons(group):
    """Why a transport's predictions miss the real means, read off its points."""
    why = []
    far = [x for x in group if x["err"] is not None and abs(x["err"]) > WITHIN]
    if not far:
        return why
    sim_close = [x for x in far if x["sim"] is not None
                 and abs(_error(x["pred_us"], num(x["sim"], "lat_mean_us")) or 0) <= WITHIN]
    if sim_close:
        why.append(f"at {len(sim_close)} of the {len(far)} points outside the bound the simulator, the same "
                   f"transport with no CPU to wait for, is within {WITHIN:.0f} % of the prediction")
    tails = [_ratio(num(x["row"], "lat_p99_us"), num(x["row"], "lat_p50_us")) for x in far]
    if _median(tails) is not None:
        why.append(f"the real means there are set by their tails (p99 a median {_median(tails):,.0f}× the p50)")
    late = [x for x in far if x["late_p99"] is not None and x["pred_us"] is not None]
    if late:
        beyond = sum(x["late_p99"] > x["pred_us"] for x in late)
        why.append(f"while they ran, a process asking to sleep 1 ms woke up a median {fmt(_median([x['late_p99'] for x in late]))} µs "
                   f"late at p99, more than the whole predicted latency at {beyond} of {len(late)}")
    by_readers = {}
    for x in group:
        if x["err"] is not None:
            by_readers.setdefault(int(float(x["row"]["receivers"])), []).append(abs(x["err"]))
    medians = {n: statistics.median(v) for n, v in sorted(by_readers.items())}
    if len(medians) > 1 and medians[max(medians)] > medians[min(medians)] + 10:
        few, many = min(medians), max(medians)
        why.append(f"the error grows with the readers (median |error| {medians[few]:.0f} % at {few}, "
                   f"{medians[many]:.0f} % at {many}: {many + 1} bench processes on 2 cores)")
    loads = [statistics.mean(x["load"]) for x in group if x["load"]]
    if loads:
        why.append(f"the 1-minute load average was {min(loads):.1f} to {max(loads):.1f} during its points")
    return why


def overall(pts):
    """What the whole grid says: where the prediction holds, and the bare path without loss."""
    slow = [x for x in pts if x["err"] is not None and x["pred_us"] is not None and x["pred_us"] >= 1000]
    fast = [x for x in pts if x["err"] is not None and x["pred_us"] is not None and x["pred_us"] < 1000]
    within = lambda xs: sum(abs(x["err"]) <= WITHIN for x in xs)  # noqa: E731
    text = [f"The prediction is within {WITHIN:.0f} % of the real mean at {within(slow) + within(fast)} of "
            f"{len(slow) + len(fast)} points: at {within(slow)} of the {len(slow)} where it predicts a millisecond or "
            f"more (a repair's wait: a NAK timeout, Ricochet's r packets) and at {within(fast)} of the {len(fast)} "
            "where it predicts the bare path, which the machine's delays of milliseconds (the wake-up column) "
            "outweigh many times over."]
    for n in sorted({int(float(x["row"]["receivers"])) for x in pts}):
        clean = [x for x in pts if int(float(x["row"]["receivers"])) == n and float(x["row"]["loss_pct"]) == 0
                 and num(x["row"], "lat_p50_us") is not None and x["pred_us"] is not None]
        if clean:
            p50s = [num(x["row"], "lat_p50_us") for x in clean]
            text.append(f"Without loss, at {n} readers, the real median (p50) is {min(p50s):,.0f}–{max(p50s):,.0f} µs "
                        f"against the predicted {fmt(_median([x['pred_us'] for x in clean]))} µs (half the "
                        "environment's round trip).")
    return " ".join(text)


def transport_table(pts):
    lines, verdicts = [], []
    for name in sorted({label(x["row"]) for x in pts}):
        group = [x for x in pts if label(x["row"]) == name]
        errs = [x["err"] for x in group if x["err"] is not None]
        if not errs:
            continue  # no prediction to judge (the peer libraries: the model has none)
        within = sum(abs(e) <= WITHIN for e in errs)
        lines.append([name, str(len(errs)), str(within), _pct(_median(errs)), _pct(_median([x["err_p50"] for x in group])),
                      _pct(_median([x["err_sim"] for x in group]))])
        if errs and within == len(errs):
            verdicts.append(f"- **{name}**: within {WITHIN:.0f} % at every point.")
        elif errs:
            verdicts.append(f"- **{name}**: within {WITHIN:.0f} % at {within} of {len(errs)} points; "
                            + "; ".join(_reasons(group)) + ".")
    return table(["transport (parameters)", "points", f"within {WITHIN:.0f} %", "median error (mean)",
                  "median error against the p50 (no loss)", "median simulator against real"], lines), verdicts


def section(data):
    """The section's tables and verdicts, or "" when the grid has not run."""
    real = read(data, "isislab_real")
    if not real:
        return "(not run)"
    pts = points(real, read(data, "isislab_real_sim"), read(data, "isislab_real_predicted"),
                 read(data, "isislab_real_load"), read(data, "isislab_real_wakeup"))
    summary, verdicts = transport_table(pts)
    return "\n\n".join([point_table(pts), "Per transport (the error is predicted − real, over real):", summary,
                        overall(pts), "\n".join(verdicts), peer_table.section(real, read(data, "isislab_real_load"))])
