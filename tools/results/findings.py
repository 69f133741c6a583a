"""The RT-ESP study's findings, each checked against the runs in docs/results/: a verdict computed
from the data, the evidence (the numbers behind it) and why (text.WHY). Used by make_tables.py."""
import json
import os

from reliability import Catalog
from text import WHY

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
NAK, RICOCHET = "nakcast", "ricochet"
RMCAST = "multicast_reliable"  # OpenDDS's reliable multicast: the study's RMcast
PEERS = ("norm", "pgm")  # the peer libraries of `adamant bench --peers` (NRL NORM, OpenPGM)


def contract():
    with open(os.path.join(ROOT, "runtime", "contract", "contract.json")) as f:
        return json.load(f)


def _f(row, col):
    try:
        return float(row[col])
    except (KeyError, TypeError, ValueError):
        return None


def _label(row):
    return row["transport"] + (f" ({row['transport_params']})" if row.get("transport_params") else "")


def _points(rows, *keys):
    groups = {}
    for r in rows:
        groups.setdefault(tuple(float(r[k]) for k in keys), []).append(r)
    return groups


def _best(rows, transport, col):
    """The row of `transport` (any parameters) with the lowest `col`, or None."""
    candidates = [r for r in rows if r["transport"] == transport and _f(r, col) is not None]
    return min(candidates, key=lambda r: _f(r, col)) if candidates else None


def _verdict(ok, partly=False):
    return "**reproduced**" if ok else ("**partly reproduced**" if partly else "**not reproduced**")


def _lowest_per_point(rows, col, wins_if, what, source):
    """Whether, at each (loss, rate) point of `rows`, the row with the lowest `col` is one `wins_if` accepts."""
    rows = [r for r in rows if _f(r, col) is not None]
    if not rows:
        return None
    wins, total, lines = 0, 0, []
    for (loss, rate), group in sorted(_points(rows, "loss_pct", "rate_hz").items()):
        best = min(group, key=lambda r: _f(r, col))
        total += 1
        wins += wins_if(best)
        lines.append(f"{loss:g} % {rate:g} Hz: lowest {what} {_name(best)} {_f(best, col):,.0f} µs")
    return f"{_verdict(wins == total, wins > 0)} in the {source} ({wins} of {total} points): " + "; ".join(lines)


def _lowest_latency_unreliable(rows, source, col="lat_mean_us", what="mean", catalog=None):
    """Unreliable as the transport catalog states it (reliability.py), for ADAMANT's and OpenDDS's rows alike."""
    catalog = catalog or Catalog.load()
    # the peer libraries are not in ADAMANT's catalog: NORM and OpenPGM repair every loss (reliable)
    def unreliable(r):
        return r["transport"] not in PEERS and catalog.unreliable(r)
    if not any(unreliable(r) for r in rows):
        return None  # no unreliable transport ran there: nothing to judge
    return _lowest_per_point(rows, col, unreliable, what, source)


def _tcp_highest(rows):
    lossy = [r for r in rows if _f(r, "loss_pct") and _f(r, "loss_pct") > 0]
    if not any(r["transport"] == "tcp" for r in lossy):
        return None
    wins, total, lines = 0, 0, []
    for (loss, rate), group in sorted(_points(lossy, "loss_pct", "rate_hz").items()):
        ranked = sorted(group, key=lambda r: -_f(r, "lat_mean_us"))
        tcp = next(i for i, r in enumerate(ranked) if r["transport"] == "tcp")
        total += 1
        wins += tcp == 0
        lines.append(f"{loss:g} % {rate:g} Hz: highest mean {_label(ranked[0])} {_f(ranked[0], 'lat_mean_us'):,.0f} µs, "
                     f"tcp {_f(ranked[tcp], 'lat_mean_us'):,.0f} µs (rank {tcp + 1} of {len(ranked)}, highest first)")
    return f"{_verdict(wins == total, wins > 0)} ({wins} of {total} lossy points: tcp has the highest mean): " \
        + "; ".join(lines)


def _lowest_relate2(rows, source):
    lossy = [r for r in rows if _f(r, "loss_pct")]
    return _lowest_per_point(lossy, "relate2", lambda r: r["transport"] in (NAK, RICOCHET, RMCAST), "ReLate2", source)


