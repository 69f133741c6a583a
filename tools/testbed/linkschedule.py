"""A changing link on the namespaces testbed: a thread of the testbed tool steps a link's tc tbf
rate through its schedule (testbed_file.Phase, repeated from the run's start) with `tc qdisc
change` at both ends of the link, so the bench itself shapes nothing."""
import sys
import threading
import time


class LinkSchedule:
    """Calls change(bandwidth) at each phase boundary of `phases` from start() until stop();
    `name` labels its log lines. The first phase is the link's own shaping when it was made."""

    def __init__(self, name, phases, change):
        self.name, self.phases, self.change = name, phases, change
        self.changes, self.failure = [], None   # (seconds since start, B/s) of each change made
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"link-schedule-{name}", daemon=True)

    def start(self):
        self._thread.start()

    def _run(self):
        t0 = time.monotonic()
        at, i = 0.0, 0
        while True:
            at += self.phases[i].seconds  # the next boundary, from the start: no drift
            i = (i + 1) % len(self.phases)
            if self._stop.wait(max(0.0, t0 + at - time.monotonic())):
                return
            try:
                self.change(self.phases[i].bandwidth)
            except RuntimeError as e:
                self.failure = f"link {self.name} at {at:g} s: {e}"
                print(f"adamant testbed: {self.failure}", file=sys.stderr)
                return
            late = time.monotonic() - t0 - at
            self.changes.append((round(at + late, 3), self.phases[i].bandwidth))
            print(f"adamant testbed: link {self.name}: {self.phases[i].bandwidth} B/s from {at + late:.2f} s",
                  file=sys.stderr)

    def stop(self):
        """Stops the schedule; raises RuntimeError when a change failed (the run's link was wrong)."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()
        if self.failure:
            raise RuntimeError(self.failure)
