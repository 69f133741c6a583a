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


if __name__ == "__main__":
    unittest.main()