def _relate2_against_peers(grid):
    """Whether NAKcast or Ricochet has the lowest ReLate2 at each lossy point where a peer library ran too."""
    lossy = [r for r in grid if _f(r, "loss_pct") and _f(r, "relate2") is not None]
    wins, total, lines = 0, 0, []
    for (n, loss, rate), group in sorted(_points(lossy, "receivers", "loss_pct", "rate_hz").items()):
        peers = [r for r in group if r["transport"] in PEERS]
        if not peers:
            continue
        best, peer = min(group, key=lambda r: _f(r, "relate2")), min(peers, key=lambda r: _f(r, "relate2"))
        total += 1
        wins += best["transport"] in (NAK, RICOCHET)
        lines.append(f"{n:g} readers {loss:g} % {rate:g} Hz: lowest {_name(best)} {_f(best, 'relate2'):,.0f} µs, "
                     f"best peer {_name(peer)} {_f(peer, 'relate2'):,.0f} µs")
    if not total:
        return None
    return f"{_verdict(wins == total, wins > 0)} against the peer libraries NRL NORM and OpenPGM on the testbed " \
        f"(the ISISlab grid reduced, {wins} of {total} lossy points; the machine's load while each side ran is in " \
        "that section): " + "; ".join(lines)


def _name(row):
    return row["transport"] if row["transport"] in PEERS else _label(row)


def _nak_vs_ricochet(isislab, receivers=None, loss=None):
    """Per matching (receivers, loss, rate) point: (best NAKcast ReLate2, best Ricochet ReLate2)."""
    out = []
    for (n, l, rate), group in sorted(_points(isislab, "receivers", "loss_pct", "rate_hz").items()):
        if (receivers is not None and n != receivers) or (loss is not None and l != loss):
            continue
        nak, ric = _best(group, NAK, "relate2"), _best(group, RICOCHET, "relate2")
        if nak and ric:
            out.append(((n, l, rate), _f(nak, "relate2"), _f(ric, "relate2"), nak, ric))
    return out


def _nak_better_small(isislab):
    pts = _nak_vs_ricochet(isislab, 3.0, 1.0)
    if not pts:
        return None
    wins = sum(nak < ric for _, nak, ric, _, _ in pts)
    detail = "; ".join(f"{k[2]:g} Hz: NAKcast {nak:,.0f} µs, Ricochet {ric:,.0f} µs" for k, nak, ric, _, _ in pts)
    return f"{_verdict(wins == len(pts), wins > len(pts) / 2)} (best NAKcast ReLate2 below best Ricochet's at {wins} " \
           f"of {len(pts)} rates, 3 readers, 1 % loss): {detail}"


def _ricochet_favoured(isislab):
    pts = _nak_vs_ricochet(isislab)
    if not pts:
        return None

    def share(pred):
        sel = [(nak, ric) for k, nak, ric, _, _ in pts if pred(k)]
        return sum(ric < nak for nak, ric in sel) / len(sel) if sel else None
    losses = sorted({k[1] for k, *_ in pts})
    readers = sorted({k[0] for k, *_ in pts})
    by_loss = [(l, share(lambda k, l=l: k[1] == l)) for l in losses]
    # reader counts with lossy points only: a partial grid may hold some counts at 0 % loss alone
    by_readers = [(n, s) for n in readers if (s := share(lambda k, n=n: k[0] == n and k[1] > 0)) is not None]
    if len(by_loss) < 2 or len(by_readers) < 2:
        return f"**not enough data**: the points where both ran span {len(by_loss)} loss level(s) and " \
               f"{len(by_readers)} reader count(s) with loss; a trend needs two of each"
    rising = by_loss[-1][1] > by_loss[0][1] and by_readers[-1][1] >= by_readers[0][1]
    return f"{_verdict(rising, by_loss[-1][1] > by_loss[0][1] or by_readers[-1][1] > by_readers[0][1])}: share of points " \
           "where Ricochet's best ReLate2 is below NAKcast's — by loss: " + \
           ", ".join(f"{l:g} % {s:.0%}" for l, s in by_loss) + "; by readers (lossy points): " + \
           ", ".join(f"{n:g} {s:.0%}" for n, s in by_readers)


def _r4_faster(isislab):
    lossy = [r for r in isislab if _f(r, "loss_pct")]
    wins, total = 0, 0
    for _, group in _points(lossy, "receivers", "loss_pct", "rate_hz").items():
        r4 = [r for r in group if r["transport"] == RICOCHET and "r=4" in (r.get("transport_params") or "").split(";")]
        nak = _best(group, NAK, "lat_mean_us")
        if r4 and nak:
            total += 1
            wins += _f(r4[0], "lat_mean_us") < _f(nak, "lat_mean_us")
    if not total:
        return None
    return f"{_verdict(wins > total / 2, wins > 0)}: Ricochet r=4's mean latency is below the best NAKcast's at " \
           f"{wins} of {total} lossy ISISlab points (the study: 9 of 20 at 3 readers, 1 %)"


