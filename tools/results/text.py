"""The prose of docs/results.md around the tables make_tables.py computes: what the studies report
and how the runs were made. Numbers measured here never appear in this file."""

# The Mockets paper's figures (MILCOM 2009), per experiment and stream.
PAPER_MOCKETS = {
    ("bf1_low_bandwidth", "BlueForce"): "283 of 1000, 528 ms",
    ("bf2_two_streams", "BlueForce"): "152 of 1000, 488 ms",
    ("bf2_two_streams", "SensorData"): "87 of 1000, 118 ms",
    ("bf3_priorities", "BlueForce"): "773 ms",
    ("bf3_priorities", "Images"): "6 images, 3471 ms",
    ("bf4_fluctuating_link", "BlueForce"): "40 ms (SCPS-TP 1,012 ms; SCTP 10,998 ms)",
}

# The streams' payloads in examples/blueforce (for the physical floor: one message on the link).
PAYLOAD_BYTES = {"BlueForce": 1024, "SensorData": 1024, "Images": 5120}

WHY = {
    "unreliable": "without repair there is nothing to wait for: a delivered update left the writer once and "
                  "is never held back behind a lost one.",
    "tcp": "TCP is one connection per reader that delivers in order, so one lost segment holds back every later "
           "update until it is retransmitted. Only OpenDDS's tcp is TCP here, measured on the testbed with the "
           "loss dropped at each reader host (the section above).",
    "relate2": "ReLate2 multiplies the mean latency by the loss percentage plus one: a transport that repairs "
               "(NAKcast, Ricochet) keeps the factor near 1 at a small latency cost, the unreliable ones pay the "
               "full loss factor.",
    "small": "what decides it is how long a loss waits: NAKcast with the study's fixed timeouts (25 or "
             "50 ms, the grid's) waits its timeout and a retransmission, Ricochet until r more packets have "
             "arrived (r / rate: 40 ms at r = 4 and 100 Hz, 400 ms at 10 Hz), so NAKcast wins at low rates "
             "and Ricochet at high ones; the study's RMcast (OpenDDS) had its own timers.",
    "grow": "more loss means more NAK round trips for NAKcast (each a timeout plus a retransmission), and "
            "more readers more NAKs; Ricochet's lateral repairs arrive within a batch whatever the number of "
            "readers.",
    "r4": "a repair every 4 packets instead of 8 halves Ricochet's wait for a repair (r / rate), at twice the "
          "repair traffic.",
    "anomaly": "the study's RMcast was OpenDDS's reliable multicast, which bounds its repair state (by default "
               "nak_depth 32 datagrams kept for repairs, nak_max 3 NAKs per missing sample, OpenDDS's multicast "
               "options): a reader whose gap falls outside it is never repaired, a likely cause that only "
               "OpenDDS runs can confirm. ADAMANT's NAKcast is measured above; what it cannot repair it counts "
               "as unrecoverable.",
    "prediction": "The predictions are the model's closed forms (`validate --explain`); real runs on one "
                  "machine add the kernel's scheduling delay, which on a loaded 2-core machine is most of a "
                  "reliable transport's latency.",
}

