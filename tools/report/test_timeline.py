"""Unit test of the report's latency over time (timeline.py): the adaptive writer's switches are marks
in the chart's SVG, each run's start is not (run by tests/e2e/report.sh, in the plotting venv). The
fixture is an adaptive point of hotspots_adapt (examples/sar) as ant-bench --timeline writes it, two runs."""
import csv
import io
import re
import types
import unittest

from charts import Palette
from timeline import latency_over_time

HEADER = "transport,transport_params,receivers,loss_pct,rate_hz,run,kind,t_s,value,detail\n"
POINT = "adaptive,table=table.json;hold=2s;margin=10,25,0,100"


def run_lines(run, second_switch_at="50.330"):
    lines = [f"{POINT},{run},latency,{t},{us},300\n" for t, us in ((0, 22064.1), (29, 24912.5), (30, 32101.5),
                                                                   (50, 22086.3))]
    return lines + [
        f'{POINT},{run},switch,0.000,ricochet_reliable,"start: receivers 0, loss 0.00 %, rate 0 Hz"\n',
        f'{POINT},{run},switch,29.930,nakcast_25ms,"receivers 25, loss 0.28 %, rate 100 Hz: nakcast_25ms 22985 us"\n',
        f'{POINT},{run},switch,{second_switch_at},ricochet_reliable,"receivers 3, loss 3.00 %, rate 100 Hz"\n']


def chart(text):
    exp = types.SimpleNamespace(name="hotspots_adapt", timeline=list(csv.DictReader(io.StringIO(text))))
    return latency_over_time(exp, Palette(["adaptive (table=table.json;hold=2s;margin=10)"]))


def marks(c):
    return re.findall(r'id="hotspots_adapt-switch-\d+"', "".join(c.svgs))


class SwitchesOnTheTimeline(unittest.TestCase):
    def test_the_switches_are_marks_and_no_run_start_is(self):
        c = chart(HEADER + "".join(run_lines(1) + run_lines(2)))
        self.assertEqual(len(marks(c)), 2, "two switches, the same in both runs: one mark each")
        svg = "".join(c.svgs)
        self.assertIn("nakcast_25ms", svg)
        self.assertEqual([(r[2], r[3], r[4]) for r in c.rows],
                         [(1, "nakcast_25ms", "29.93"), (2, "nakcast_25ms", "29.93"),
                          (1, "ricochet_reliable", "50.33"), (2, "ricochet_reliable", "50.33")])

    def test_a_switch_of_one_run_only_is_its_own_mark(self):
        c = chart(HEADER + "".join(run_lines(1) + run_lines(2, second_switch_at="51.000")))
        self.assertEqual(len(marks(c)), 3)
        self.assertNotIn(0.0, [float(r[4]) for r in c.rows])

    def test_a_fixed_transport_has_no_marks(self):
        c = chart(HEADER + "".join(line for line in run_lines(1) if ",latency," in line))
        self.assertEqual(marks(c), [])
        self.assertEqual(c.rows, [])


if __name__ == "__main__":
    unittest.main()
