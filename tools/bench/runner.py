"""Runs one point of a generated bench on its own (--only INDEX) into a scratch directory, so that
its rows reach the output only once the point has finished (store.Store.add)."""
import os
import shutil
import subprocess
import tempfile
import threading

import opendds_points
import peer_points
from pointload import Watch


class PointFailed(RuntimeError):
    pass


class Children:
    """The bench processes running now, so that an interrupted run can stop them."""

    def __init__(self):
        self._lock, self._procs, self.stopping = threading.Lock(), set(), False

    def start(self, cmd):
        with self._lock:
            if self.stopping:
                raise PointFailed("stopped")
            proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            self._procs.add(proc)
        return proc

    def finished(self, proc):
        with self._lock:
            self._procs.discard(proc)

    def stop_all(self):
        with self._lock:
            self.stopping = True
            for proc in self._procs:
                proc.terminate()


def command(bench, mode, index, csv_path, cdf_path, wrap=(), extra=(), timeline_path=None):
    """The exact command line of one point: the bench under `wrap` (e.g. the network namespace),
    with the options `extra` that the points were listed with; in the simulator, its timeline too."""
    timeline = ["--timeline", timeline_path] if timeline_path and mode == "sim" else []
    return list(wrap) + [bench, "--mode", mode, *extra, "--only", str(index), "--csv", csv_path, "--cdf", cdf_path,
                         *timeline]


def run_point(bench, mode, point, scratch_root, children, wrap=(), extra=(), log_dir=None, target="native",
              running=lambda: 1):
    """Runs `point` (a --list-points line; OpenDDS: a --list line, every run of it; a peer point:
    peer_points, with `bench` ant-peer-bench); returns (results CSV text, percentiles CSV text, timeline
    CSV text ("" when none), command, the point's load line: pointload, with `running()` the points
    running at once)."""
    scratch = tempfile.mkdtemp(prefix=f"point{point['index']}.", dir=scratch_root)
    try:
        csv_path, cdf_path = os.path.join(scratch, "results.csv"), os.path.join(scratch, "cdf.csv")
        timeline_path = os.path.join(scratch, "timeline.csv")
        if "peer_library" in point:
            cmd = peer_points.command(bench, point, csv_path, cdf_path, wrap)
        elif target == "opendds":
            cmd = opendds_points.command(bench, point, csv_path, wrap, extra)
        else:
            cmd = command(bench, mode, point["index"], csv_path, cdf_path, wrap, extra, timeline_path)
        with Watch(running) as load:
            proc = children.start(cmd)
            try:
                out, err = proc.communicate()
            finally:
                children.finished(proc)
        if log_dir:
            with open(os.path.join(log_dir, f"{os.path.basename(bench)}.point{point['index']}.log"), "w") as log:
                log.write(out + err)
        if proc.returncode != 0 or not os.path.exists(csv_path):
            tail = "\n".join((err or out).strip().splitlines()[-5:])
            raise PointFailed(f"point {point['index']} of {os.path.basename(bench)} failed "
                              f"(exit {proc.returncode}): {tail}")
        with open(csv_path) as f:
            results = f.read()
        cdf = ""
        if os.path.exists(cdf_path):
            with open(cdf_path) as f:
                cdf = f.read()
        timeline = ""
        if os.path.exists(timeline_path):
            with open(timeline_path) as f:
                timeline = f.read()
        return results, cdf, timeline, cmd, load.csv_for(point)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