_NOTES = {
    "runs": """## How these numbers were made

Every bench below ran with the command shown (from the repository's root), timed by
`tools/results/make-results.sh`; CPU is user + system seconds of the command and its processes, load
the machine's 1-minute load average before and after. The machine was shared with other work while
these ran, so wall times and real-mode latencies carry its load.""",
    "speed": """## Simulator speed

`perf record` of the grid's heaviest points (25 readers, Ricochet), twice. The first round put the event
queue (a heap whose items carried their closures, one event per group member for every multicast
datagram) and the engines' output buffers (reallocated on every call) near the top: the simulator now
delivers a group datagram to its members in one event (when no reordering or duplication is configured:
the same order as one event each), keeps the actions in reused slots beside a heap of (time, sequence,
slot), and empties the engines' output in place. The second round found the heap comparing through a
function pointer, an allocation for every event whose closure outgrew `std::function`'s own storage
(every unicast repair carried a `shared_ptr` to its datagram), and allocations for every packet in the
Ricochet receiver: its payload copied for the delivery and again into the store (a `std::map` node each),
the settled set's insert and erase for every packet in order, every REPAIR and JOIN decoded twice (the
validation built vectors), the repair targets rebuilt from the membership for every repair. Now the
heap's comparison inlines, datagrams in flight wait in reused slots that an event names in 64 bits, the
payload buffers are reused through the engines' output, the store is a sorted deque searched from the
sequences' span, a packet in order moves the watermark alone, validation allocates nothing, the
targets are kept until the membership changes, and `wire::decode` builds its packet where the caller
keeps it (one assembled in a local and copied out was read back wider than it was written: a
store-forwarding stall for every datagram, a fifth of a 25-reader Ricochet point). Before and after this second round, per point
(`tools/results/compare_points.sh BEFORE AFTER tools/results/sim_speedup_points.txt`: `ant-bench --mode sim`
with the grid point's parameters, built against the runtime before and after; CPU seconds, the least of 3
runs on the shared machine, the load after), with the results row and the latency CDF compared byte for
byte; the runtime's `SimPinned` tests hold four points' rows and counters as they were before:""",
    "emulab_sim": """## RT-ESP Table 2 (Emulab): the simulator

3 readers, 0 and 3 % end-host loss, 25 and 50 Hz, 20,000 updates of 12 bytes
(`tools/results/rtesp.adamant`, experiment `emulab_table2`), every runtime transport: baseline (IP
multicast), NAKcast with the automatic NAK timeout and the study's 25 and 50 ms, Ricochet r = 8 and
r = 4 (c = 3), FEC. Predicted: `adamant validate --explain` of the same model (one flow per point).""",
    "emulab_real": """## RT-ESP Table 2: real runs (reduced grid)

The same experiment at 50 Hz with fewer updates (see the command), real processes (1 writer, 3
readers) over loopback multicast inside one private network namespace, the loss injected in each
reader's receive path (the ISISlab way; the multi-host namespace testbed with per-host nftables loss,
`./adamant bench --loss-at host`, is the next section's). The machine was shared and loaded while
they ran (see the load above): scheduling delays dominate these latencies. OpenDDS's own transports
are in the next section, on the testbed.""",
    "emulab_testbed": """## RT-ESP Table 2 on the testbed: OpenDDS's transports

The Emulab points with each reader on a host of its own (`--loss-at host`, docs/testbed.md: 1 writer
and 3 reader hosts, each a network namespace on one Linux bridge) and the point's loss dropped by
nftables at each reader host, independently: the study's end-host loss, the same for any transport.
OpenDDS 3.13.3's own transports (`emulab_table2_opendds`: udp, multicast best-effort and reliable,
tcp, rtps_udp; one run each), with 250 updates instead of the study's 20,000 (20,000 at 25 Hz take
800 s a point; see the command above). A transport missing from the table failed at that point (its
readers could not open it; see "Not in these runs"). ADAMANT's transports at the same points are the
previous section's (in-process loss, one namespace); the testbed stage (`make-results.sh --only
testbed`) runs them here too. The tcp rows are from a second command (see above), after the testbed
dropped TCP segments as well as UDP datagrams; before, tcp ran loss-free at the 3 % points. With 250
updates a point, a repair state that overflows only late in a long run (the study's 20,000 updates)
would not show. The machine was shared and loaded (see the load above).""",

    "prediction_error": """## Prediction error against real runs

Each real point's measured mean latency beside the model's prediction for the same readers, loss,
rate and transport.""",
    "isislab_real": """## RT-ESP Table 3 (ISISlab) reduced: real runs on the testbed

The ISISlab grid reduced for real runs (`tools/results/isislab_real.adamant`, experiment
`isislab_real`): 3 and 10 readers, 0 and 3 % end-host loss, 25 and 100 Hz, NAKcast with the automatic
NAK timeout and the study's 25 and 50 ms against Ricochet r = 8 and r = 4 (c = 3), 1,000 updates of
12 bytes per run (the study: 20,000), 2 runs per point. Real processes on the emulated testbed
(docs/testbed.md): the writer and each reader on a host of its own (a network namespace on a Linux
bridge), the loss dropped by nftables at each reader host independently (`--loss-at host`). Predicted:
`adamant validate --explain` of the same model, one flow per point (its environment: the testbed's
segment, 1000 Mbit/s, a 200 µs round trip). Simulator: the same experiment and updates in `--mode sim`.
The machine (2 cores) was shared with other builds and tests while these ran: each point's row
gives the 1-minute load average while its runs ran (`DIR/load/isislab_real.csv` of the bench), and a
load above 2 means processes waiting for a core, which a real point's latency measures as well. To
show how much, `tools/results/wakeup.py` ran beside the grid: a process that asks to sleep 1 ms and
records how late it wakes (Python's own overhead of tens of µs included); each point's row gives that
lateness (p50 / p99, the median over the probe's 5-second intervals while the point ran). The
error is the prediction's, (predicted − real) / real, for the mean latency and against the real
median (p50), which the machine's tail moves least.""",
    "isislab": """## RT-ESP Table 3 (ISISlab): the full grid in the simulator

sar's `rtesp_isislab_sweep`: 3–25 readers, 0–3 % loss, 10/25/50/100 Hz, NAKcast 25/50 ms against
Ricochet r = 4/8 (c = 3), 20,000 updates, 5 runs per point. The whole grid is in
`docs/results/isislab_sim.csv`; the tables show the lowest and the highest rate.""",
    "findings": """## The study's findings

Each finding of the RT-ESP paper (DEBS 2009), checked against the runs above. The study's "RMcast"
is OpenDDS's reliable multicast; ADAMANT's NAK multicast is NAKcast.""",
    "flexmat": """## FLEXMAT sweeps

The FLEXMAT slides' sweeps: NAKcast timeout 25/50 ms, Ricochet R = 4/8 and C = 3/6, at 3 readers,
1 and 3 % loss, 10 and 100 Hz, in the simulator (`flexmat_sweep`). The slides: at low rates NAKcast
has the lowest latencies, at high rates Ricochet R = 4; NAKcast gets every update; Ricochet uses
much more bandwidth, most at R = 4. With 3 readers a receiver has only 2 others to send a repair to,
so C = 3 and C = 6 run alike here.""",
    "blueforce": """## Mockets experiments 1–4 (blue-force tracking)

examples/blueforce in the simulator over the radio link (5 KB/s, 4-packet queue; experiment 4:
40 KB/s for 50 s, then 5 KB/s for 10 s): the runtime's replace (Mockets' message replacement, as
the model binds it) and fifo (the same reliable in-order sender without replacement: the
reliable-FIFO peer). The floor is one message's datagram (its payload and ADAMANT's headers) on the
link at its fastest: no transport delivers sooner.
Kernel TCP, the other reliable-FIFO peer, runs as real processes over the testbed's shaped link
(the section below).""",
    "blueforce_real": """## Mockets experiment 1 on the testbed's shaped link

Experiment 1 (20 Hz × 1 KB, 1,000 updates) as real processes: the writer and the reader each on a
testbed host, their links shaped by `tc tbf` to 5 KB/s with a 4-packet queue
(`tools/results/radio-link.toml`). replace and fifo are the runtime's transports (the generated
`bf1_low_bandwidth_bench --mode real`); tcp is kernel TCP (`ant-peer-bench --library tcp`: one
connection, TCP_NODELAY, every update queued at the sender until the kernel takes it, a 4-byte
length before each update; its rows count no bytes, which are TCP's, not UDP's). The floor is one
update on the link: no transport delivers sooner.""",
    "not_done": """## Not in these runs

- OpenDDS's udp and multicast best-effort transports: their readers fail to open the transport
  ("TransportClient::enable_transport No TransportImpl could be created"), on the testbed and in one
  namespace alike, also with a reader `local_address` given; the cause is not found yet (the
  reliable multicast, tcp and rtps_udp readers of the same bench open theirs). The logs:
  `build/results/rtesp-opendds/logs/`.
- Table 2's ADAMANT rows on the multi-host testbed (`make-results.sh --only testbed`): not run in this
  round (the ISISlab grid above runs on the testbed); 25 readers on the testbed (the study's largest
  ISISlab point) were not run on the shared 2-core machine.
- Mockets experiments 2–4 on the shaped link (experiment 1 is above).

Regenerate with `tools/results/make-results.sh` (all stages) or `--tables-only` (this file from the
CSVs in docs/results/).""",

}


def section_notes(name):
    return _NOTES[name]


def intro(machine, runs):
    m = machine or {}
    seen = {r["load_before"] for r in runs} | {r["load_after"] for r in runs}
    numbers = sorted(float(v) for v in seen if v.replace(".", "", 1).isdigit())
    loads = f"{numbers[0]:g} to {numbers[-1]:g}" if numbers else "–"
    return f"""# Results: the RT-ESP and Mockets studies beside ADAMANT's runs

Generated by `tools/results/make-results.sh` from the CSVs in `docs/results/`; do not edit by hand.

Machine: {m.get('cpu', '–')} ({m.get('cpus', '–')} cores), {m.get('os', '–')}, kernel {m.get('kernel', '–')};
revision {m.get('git_revision', '–')}. Load averages seen during the runs: {loads}."""
