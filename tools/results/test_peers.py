"""Unit tests of the peer libraries' place in docs/results.md: merge_rows.py (their rows put into a kept
CSV) and peer_table.py (beside ADAMANT's lowest ReLate2) (run by tests/e2e/results-tools.sh)."""
import unittest

import merge_rows
import peer_table


def row(transport, receivers, loss, relate2, **more):
    return {"transport": transport, "transport_params": "", "receivers": str(receivers), "loss_pct": str(loss),
            "rate_hz": "25", "relate2": str(relate2), "lat_p50_us": "60", "delivery": "1.0", **more}


class MergeRows(unittest.TestCase):
    def test_the_named_transports_rows_are_replaced_and_the_others_kept(self):
        kept = [row("nakcast", 3, 3, 100), row("norm", 3, 3, 999)]
        header, rows = merge_rows.merge(kept, [row("norm", 3, 3, 80, points_at_once="1")], {"norm", "pgm"})
        self.assertEqual([(r["transport"], r["relate2"]) for r in rows], [("nakcast", "100"), ("norm", "80")])
        self.assertEqual(header[-1], "points_at_once")  # a column the new rows add


class PeerTable(unittest.TestCase):
    def test_adamant_lowest_against_every_peer(self):
        rows = [row("nakcast", 3, 3, 100), row("ricochet", 3, 3, 90), row("norm", 3, 3, 95), row("pgm", 3, 3, 200),
                row("nakcast", 10, 3, 100), row("norm", 10, 3, 70)]
        points = peer_table.compare(rows)
        self.assertEqual([(k, best["transport"]) for k, best, _ in points],
                         [((3.0, 3.0, 25.0), "ricochet"), ((10.0, 3.0, 25.0), "nakcast")])
        text = peer_table.section(rows)
        self.assertIn("below every peer library's at 1 of 2 points", text)
        self.assertIn("norm (NRL NORM) ReLate2", text)

    def test_no_peer_no_section(self):
        self.assertEqual(peer_table.section([row("nakcast", 3, 3, 100)]), "")


if __name__ == "__main__":
    unittest.main()
