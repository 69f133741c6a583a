#!/usr/bin/env python3
"""Writes a synthetic ADAMANT model of N topics for the scale benchmark (tools/scale/scale-bench.sh).

The shape is examples/sar scaled up, deterministic for a given N: per 10 topics one publishing
application (100 Hz, 12-64 B updates) and one subscribing application (3 instances); per 2 topics one
struct type; per 10 topics one QoS profile (half of them extend a base); per 100 topics one LAN
environment; per 100 topics one experiment. Transports come from profiles/transports.adamant, so
the model validates clean.

usage: synth_model.py N OUT.adamant TRANSPORTS_ADAMANT
"""
import os
import sys

# (transport, qos reliability): each transport carries only what it can promise.
BINDINGS = [("nakcast", "reliable"), ("opendds_tcp", "reliable"), ("baseline", "best_effort"),
            ("auto", "reliable"), ("nakcast_25ms", "reliable")]
PRIMITIVES = ["uint32", "int16", "float", "double", "uint64", "int32"]


def struct(i):
    members = ["\t@key uint32 id;"]
    for m in range(2 + i % 4):
        members.append(f"\t{PRIMITIVES[(i + m) % len(PRIMITIVES)]} field{m};")
    if i % 5 == 0:
        members.append("\tstring<32> label;")
    if i % 7 == 0:
        members.append("\tfloat samples[4];")
    return f"struct Sample{i} {{\n" + "\n".join(members) + "\n}\n"


def qos(p, reliability):
    lines = [f"qos Profile{p} " + (f"extends Base{reliability} " if p % 2 else "") + "{"]
    if p % 2 == 0:
        blocking = " max_blocking_time 100 ms" if reliability == "reliable" else ""
        lines.append(f"\treliability {reliability}{blocking}")
    lines += ["\tdurability volatile", f"\thistory keep_last {1 + p % 4}", f"\tdeadline {50 + p % 5 * 10} ms",
              f"\tmax_latency {100 + p % 3 * 50} ms"]
    if reliability == "reliable":
        lines.append("\tmax_loss 0 %")
    return "\n".join(lines) + "\n}\n"


def write(n, out, transports):
    groups = max(1, n // 10)
    envs = max(1, n // 100)
    rel = os.path.relpath(transports, os.path.dirname(os.path.abspath(out)))
    parts = [f"// Synthetic scale model: {n} topics (tools/scale/synth_model.py).\nmodel scale{n}\n",
             f'import "{rel}"\n']
    parts += [struct(i) for i in range((n + 1) // 2)]
    for reliability in ("reliable", "best_effort"):
        parts.append(f"qos Base{reliability} {{ reliability {reliability} }}\n")
    # a group's QoS profiles match its binding's reliability
    parts += [qos(g, BINDINGS[g % len(BINDINGS)][1]) for g in range(groups)]
    parts += [f"topic Topic{t} : Sample{t // 2} qos Profile{min(t // 10, groups - 1)}" for t in range(n)]
    parts.append("")
    for e in range(envs):
        parts.append(f"environment lan{e} {{\n\tmulticast available\n\tloss {e % 3} %\n\tbandwidth 100 Mbit/s\n"
                     f"\trtt {200 + e % 4 * 50} us\n}}\n")
    for g in range(groups):
        binding = BINDINGS[g % len(BINDINGS)][0]
        topics = [t for t in range(n) if min(t // 10, groups - 1) == g]
        env = f"lan{min(g // 10, envs - 1)}"
        pubs = "\n".join(f"\tpublish Topic{t} rate 100 Hz payload {12 + t % 4 * 16} B transport {binding}"
                         for t in topics)
        subs = "\n".join(f"\tsubscribe Topic{t} transport {binding}" for t in topics)
        parts.append(f"application gateway{g} {{\n\tenvironment {env}\n\tdomain {g % 3}\n{pubs}\n}}\n")
        parts.append(f"application fusion{g} {{\n\tenvironment {env}\n\tdomain {g % 3}\n\tinstances 3\n"
                     f"{subs}\n}}\n")
    for x in range(envs):
        t = x * 100
        parts.append(f"experiment smoke{x} {{\n\ttopic Topic{t}\n\tenvironment lan{x}\n\ttransports nakcast\n"
                     f"\treceivers 3\n\tloss 1 %\n\trate 100 Hz\n\tupdates 2000\n\tpayload 12 B\n\truns 1\n}}\n")
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(parts))


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    write(int(sys.argv[1]), sys.argv[2], sys.argv[3])
