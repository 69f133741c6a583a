"""The peer-library points of `adamant bench --peers` (real mode): each point of an experiment run
again over a peer reliable-multicast library through ant-peer-bench (runtime/README.md, "Peers"),
as a transport of its own (`norm`, `pgm`) in the same rows.

A peer point copies a listed point's readers, loss, rate, updates and run; its transport is the
library and its transport_params the library's settings, as ant-peer-bench's --list-points prints
them, so its key (points.key) names it in the rows and a resumed run skips it. The points of one
experiment that differ only in transport give one peer point per library; a multi-stream point has
none (ant-peer-bench sends one stream). Run r uses seed r, as `ant-peer-bench --runs` numbers them
from run 1 and seed 1. Updates carry ant-bench's 12-byte counter payload (ant-peer-bench's default,
the RT-ESP models' 12 B).
"""
import subprocess

import points as pointlib

LIBRARIES = ("norm", "pgm")  # the reliable-multicast peers ant-peer-bench can be built with


class BadPeers(ValueError):
    pass


def parse(text):
    """The libraries of `--peers LIB[,LIB...]`, in order, each once."""
    libs = []
    for lib in (t.strip() for t in (text or "").split(",")):
        if not lib:
            continue
        if lib not in LIBRARIES:
            raise BadPeers(f"unknown peer library '{lib}': give {' or '.join(LIBRARIES)} (ant-peer-bench --library)")
        if lib not in libs:
            libs.append(lib)
    return libs


def missing(peer_bench, libs):
    """The libraries of `libs` that `peer_bench` was built without (its --list-libraries)."""
    out = subprocess.run([peer_bench, "--list-libraries"], check=True, capture_output=True, text=True).stdout
    have = set(out.split())
    return [lib for lib in libs if lib not in have]


def _options(point):
    return ["--receivers", point["receivers"], "--loss", point["loss_pct"], "--rate", point["rate_hz"],
            "--updates", point["updates"], "--run", point["run"], "--seed", point["run"]]


def list_points(peer_bench, libs, listed, experiment):
    """The peer points of the experiment's listed points (--list-points lines), each lib in turn."""
    out, seen = [], set()
    for lib in libs:
        for point in listed:
            if point.get("streams"):
                continue
            fields = (lib, point["receivers"], point["loss_pct"], point["rate_hz"], point["run"], point["updates"])
            if fields in seen:
                continue
            seen.add(fields)
            listing = subprocess.run([peer_bench, "--library", lib, *_options(point), "--list-points"],
                                     capture_output=True, text=True)
            if listing.returncode != 0:
                raise BadPeers(f"{lib} refuses the point of {point['receivers']} readers, {point['loss_pct']} % loss, "
                               f"{point['rate_hz']} Hz, {point['updates']} updates: {listing.stderr.strip()}")
            mine = pointlib.parse_listing(listing.stdout)[0]
            mine["index"] = f"{experiment}.{lib}{len(out)}"  # names its log beside the bench's
            mine["peer_library"] = lib
            out.append(mine)
    return out


def command(peer_bench, point, csv_path, cdf_path, wrap=()):
    """The exact command line of one peer point (under `wrap`, as a bench's point)."""
    return list(wrap) + [peer_bench, "--library", point["peer_library"], *_options(point), "--csv", csv_path,
                         "--cdf", cdf_path]
