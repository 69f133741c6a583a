"""The points of a generated OpenDDS bench (`adamant bench --target opendds`), which speaks its own
command line (runtime/include/adamant/process_bench.hpp): `--list` prints "INDEX TRANSPORT PARAMS
RECEIVERS LOSS RATE" per point, `--points I` runs point I (all its --runs), always real processes
started by the bench in its build directory with the model's .ini (-DCPSConfigFile), and a
DCPSInfoRepo first when the .ini discovers through one (the multicast transport).

A point here covers all its runs, so its key leaves the run out and compares numbers as numbers: a
point is done once any row of it is in the results (a point's rows land together, store.Store.add).
"""
import os
import subprocess

INFO_REPO_SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "opendds-point.sh")


def ini_of(bench):
    """The model's .ini in the bench's build directory (the generated CMake copies it there)."""
    found = sorted(f for f in os.listdir(os.path.dirname(bench)) if f.endswith(".ini"))
    if not found:
        raise FileNotFoundError(f"no .ini beside {bench}")
    return os.path.join(os.path.dirname(bench), found[0])


def list_points(bench, extra=()):
    out = subprocess.run([bench, *extra, "--list"], check=True, capture_output=True, text=True,
                         cwd=os.path.dirname(bench)).stdout
    points = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) != 6 or not parts[0].isdigit():
            continue
        index, transport, params, receivers, loss, rate = parts
        points.append({"index": index, "transport": transport, "transport_params": "" if params == "-" else params,
                       "receivers": receivers, "loss_pct": loss, "rate_hz": rate, "run": "", "updates": ""})
    return points


def key(experiment, fields):
    def n(v):
        try:
            return float(v)
        except ValueError:
            return v
    return (experiment, fields["transport"], fields.get("transport_params") or "", n(fields["receivers"]),
            n(fields["loss_pct"]), n(fields["rate_hz"]))


def command(bench, point, csv_path, wrap=(), extra=()):
    """The exact command of one point: under `wrap` (the network namespace), opendds-point.sh starts
    a DCPSInfoRepo when the .ini needs one and runs the bench in its build directory."""
    return list(wrap) + ["bash", INFO_REPO_SCRIPT, os.path.dirname(bench), ini_of(bench), bench,
                         "-DCPSConfigFile", ini_of(bench), *extra, "--points", point["index"], "--csv", csv_path]
