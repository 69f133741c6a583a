"""The machine's load while a point ran, beside its rows: on a shared machine a real point's
latencies measure the other work as well, so each point records when it ran and the 1-minute load
average before, during (the mean of one sample a second) and after it.

    DIR/load/<experiment>.csv   one line per point run: its key fields (points.KEY_FIELDS), started_utc,
                                seconds, load1_before, load1_mean, load1_after
"""
import csv
import io
import os
import threading
import time

import record
from points import KEY_FIELDS

COLUMNS = KEY_FIELDS + ("started_utc", "seconds", "load1_before", "load1_mean", "load1_after")


class Watch:
    """Samples the 1-minute load average once a second from entering to leaving the block."""

    def __init__(self):
        self._stop, self._samples = threading.Event(), []
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self):
        while not self._stop.wait(1.0):
            self._samples.append(os.getloadavg()[0])

    def __enter__(self):
        self.started, self._t0 = record.now(), time.monotonic()
        self.before = os.getloadavg()[0]
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()
        self.seconds, self.after = time.monotonic() - self._t0, os.getloadavg()[0]
        return False

    def csv_for(self, point):
        """The point's line (with the header), for store.Store.add_load."""
        samples = self._samples or [self.before, self.after]
        text = io.StringIO()
        out = csv.writer(text, lineterminator="\n")
        out.writerow(COLUMNS)
        out.writerow([point.get(f, "") for f in KEY_FIELDS] + [
            self.started, f"{self.seconds:.1f}", f"{self.before:.2f}", f"{sum(samples) / len(samples):.2f}",
            f"{self.after:.2f}"])
        return text.getvalue()
