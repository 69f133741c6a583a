"""Unit tests of findings.py's verdicts on whole and partial grids (run by tests/e2e/results-tools.sh)."""
import unittest

import findings


def row(transport, receivers, loss, rate, relate2):
    return {"transport": transport, "transport_params": "", "receivers": str(receivers), "loss_pct": str(loss),
            "rate_hz": str(rate), "relate2": str(relate2)}


def grid(readers, losses, ricochet_relate2):
    """Both transports at every (readers, loss) point at 10 Hz: NAKcast's ReLate2 100 µs, Ricochet's as given."""
    rows = []
    for n in readers:
        for loss in losses:
            rows += [row("nakcast", n, loss, 10, 100), row("ricochet", n, loss, 10, ricochet_relate2(n, loss))]
    return rows


class RicochetFavoured(unittest.TestCase):
    def test_rising_share_is_reproduced(self):
        rows = grid([3, 25], [0, 3], lambda n, loss: 50 if n == 25 and loss == 3 else 150)
        self.assertTrue(findings._ricochet_favoured(rows).startswith("**reproduced**"))

    def test_flat_share_is_not_reproduced(self):
        rows = grid([3, 25], [0, 3], lambda n, loss: 150)
        self.assertTrue(findings._ricochet_favoured(rows).startswith("**not reproduced**"))

    def test_reader_count_without_lossy_points_is_left_out(self):
        # a partial grid: 25 readers ran at 0 % loss only
        rows = grid([3, 10], [0, 3], lambda n, loss: 50 if n == 10 and loss == 3 else 150) + \
            grid([25], [0], lambda n, loss: 150)
        text = findings._ricochet_favoured(rows)
        self.assertTrue(text.startswith("**reproduced**"), text)
        self.assertIn("by readers (lossy points): 3 0%, 10 100%", text)

    def test_one_reader_count_with_loss_is_not_enough_data(self):
        rows = grid([3], [0, 3], lambda n, loss: 50) + grid([25], [0], lambda n, loss: 50)
        self.assertTrue(findings._ricochet_favoured(rows).startswith("**not enough data**"))

    def test_one_loss_level_is_not_enough_data(self):
        rows = grid([3, 25], [0], lambda n, loss: 50)
        self.assertTrue(findings._ricochet_favoured(rows).startswith("**not enough data**"))

    def test_no_common_point_is_not_measured(self):
        self.assertIsNone(findings._ricochet_favoured([row("nakcast", 3, 1, 10, 100)]))


class AgainstPeers(unittest.TestCase):
    def test_peer_with_the_lowest_relate2_is_said(self):
        rows = [row("nakcast", 3, 3, 25, 100), row("ricochet", 3, 3, 25, 90), row("norm", 3, 3, 25, 80),
                row("nakcast", 3, 3, 100, 100), row("pgm", 3, 3, 100, 120)]
        text = findings._relate2_against_peers(rows)
        self.assertTrue(text.startswith("**partly reproduced**"), text)
        self.assertIn("1 of 2 lossy points", text)
        self.assertIn("lowest norm 80 µs", text)

    def test_points_without_a_peer_or_loss_are_not_judged(self):
        rows = [row("nakcast", 3, 3, 25, 100), row("norm", 3, 0, 25, 10), row("nakcast", 3, 0, 25, 50)]
        self.assertIsNone(findings._relate2_against_peers(rows))


class PeersOnTheTestbed(unittest.TestCase):
    """NORM and OpenPGM rows among Table 2's testbed rows: judged reliable, named plainly."""

    class Catalog:
        def unreliable(self, r):
            if r["transport"] in findings.PEERS:
                raise ValueError("the catalog does not name " + r["transport"])
            return r["transport"] == "udp"

    def test_a_peer_is_reliable_in_finding_1(self):
        rows = [dict(row("udp", 3, 3, 25, 0), lat_mean_us="300"), dict(row("pgm", 3, 3, 25, 0), lat_mean_us="200")]
        text = findings._lowest_latency_unreliable(rows, "testbed runs", catalog=self.Catalog())
        self.assertTrue(text.startswith("**not reproduced**"), text)
        self.assertIn("lowest mean pgm 200 µs", text)

    def test_a_peer_lowest_relate2_counts_against_finding_3(self):
        rows = [row("nakcast", 3, 3, 25, 100), row("norm", 3, 3, 25, 80), row("nakcast", 3, 3, 50, 100)]
        text = findings._lowest_relate2(rows, "testbed runs")
        self.assertIn("1 of 2 points", text)
        self.assertIn("lowest ReLate2 norm 80 µs", text)


if __name__ == "__main__":
    unittest.main()
