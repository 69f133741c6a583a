"""The machine's load while a point ran, beside its rows: on a shared machine a real point's
latencies measure the other work as well, so each point records when it ran and the 1-minute load
average before, during (the mean of one sample a second) and after it, and the most points of
the run that ran at once while it did (itself included: `adamant bench --jobs`).

    DIR/load/<experiment>.csv   one line per point run: its key fields (points.KEY_FIELDS), started_utc,
                                seconds, load1_before, load1_mean, load1_after, points_at_once
"""
import csv
import io
import os
import threading
import time

import record
from points import KEY_FIELDS

COLUMNS = KEY_FIELDS + ("started_utc", "seconds", "load1_before", "load1_mean", "load1_after", "points_at_once")


class Watch:
    """Samples the 1-minute load average and `running()` (the points running now) once a second
    from entering to leaving the block."""

    def __init__(self, running=lambda: 1):
        self._stop, self._samples, self._running = threading.Event(), [], running
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self):
        while not self._stop.wait(1.0):
            self._samples.append(os.getloadavg()[0])
            self.at_once = max(self.at_once, self._running())

    def __enter__(self):
        self.started, self._t0 = record.now(), time.monotonic()
        self.before, self.at_once = os.getloadavg()[0], self._running()
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()
        self.seconds, self.after = time.monotonic() - self._t0, os.getloadavg()[0]
        self.at_once = max(self.at_once, self._running())
        return False

    def csv_for(self, point):
        """The point's line (with the header), for store.Store.add_load."""
        samples = self._samples or [self.before, self.after]
        text = io.StringIO()
        out = csv.writer(text, lineterminator="\n")
        out.writerow(COLUMNS)
        out.writerow([point.get(f, "") for f in KEY_FIELDS] + [
            self.started, f"{self.seconds:.1f}", f"{self.before:.2f}", f"{sum(samples) / len(samples):.2f}",
            f"{self.after:.2f}", self.at_once])
        return text.getvalue()