def _nak_anomaly(isislab, emulab, real):
    rows = [r for r in isislab + emulab if r["transport"] == NAK and _f(r, "delivery") is not None]
    if not rows:
        return None
    worst = min(rows, key=lambda r: _f(r, "delivery"))
    text = f"{_verdict(_f(worst, 'delivery') < 0.9)} for ADAMANT's NAKcast: its lowest delivery over the grids is " \
           f"{_f(worst, 'delivery') * 100:.3f} % ({_label(worst)}, {_f(worst, 'receivers'):g} readers, " \
           f"{_f(worst, 'loss_pct'):g} % loss, {_f(worst, 'rate_hz'):g} Hz)"
    mc = [r for r in real if r["transport"] == RMCAST and _f(r, "delivery") is not None]
    if mc:
        low = min(mc, key=lambda r: _f(r, "delivery"))
        text += f"; OpenDDS reliable multicast (testbed, per-host loss): its lowest delivery " \
                f"{_f(low, 'delivery') * 100:.2f} % ({_f(low, 'loss_pct'):g} % loss, {_f(low, 'rate_hz'):g} Hz): " \
                + ("the anomaly **reproduced**" if _f(low, "delivery") < 0.9 else "the anomaly **not reproduced**")
    else:
        text += "; OpenDDS reliable multicast: not measured in these runs"
    return text


def opendds_multicast(rows):
    """The delivery of OpenDDS's reliable multicast at each testbed point (the study's RMcast anomaly)."""
    mc = sorted((r for r in rows if r["transport"] == RMCAST and _f(r, "delivery") is not None),
                key=lambda r: (_f(r, "loss_pct"), _f(r, "rate_hz")))
    if not mc:
        return ""
    return ("OpenDDS's reliable multicast delivered " + "; ".join(
        f"{_f(r, 'delivery') * 100:.2f} % at {_f(r, 'loss_pct'):g} % loss, {_f(r, 'rate_hz'):g} Hz" for r in mc)
        + " (the study's RMcast: 79 % and 49 %).")


def all_findings(emulab_sim, emulab_real, isislab, testbed=(), grid=()):
    catalog = Catalog.load()
    items = [
        ("Unreliable transports have the lowest latency (Emulab, Figures 9–12)",
         [_lowest_latency_unreliable(emulab_sim, "simulator", catalog=catalog),
          _lowest_latency_unreliable(emulab_real, "real runs", catalog=catalog),
          _lowest_latency_unreliable(list(testbed), "testbed runs", catalog=catalog),
          # on a loaded machine a real mean is set by its scheduling tail: the median too
          _lowest_latency_unreliable(list(testbed), "testbed runs by the median", "lat_p50_us", "p50", catalog)],
         "unreliable"),
        ("TCP has the highest latency under loss (Figures 11–12)", [_tcp_highest(list(testbed))], "tcp"),
        ("NAK multicast and Ricochet have the lowest ReLate2 (Figure 15)",
         [_lowest_relate2(emulab_sim, "simulator"), _lowest_relate2(emulab_real, "real runs"),
          _lowest_relate2(list(testbed), "testbed runs"), _relate2_against_peers(list(grid))], "relate2"),
        ("NAK multicast is better at 3 readers and 1 % loss (Figures 16–18)", [_nak_better_small(isislab)], "small"),
        ("Ricochet is favoured as loss and readers grow", [_ricochet_favoured(isislab)], "grow"),
        ("r = 4 makes Ricochet faster than NAK multicast (Figures 19–21)", [_r4_faster(isislab)], "r4"),
        ("The NAK-multicast anomaly (79 % and 49 % delivered, Figure 17)",
         [_nak_anomaly(isislab, emulab_sim, list(testbed))], "anomaly"),
    ]
    out = []
    for i, (claim, verdicts, why) in enumerate(items, 1):
        found = [v for v in verdicts if v]
        text = "; ".join(found) if found else "**not measured** in these runs"
        out.append(f"{i}. *{claim}.* {text}. Why: {WHY[why]}")
    return "\n".join(out)


def prediction_error(rows):
    if not rows:
        return ""
    within = sum(r[-1] == "yes" for r in rows)
    return f"{within} of {len(rows)} real points are within 20 % of the prediction. {WHY['prediction']}"


