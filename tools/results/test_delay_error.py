"""Unit tests of delay_error.py: the prediction error with and without the model's round trip on the
testbed (run by tests/e2e/results-tools.sh)."""
import unittest

import delay_error


def row(transport, loss, mean):
    return {"transport": transport, "transport_params": "", "receivers": "3", "loss_pct": str(loss),
            "rate_hz": "50", "lat_mean_us": str(mean)}


def pred(transport, loss, mean):
    return {"transport": transport, "params": "", "receivers": "3", "loss_pct": str(loss), "rate_hz": "50",
            "pred_lat_mean_us": str(mean)}


class DelayError(unittest.TestCase):
    def test_each_testbed_is_counted_against_the_same_prediction(self):
        predicted = [pred("baseline", 0, 100), pred("nakcast", 3, 1000)]
        plain = [row("baseline", 0, 50), row("nakcast", 3, 900)]        # +100 %, +11 %
        delayed = [row("baseline", 0, 110), row("nakcast", 3, 1500)]    # -9 %, -33 %
        load = [{"load1_before": "1", "load1_mean": "2", "load1_after": "3"}]
        text = delay_error.section(plain, delayed, predicted, load, load)
        self.assertIn("| baseline | 0 % | 50 Hz | 100 | 50 | +100 % | 110 | -9 % |", text)
        self.assertIn("1 of 2 points without delay nodes, 1 of 2 with", text)
        self.assertIn("1–3 and 1–3", text)

    def test_a_point_run_on_one_testbed_only_is_left_out(self):
        predicted = [pred("baseline", 0, 100)]
        self.assertEqual(delay_error.section([row("baseline", 0, 50)], [], predicted, [], []), "(not run)")


if __name__ == "__main__":
    unittest.main()
