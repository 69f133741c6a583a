"""Unit tests of estimate_grid: the strata and the point each is timed by."""
import unittest

from estimate_grid import sample, strata


def grid():
    """Two setups × two reader counts × two rates × four losses × five runs, as --list-points gives them."""
    points, index = [], 0
    for transport, params in (("nakcast", "nak_timeout=25ms"), ("ricochet", "r=8;c=3;nak_fallback=0")):
        for receivers in ("3", "25"):
            for loss in ("0", "1", "2", "3"):
                for rate in ("10", "100"):
                    for run in range(1, 6):
                        points.append({"index": str(index), "transport": transport, "transport_params": params,
                                       "receivers": receivers, "loss_pct": loss, "rate_hz": rate, "run": str(run),
                                       "updates": "20000"})
                        index += 1
    return points


class EstimateGridTest(unittest.TestCase):
    def test_each_rate_is_a_stratum_of_its_own(self):
        # a point's cost follows its virtual time: 10 Hz and 100 Hz points are timed apart
        s = strata(grid())
        self.assertEqual(len(s), 2 * 2 * 2)
        self.assertEqual({len(m) for m in s.values()}, {4 * 5})
        self.assertIn(("ricochet", "r=8;c=3;nak_fallback=0", "25", "10"), s)

    def test_the_sample_is_the_middle_loss_first_run(self):
        members = strata(grid())[("ricochet", "r=8;c=3;nak_fallback=0", "25", "10")]
        pick = sample(members)
        self.assertEqual((pick["loss_pct"], pick["rate_hz"], pick["run"]), ("2", "10", "1"))

    def test_the_samples_stand_for_every_point(self):
        s = strata(grid())
        self.assertEqual(sum(len(m) for m in s.values()), len(grid()))


if __name__ == "__main__":
    unittest.main()
