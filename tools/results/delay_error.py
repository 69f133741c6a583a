"""The prediction error of Table 2 reduced on the testbed, without delay nodes and with the round trip
the model states (200 µs: 50 µs each way on every host link, docs/testbed.md): whether giving the
real runs the model's network brings them within 20 % of the predictions."""
from rows import fmt, label, num, prediction, prediction_error, table


def section(plain, delayed, predicted, load_plain, load_delayed):
    """The table per point (predicted, each testbed's mean and error), the counts and the load."""
    by = {}
    for kind, rows in (("plain", plain), ("delayed", delayed)):
        for r in rows:
            by.setdefault((label(r), num(r, "loss_pct"), num(r, "rate_hz")), {})[kind] = r
    out, counts = [], {"plain": 0, "delayed": 0}
    for (name, loss, rate), v in sorted(by.items()):
        any_row = next(iter(v.values()))
        p = prediction(predicted, any_row)
        if not p or num(p, "pred_lat_mean_us") is None or len(v) < 2:
            continue
        pred, cells = num(p, "pred_lat_mean_us"), []
        for kind in ("plain", "delayed"):
            measured = num(v[kind], "lat_mean_us")
            err, within = prediction_error(pred, measured)
            counts[kind] += within
            cells += [fmt(measured), f"{err:+.0f} %"]
        out.append([name, f"{fmt(loss)} %", f"{fmt(rate)} Hz", fmt(pred)] + cells)
    if not out:
        return "(not run)"
    head = ["transport (parameters)", "loss", "rate", "predicted mean µs", "no delay: mean µs", "error",
            "200 µs round trip: mean µs", "error"]

    def load(lines):
        vals = [num(l, k) for l in lines for k in ("load1_before", "load1_mean", "load1_after")]
        vals = [x for x in vals if x is not None]
        return f"{min(vals):g}–{max(vals):g}" if vals else "n/a"

    return (table(head, out) + "\n\n"
            f"Within 20 % of the prediction: {counts['plain']} of {len(out)} points without delay nodes, "
            f"{counts['delayed']} of {len(out)} with the model's 200 µs round trip (1-minute load while they "
            f"ran: {load(load_plain)} and {load(load_delayed)}).")