def prediction_error_testbed(rows):
    """The same count over Table 2 on the testbed (the study's 20,000 updates, the model's runs)."""
    if not rows:
        return ""
    lossy = [r for r in rows if r[1] != "0 %"]
    calm = sorted(float(r[3].replace(",", "")) for r in rows if r[1] == "0 %")
    return (f"Over Table 2 on the testbed (the section above: 20,000 updates per run, the model's 3 runs): "
            f"{sum(r[-1] == 'yes' for r in rows)} of {len(rows)} points within 20 % of the prediction, "
            f"{sum(r[-1] == 'yes' for r in lossy)} of {len(lossy)} of those with loss, where a repair's timing "
            f"sets the mean; without loss the measured means ({calm[0]:,.0f}–{calm[-1]:,.0f} µs) scatter around the prediction "
            "by the end hosts' wake-ups on the shared machine and the loopback-like links the model does not "
            "state (the next section gives the testbed the model's round trip).")


GRID_POINTS = 1920  # sar's rtesp_isislab_sweep: 6 readers × 4 losses × 4 rates × 4 setups × 5 runs
TARGET_S = 600      # issue 15: the whole grid with --jobs 2 in under 10 minutes on 2 cores


def speed(runs, isislab, estimate, measured=()):
    """The ISISlab grid's runs (a run stopped part way keeps its points; the next resumes), the points per
    second each simulated (tools/results/speed_row.py) and the whole grid's CPU time estimated from a
    stratified sample (tools/results/estimate_grid.py)."""
    text = ["**Speed (the ISISlab grid in the simulator, 1,920 points × 20,000 updates):**"]
    measured = {(m["finished_utc"], m["command"]): m for m in measured}
    # the simulator grid's runs only (isislab-real is the testbed grid, with a section of its own)
    grid_runs = [(run, measured.get((run["finished_utc"], run["command"]))) for run in runs
                 if run["stage"].startswith("isislab") and not run["stage"].startswith("isislab-real")]
    whole = [(run, m) for run, m in grid_runs if m and int(m["points_run"]) == GRID_POINTS]
    if whole:
        run, m = whole[-1]
        sim_s = float(m["sim_s"])
        text.append(f"the last run of the whole grid, `{run['command']}`, simulated {GRID_POINTS:,} points in "
                    f"**{sim_s:,.0f} s ({sim_s / 60:.1f} min) with --jobs {m['jobs']}** "
                    f"({'under' if sim_s < TARGET_S else 'over'} the 10-minute target), the machine's load "
                    f"{run['load_before']} → {run['load_after']}; the command took {float(run['wall_s']):,.0f} s "
                    f"wall and {float(run['cpu_s']):,.0f} CPU s in all, which includes generating the model and "
                    f"building the bench (and, on a cold checkout, the CLI and the runtime).")
    earlier = [f"{float(m['sim_s']):,.0f} s for {int(m['points_run']):,} points ({run['finished_utc'][:16]}Z, load "
               f"{run['load_before']} → {run['load_after']})" for run, m in grid_runs
               if m and int(m["points_run"]) > 0 and (not whole or (run, m) != whole[-1])]
    if earlier:
        text.append("Earlier runs (docs/results/runs.csv), the simulation's own time: " + "; ".join(earlier) + ".")
    if isislab:
        text.append(f"The grid's data holds {sum(int(r['runs']) for r in isislab):,} of its 1,920 points.")
    if estimate:
        total = sum(float(r["cpu_s"]) * int(r["stratum_points"]) for r in estimate)
        text.append(f"The whole grid's CPU time, from one timed point per transport, reader count and rate (a "
                    f"point's cost follows its virtual time) weighted by its share of the grid: ≈ {total:,.0f} s, so "
                    f"≈ {total / 2 / 60:.1f} min with both cores to itself (plus one process start per point).")
    return " ".join(text)


def flexmat(rows):
    if not rows:
        return ""
    notes = []
    for (loss, rate), group in sorted(_points(rows, "loss_pct", "rate_hz").items()):
        lat = min(group, key=lambda r: _f(r, "lat_mean_us"))
        rel = min(group, key=lambda r: _f(r, "relate2"))
        notes.append(f"{loss:g} % {rate:g} Hz: lowest mean {_label(lat)}, lowest ReLate2 {_label(rel)}")
    return "Per point: " + "; ".join(notes) + "."
