"""The results of one `adamant bench` output directory, written so that an interrupted run leaves
only complete rows: each finished point's rows are appended in one write and synced (a file is
written anew and renamed into place only when it is made), a row cut short by an interrupted
write is cut off before the next append, the latency percentiles first, the results last (a point
is done once its results rows are in). Appending keeps each point's cost independent of the rows
already there: a whole grid's timeline grows to about 100 MB.

    DIR/<experiment>.csv        the results rows, the benches' columns (docs/runtime-contract.md)
    DIR/<experiment>.cdf.csv    each row's latency at every whole percentile (--cdf)
    DIR/load/<experiment>.csv   the machine's load while each point ran (pointload), after its rows
    DIR/<experiment>.timeline.csv  simulator points: latency per second, adaptive switches (--timeline)
"""
import csv
import io
import os

from points import key


class Store:
    def __init__(self, out_dir):
        self.dir = out_dir
        os.makedirs(out_dir, exist_ok=True)

    def results_path(self, experiment):
        return os.path.join(self.dir, experiment + ".csv")

    def cdf_path(self, experiment):
        return os.path.join(self.dir, experiment + ".cdf.csv")

    def done(self, experiment, key_of=key):
        """Keys (`key_of(experiment, row)`) of the points whose rows are in the results file."""
        path = self.results_path(experiment)
        if not os.path.exists(path):
            return set()
        with open(path, newline="") as f:
            return {key_of(experiment, row) for row in csv.DictReader(f)}

    def timeline_path(self, experiment):
        return os.path.join(self.dir, experiment + ".timeline.csv")

    def add(self, experiment, results_csv, cdf_csv, timeline_csv=""):
        """Adds one point's rows (CSV text with its header, as the bench wrote it)."""
        if cdf_csv:
            _append_atomically(self.cdf_path(experiment), cdf_csv)
        if timeline_csv:
            _append_atomically(self.timeline_path(experiment), timeline_csv)
        _append_atomically(self.results_path(experiment), results_csv)

    def load_path(self, experiment):
        return os.path.join(self.dir, "load", experiment + ".csv")

    def add_load(self, experiment, load_csv):
        """Adds one point's load line (pointload.Watch.csv_for); lines written with fewer columns
        (a directory resumed from an older run) get the new columns empty."""
        path = self.load_path(experiment)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        _widen(path, load_csv.partition("\n")[0].split(","))
        _append_atomically(path, load_csv)

    def drop_orphan_percentiles(self, experiment):
        """Removes percentile lines of points whose results never landed (a run stopped in between)."""
        path = self.cdf_path(experiment)
        if not os.path.exists(path):
            return
        done = self.done(experiment)
        with open(path, newline="") as f:
            reader = csv.DictReader(f)
            header = reader.fieldnames
            kept = [row for row in reader if key(experiment, row) in done]
        text = io.StringIO()
        writer = csv.DictWriter(text, fieldnames=header, lineterminator="\n")
        writer.writeheader()
        writer.writerows(kept)
        _replace(path, text.getvalue())


def _append_atomically(path, csv_text):
    header, _, body = csv_text.partition("\n")
    if not body.strip():
        return
    if not body.endswith("\n"):
        body += "\n"
    if not os.path.exists(path):
        _replace(path, header + "\n" + body)
        return
    with open(path, "r+b") as f:
        old_header = f.readline().decode().rstrip("\r\n")
        if old_header != header:
            raise ValueError(f"{path}: its columns differ from the bench's (delete it or use another --out)")
        f.seek(_whole_rows_end(f))
        f.truncate()
        f.write(body.encode())
        f.flush()
        os.fsync(f.fileno())


def _whole_rows_end(f, block=1 << 16):
    """Where the file's last whole row ends (past its newline): its end, unless a write was cut short."""
    end = f.seek(0, os.SEEK_END)
    pos = end
    while pos > 0:
        start = max(0, pos - block)
        f.seek(start)
        chunk = f.read(pos - start)
        if pos == end and chunk.endswith(b"\n"):
            return end
        cut = chunk.rfind(b"\n")
        if cut >= 0:
            return start + cut + 1
        pos = start
    return 0


def _widen(path, header):
    """Rewrites the CSV file at `path` under `header` when its own columns are the first of them."""
    if not os.path.exists(path):
        return
    with open(path, newline="") as f:
        own = next(csv.reader(f), None)  # the header alone decides; the rows are read only to widen them
        if not own or own == header or own != header[:len(own)]:
            return
        rows = [own] + list(csv.reader(f))
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(r + [""] * (len(header) - len(r)) for r in rows[1:])
    _replace(path, text.getvalue())


def _replace(path, text):
    tmp = f"{path}.tmp.{os.getpid()}"
    with open(tmp, "w") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)

