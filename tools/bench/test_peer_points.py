"""Unit tests of peer_points (adamant bench --peers) against a stand-in ant-peer-bench that has NORM
only and echoes a point as the real one lists it (run by tests/e2e/results-tools.sh)."""
import os
import stat
import tempfile
import unittest

import peer_points
import points

FAKE = """#!/bin/sh
case " $* " in
  *" --list-libraries "*) printf 'norm\\ntcp\\n' ;;
  *" --list-points "*)
    while [ $# -gt 0 ]; do
      case "$1" in --library) l=$2;; --receivers) n=$2;; --loss) x=$2;; --rate) h=$2;; --updates) u=$2;; --run) r=$2;; esac
      shift
    done
    printf 'index,transport,transport_params,receivers,loss_pct,rate_hz,run,updates,streams\\n'
    printf '0,%s,backoff=0,%s,%s,%s,%s,%s,\\n' "$l" "$n" "$x" "$h" "$r" "$u" ;;
esac
"""


def listed(transport, receivers, run):
    return {"index": "0", "transport": transport, "transport_params": "", "receivers": str(receivers),
            "loss_pct": "3", "rate_hz": "25", "run": str(run), "updates": "1000", "streams": ""}


class PeerPoints(unittest.TestCase):
    def setUp(self):
        fd, self.bench = tempfile.mkstemp(prefix="fake-peer-bench.")
        with os.fdopen(fd, "w") as f:
            f.write(FAKE)
        os.chmod(self.bench, stat.S_IRWXU)

    def tearDown(self):
        os.remove(self.bench)

    def test_an_unknown_library_is_refused(self):
        with self.assertRaises(peer_points.BadPeers):
            peer_points.parse("norm,openpgm")
        self.assertEqual(peer_points.parse("pgm, norm,pgm"), ["pgm", "norm"])

    def test_a_library_the_build_lacks_is_named(self):
        self.assertEqual(peer_points.missing(self.bench, ["norm", "pgm"]), ["pgm"])

    def test_one_peer_point_per_point_and_run_whatever_the_transports(self):
        streams = dict(listed("replace", 1, 1), streams="positions;video")  # one stream only on a peer
        got = peer_points.list_points(self.bench, ["norm"], [listed("nakcast", 3, 1), listed("ricochet", 3, 1),
                                                             listed("nakcast", 3, 2), listed("nakcast", 10, 1),
                                                             streams], "x")
        self.assertEqual([(p["transport"], p["receivers"], p["run"]) for p in got],
                         [("norm", "3", "1"), ("norm", "3", "2"), ("norm", "10", "1")])
        # its key is the one its row will have: a resumed run skips it
        self.assertEqual(points.key("x", got[1]), ("x", "norm", "backoff=0", "3", "3", "25", "2"))

    def test_the_command_runs_the_point_alone_with_its_run_and_seed(self):
        p = peer_points.list_points(self.bench, ["norm"], [listed("nakcast", 3, 2)], "x")[0]
        cmd = peer_points.command(self.bench, p, "r.csv", "c.csv", ["wrap"])
        self.assertEqual(cmd[:4], ["wrap", self.bench, "--library", "norm"])
        self.assertEqual(cmd[cmd.index("--run") + 1], "2")
        self.assertEqual(cmd[cmd.index("--seed") + 1], "2")
        self.assertEqual(cmd[-4:], ["--csv", "r.csv", "--cdf", "c.csv"])


if __name__ == "__main__":
    unittest.main()
