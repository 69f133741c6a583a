"""Unit tests of reliability.py and finding 1: which transports are unreliable comes from the transport
catalog, so a transport the catalog newly states `reliability none` counts as unreliable with no list to
extend (run by tests/e2e/results-tools.sh)."""
import os
import unittest

import findings
from reliability import Catalog
from rows import read

NEW = """
transport opendds_shmem_best_effort {
	cast multicast
	reliability none
	ordering unordered
	maps to opendds shmem_best_effort
}

// an unrepaired FEC setting, stated unreliable, beside the catalog's own fec
transport fec_bare {
	cast multicast
	reliability none
	ordering unordered
	maps to runtime fec(r = 2, c = 1)
}
"""


def catalog(extra=""):
    """profiles/transports.adamant with `extra` entries after its own."""
    with open(os.path.join(findings.ROOT, "profiles", "transports.adamant"), encoding="utf-8") as f:
        return Catalog(f.read() + extra, findings.contract())


def row(transport, params, loss, rate, lat):
    return {"transport": transport, "transport_params": params, "receivers": "3", "loss_pct": str(loss),
            "rate_hz": str(rate), "lat_mean_us": str(lat)}


class FromTheCatalog(unittest.TestCase):
    def test_every_table2_row_is_classified_as_its_catalog_entry_states(self):
        data = os.path.join(findings.ROOT, "docs", "results")
        rows = sum((read(data, n) for n in ("emulab_sim", "emulab_real", "emulab_testbed", "emulab_opendds")), [])
        rows = [r for r in rows if r["transport"] not in findings.PEERS]  # libraries, not catalog entries
        self.assertTrue(rows, "docs/results holds Table 2's rows")
        unreliable = {r["transport"] for r in rows if catalog().unreliable(r)}
        self.assertEqual(unreliable, {"baseline", "udp", "multicast_best_effort"} & {r["transport"] for r in rows})

    def test_ricochet_with_its_nak_fallback_is_reliable_and_without_it_not_none(self):
        c = catalog()
        self.assertFalse(c.unreliable(row("ricochet", "nak_timeout=auto;r=4;c=3;nak_fallback=1", 0, 25, 1)))
        self.assertFalse(c.unreliable(row("ricochet", "r=16;c=3;nak_fallback=0", 0, 25, 1)))

    def test_a_transport_the_catalog_does_not_name_is_an_error(self):
        with self.assertRaises(ValueError):
            catalog().unreliable(row("carrier_pigeon", "", 0, 25, 1))

    def test_a_newly_named_unreliable_transport_counts(self):
        c = catalog(NEW)
        self.assertTrue(c.unreliable(row("shmem_best_effort", "", 0, 25, 1)))
        self.assertTrue(c.unreliable(row("fec", "r=2;c=1", 0, 25, 1)))
        self.assertFalse(c.unreliable(row("fec", "r=4;c=1", 0, 25, 1)))

    def test_finding_1_is_reproduced_when_a_newly_named_unreliable_transport_is_lowest(self):
        rows = [row("nakcast", "nak_timeout=auto", loss, 25, 300) for loss in (0, 3)] + \
               [row("shmem_best_effort", "", 0, 25, 100), row("fec", "r=2;c=1", 3, 25, 200)]
        text = findings._lowest_latency_unreliable(rows, "simulator", catalog=catalog(NEW))
        self.assertIsNotNone(text)
        self.assertTrue(text.startswith("**reproduced** in the simulator (2 of 2 points)"), text)

    def test_finding_1_is_not_reproduced_when_a_reliable_transport_is_lowest(self):
        rows = [row("nakcast", "nak_timeout=auto", 0, 25, 100), row("shmem_best_effort", "", 0, 25, 300)]
        text = findings._lowest_latency_unreliable(rows, "simulator", catalog=catalog(NEW))
        self.assertTrue(text.startswith("**not reproduced**"), text)


if __name__ == "__main__":
    unittest.main()
