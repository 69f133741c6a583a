"""The slots of `adamant bench --jobs N`: N points run at once, each holding one slot (0 to N-1)
for as long as it runs. A real point's --wrap names its slot ({slot}) and the number of slots
({jobs}), so that the testbed tool gives each running point namespaces and addresses of its own
(tools/testbed/adamant_testbed.py run --slot K/N). The slots also count the points running, which
each point's load line records (pointload: points_at_once).

An OpenDDS point runs in its bench's directory (its DCPSInfoRepo writes repo.ior there), so with
more than one slot each slot gets a directory of its own whose entries link to the bench's.
"""
import os
import queue
import re
import threading

# What an OpenDDS point writes beside its bench (tools/bench/opendds-point.sh): never shared.
OPENDDS_OWN_FILES = ("repo.ior", "inforepo.out")


class Slots:
    def __init__(self, jobs):
        self.jobs = jobs
        self._free = queue.SimpleQueue()
        for k in range(jobs):
            self._free.put(k)
        self._lock, self._running = threading.Lock(), 0

    def take(self):
        """A free slot (blocks until one is: the pool runs at most `jobs` points at once)."""
        k = self._free.get()
        with self._lock:
            self._running += 1
        return k

    def give_back(self, k):
        with self._lock:
            self._running -= 1
        self._free.put(k)

    def running(self):
        """The points running now (each holds a slot)."""
        with self._lock:
            return self._running

    def wrap(self, wrap, k):
        """The --wrap words with {slot} and {jobs} replaced for slot k."""
        return [w.replace("{slot}", str(k)).replace("{jobs}", str(self.jobs)) for w in wrap]


def opendds_bench(bench, k, jobs):
    """The OpenDDS bench that slot k runs: the bench itself with one slot, else the same program in
    the directory slot<k> beside it, whose entries link to the bench directory's."""
    if jobs == 1:
        return bench
    src = os.path.dirname(bench)
    where = os.path.join(src, f"slot{k}")
    os.makedirs(where, exist_ok=True)
    for entry in os.listdir(src):
        target = os.path.join(where, entry)
        if entry in OPENDDS_OWN_FILES or re.fullmatch(r"slot\d+", entry) or os.path.lexists(target):
            continue
        os.symlink(os.path.join(src, entry), target)
    return os.path.join(where, os.path.basename(bench))
