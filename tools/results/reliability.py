"""Whether a result row ran an unreliable transport, as the transport catalog (profiles/transports.adamant)
states it: a row's transport is the name a catalog entry `maps to` (runtime or opendds), and its
transport_params include the runtime parameters of that mapping. The row takes the reliability of the
matching entry that names the most parameters (ricochet_reliable's nak_fallback=1 before ricochet_r4),
as rows.prediction matches a row to its prediction; unreliable is `reliability none`. Used by
findings.py (finding 1: unreliable transports have the lowest latency)."""
import json
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
import catalog_args  # noqa: E402
from predictions import runtime_params  # noqa: E402
from rows import params_match  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
ENTRY = re.compile(r"^\s*transport\s+(\w+)\s*\{", re.MULTILINE)
RELIABILITY = re.compile(r"^\s*reliability\s+(\w+)", re.MULTILINE)
OPENDDS = re.compile(r"maps\s+to\s+opendds\s+(\w+)")


def entries(catalog_text, contract):
    """(row transport, runtime parameters as rows carry them, reliability) of every catalog transport."""
    out = []
    for m in ENTRY.finditer(catalog_text):
        body = catalog_args.transport_body(catalog_text, m.group(1))
        reliability = RELIABILITY.search(body)
        if not reliability:
            raise ValueError(f"catalog transport '{m.group(1)}' states no reliability")
        runtime = runtime_params(catalog_text, contract, m.group(1))
        opendds = OPENDDS.search(body)
        if runtime:
            out.append((runtime[0], runtime[1], reliability.group(1)))
        elif opendds:
            out.append((opendds.group(1), "", reliability.group(1)))
    return out


class Catalog:
    def __init__(self, catalog_text, contract):
        self.entries = entries(catalog_text, contract)

    @classmethod
    def load(cls):
        with open(os.path.join(ROOT, "profiles", "transports.adamant"), encoding="utf-8") as f:
            text = f.read()
        with open(os.path.join(ROOT, "runtime", "contract", "contract.json"), encoding="utf-8") as f:
            return cls(text, json.load(f))

    def unreliable(self, row):
        """Whether the catalog states the row's transport `reliability none`. Parameters no entry states
        (ricochet r=16) take the verdict every entry of that transport shares; a transport the catalog does
        not name, or whose entries disagree, is an error, so that a finding never judges a transport by a guess."""
        named = [e for e in self.entries if e[0] == row["transport"]]
        found = [e for e in named if params_match(row.get("transport_params"), e[1])]
        if found:
            return max(found, key=lambda e: len(e[1].split(";")) if e[1] else 0)[2] == "none"
        verdicts = {e[2] == "none" for e in named}
        if len(verdicts) != 1:
            raise ValueError(f"the transport catalog states no one reliability for '{row['transport']}' "
                             f"({row.get('transport_params') or 'no parameters'})")
        return verdicts.pop()
