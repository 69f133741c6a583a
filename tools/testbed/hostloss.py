"""End-host loss by nftables inside a reader host: a share of the UDP datagrams and TCP segments
arriving on any interface but loopback is dropped at random (TCP's too: OpenDDS's tcp transport and
kernel TCP then see the same loss as the datagram transports), independently at each host, whatever transport or
library reads them (it is the kernel's input path). Two named counters tell what arrived and what
was dropped."""
import json

TABLE = "adamant_testbed"
SCALE = 1_000_000  # loss resolution: 1e-4 %


def script(loss_pct):
    """The nft script that (re)makes the table with `loss_pct` % loss."""
    threshold = round(loss_pct / 100 * SCALE)
    drop = (f'    iifname != "lo" meta l4proto {{ udp, tcp }} numgen random mod {SCALE} < {threshold} counter name "dropped" drop\n'
            if threshold > 0 else "")
    return (f"add table inet {TABLE}\ndelete table inet {TABLE}\n"
            f"table inet {TABLE} {{\n  counter udp_in {{}}\n  counter dropped {{}}\n"
            f"  chain input {{\n    type filter hook input priority -150; policy accept;\n"
            f'    iifname != "lo" meta l4proto {{ udp, tcp }} counter name "udp_in"\n{drop}  }}\n}}\n')


def remove_script():
    return f"add table inet {TABLE}\ndelete table inet {TABLE}\n"


LIST = ["nft", "-j", "list", "counters", "table", "inet", TABLE]


def parse_counters(text):
    """(UDP datagrams and TCP segments that arrived, those dropped) from `nft -j list counters`."""
    got = {}
    for item in json.loads(text).get("nftables", []):
        c = item.get("counter")
        if c:
            got[c["name"]] = c["packets"]
    return got.get("udp_in", 0), got.get("dropped", 0)
