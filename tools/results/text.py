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
                  "is never held back behind a lost one. Where real processes on this machine do not show it, "
                  "the writer's heartbeats do: a reader woken often by them (FEC's and Ricochet's writers "
                  "heartbeated every 1 ms in these runs) receives the next update sooner than one asleep "
                  "between updates (baseline sends nothing between them), since waking an idle CPU of this "
                  "virtual machine costs tens of µs. Side by side on the same NAKcast engine, only the "
                  "heartbeat changed (`runtime/tools/idle-latency-bench`, 3 readers, 0 % loss, 50 Hz, load "
                  "0.2–0.5): p50 26–30 µs with 1 ms heartbeats, 38–40 µs with 10 ms, baseline 52–58 µs; with "
                  "the CPUs kept busy the gap mostly closes (p50 14–25 µs for all). FEC now heartbeats every "
                  "10 ms under the automatic NAK timing (its readers build no repairs and send no NAKs): the "
                  "real and testbed FEC rows above were measured before that change.",
    "tcp": "TCP is one connection per reader that delivers in order, so one lost segment holds back every later "
           "update until it is retransmitted. Only OpenDDS's tcp is TCP here, measured on the testbed with the "
           "loss dropped at each reader host (the section above). There OpenDDS's other reliable transports, "
           "which also deliver in order but repair on their own timers (rtps_udp after the writer's heartbeat, "
           "reliable multicast after its NAK intervals), wait longer than TCP's fast retransmit; ADAMANT's "
           "NAKcast (in order too) NAKs after a short timeout, and Ricochet holds nothing back.",
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
               "options): a reader whose gap falls outside it is never repaired. On the testbed, at the study's "
               "20,000 updates, 3 readers and per-host loss, OpenDDS 3.13.3's reliable multicast with those "
               "defaults did not lose updates on that scale (its rows above), so these bounds alone do not "
               "make the anomaly here; the study's older OpenDDS release and its settings are not known. "
               "ADAMANT's NAKcast is measured above; what it cannot repair it counts as unrecoverable.",
    "prediction": "The predictions are the model's closed forms (`validate --explain`) for the network the "
                  "model states, Emulab's LAN with a 200 µs round trip (100 µs one way); these real runs are "
                  "processes on one machine's loopback in a network namespace, whose one-way delay is tens of "
                  "µs, so without loss the prediction is above the measurement by the network the machine "
                  "lacks, not by the transport's model; with loss the repair's timing dominates and the "
                  "errors are smallest. On a loaded 2-core machine the kernel's scheduling delay adds to "
                  "every real latency (the load column of runs.csv says when).",
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
r = 4 (c = 3), Ricochet r = 4 with its NAK fallback (`ricochet_reliable`), FEC. Predicted: `adamant validate --explain` of the same model (one flow per point).""",
    "emulab_real": """## RT-ESP Table 2: real runs (reduced grid)

The same experiment at 50 Hz with fewer updates (see the command), real processes (1 writer, 3
readers) over loopback multicast inside one private network namespace, the loss injected in each
reader's receive path (the ISISlab way; the multi-host namespace testbed with per-host nftables loss,
`./adamant bench --loss-at host`, is the next section's). The machine was shared and loaded while
they ran (see the load above): scheduling delays dominate these latencies. OpenDDS's own transports
are in the next section, on the testbed.""",
    "emulab_testbed": """## RT-ESP Table 2 on the testbed: ADAMANT's and OpenDDS's transports

The Emulab points with each reader on a host of its own (`--loss-at host`, docs/testbed.md: 1 writer
and 3 reader hosts, each a network namespace on one Linux bridge) and the point's loss dropped by
nftables at each reader host, independently: the study's end-host loss, the same for any transport.
The study's 20,000 updates of 12 bytes per point: ADAMANT's transports (`emulab_table2`: those of
the simulator's table and Ricochet with its NAK fallback, `ricochet_reliable`; the model's 3 runs,
16 points at once) and OpenDDS 3.13.3's own (one run; `emulab_table2_opendds`: reliable multicast, tcp, rtps_udp, and udp and best-effort
multicast from a later command: Table 2's QoS is reliable, and OpenDDS gives a RELIABLE reader no
unreliable transport (`DataReaderImpl::check_transport_qos`), so on udp and best-effort multicast
the writers and readers run BEST_EFFORT, as the validator reports and the generated bench sets,
docs/opendds-target.md). 20,000 updates take 800 s at 25 Hz, so the points ran at once, each on a
testbed of its own (the runs table's commands: first one bench driver per point, later `./adamant
bench --mode real --loss-at host --jobs N`, which does the same in one driver, each running point's
namespaces and addresses its own, so they do not meet). The peer libraries NRL NORM (`norm`) and
OpenPGM (`pgm`, its windows as long as the run) at the same points come from `make-results.sh --only
testbed-peers` (the first run, the 8 points at once), merged into these rows; without `norm` and `pgm`
rows that stage has not run.
The last column is the machine's 1-minute load average while the point ran (`DIR/load/` of the bench):
the points' own processes and other helpers' builds shared the 2 cores, and a load above 2 means
processes waiting for a core, which a real point's latency measures as well.""",
    "isislab_25": """## The study's largest ISISlab point on the testbed: 25 readers

25 readers, each on a host of its own (26 namespaces on one bridge), 3 % loss dropped at each reader
host, 100 Hz, 5,000 updates of 12 bytes (the study: 20,000), one run per transport, one transport at
a time (`isislab_25_readers` in `tools/results/rtesp.adamant`): NAKcast with the automatic NAK
timeout against Ricochet r = 4 (c = 3) without and with its NAK fallback. 26 bench processes share
the machine's 2 cores (and other helpers' work did too): the load column says how loaded it was.""",

    "prediction_error": """## Prediction error against real runs

Each real point's measured mean latency beside the model's prediction for the same readers, loss,
rate and transport.""",
    "prediction_delay": """## Prediction error on the testbed, with and without the model's round trip

The same reduced points (50 Hz, 1,000 updates of 12 bytes, one run, `emulab_table2`) on the testbed
(each reader on a host of its own, the loss dropped at each reader host), once as the other testbed
runs (no delay), once with the round trip the model states (`tools/results/emulab-lan.toml`: a delay
node of 50 µs each way on every host link, so 200 µs between any two hosts; docs/testbed.md), 4
points at once (`make-results.sh --only testbed-rtt`). A delay node's own cost, measured beside it
(`tools/testbed/delay-node-bench.sh 3 200 50us`, load 5.2–6.8): a round trip's median 85–151 µs
without nodes, 174–183 µs through nodes of 0 µs (about 20 µs per hop), 333–348 µs with 200 µs
configured; a frame sent 16–28 µs after it was due at the median, 50–135 µs at p99.

The delay does not bring the real means to the predictions: without loss the prediction (107 µs) is
almost all the modelled network, and with it the real points measure the end hosts' own cost on top
(the writer's and readers' processing and wake-ups on this shared 2-core machine, and the nodes'
hops), which the model does not count; with 3 % loss the timeout-driven transports (NAKcast 25 and
50 ms, Ricochet r = 8, FEC) are within about 20 % with or without the delay. Two earlier pairs of
the same runs (an earlier node build, load 11–13 and 4.7–8.4) counted 7 and 7 points within 20 %
without delay, 3 and 5 with it.""",
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
median (p50), which the machine's tail moves least. The peer libraries NRL NORM (`norm`) and OpenPGM
(`pgm`) ran at the same points (`adamant bench --peers norm,pgm`: ant-peer-bench with its settings of
runtime/README.md, "Peers", in the CSV's transport_params; the same readers, loss at each reader host,
rate and updates, the first of the 2 runs: `make-results.sh --only isislab-peers --grid-points run=1`);
the model predicts nothing for them, and they are set beside ADAMANT's lowest ReLate2 below.""",
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
reliable-FIFO peer). The floor (`tools/results/mockets_floor.py`) is, to within the phase
boundaries of a changing link, what no transport beats on it: each update's datagram on the link
(its payload, ADAMANT's headers and the link's: UDP, IPv4 and Ethernet, which the simulator's link
charges as a shaped real link does), plus, while the stream
alone offers more than the link carries, the age of the newest update (half its period on average),
averaged over the updates the link carries in each phase of its schedule.
Kernel TCP, the other reliable-FIFO peer, runs as real processes over the testbed's shaped link
(the section below).""",
    "blueforce_real": """## Mockets experiments 1–4 on the testbed's shaped link

The four experiments as real processes: the writer and the reader each on a testbed host, their
links shaped by `tc tbf` with a 4-packet queue, to 5 KB/s for experiments 1–3
(`tools/results/radio-link.toml`); experiment 4's link changes during the run, 40 KB/s for 50 s
then 5 KB/s for 10 s, repeating from the writer's start (`tools/results/fluctuating-link.toml`: the
testbed tool runs `tc qdisc change` at both ends of each link at every phase boundary; a real-mode
bench shapes nothing itself). replace and fifo are the runtime's transports (the generated
`<experiment>_bench --mode real --only 0`: the first run; experiment 2's sensor data starts 14 s
after the blue force, as the model states); tcp is kernel TCP (`ant-peer-bench --library tcp`: one
connection, TCP_NODELAY, every update queued at the sender until the kernel takes it, a 4-byte
length before each update). Kernel TCP runs experiments 1 and 4 only: ant-peer-bench sends one
stream of one payload, so experiment 2's second stream (starting 14 s later) and experiment 3's
5 KB images beside the 1 KB updates are not in it. The floor is the simulator section's (a radio
that serialises each datagram); tc tbf is a token bucket of 3,000 B, which passes what it holds at
once, so a 1.1 KB update takes no link time there when the stream fits the link or its sender paces
itself to the link's rate (the bucket refills between its datagrams), and a 5.2 KB image only what
exceeds the bucket: the "floor on tbf" column. All the runs went at once, each on a testbed of its
own (the link, not the CPU, is the limit), on the shared machine: their load is below the table and
in the runs table (stage blueforce-real).

What the rows show, and why:
- replace sits on its tbf floor at 5 KB/s in experiments 1 and 2: its pace charges each datagram
  what tbf charges (the frame: 1,100 B of ADAMANT's datagram and 42 B of UDP, IPv4 and Ethernet
  headers, contract `link_overhead`), so tbf's bucket refills between datagrams and its queue stays
  empty; the latency is the update's age. A pace of the UDP payload alone offered about 4 % more
  than the link carried, kept the 4-packet queue full and averaged 656–1,007 ms here. In experiment
  3 the blue force waits behind the images on the link.
- fifo and kernel TCP, the reliable-FIFO peers, deliver in order what the link carries in the run
  and queue the rest: their mean is tens of seconds at 5 KB/s (what was still queued when the run
  ended is not delivered). In experiment 2 fifo's one in-order connection carries the blue force's
  backlog first, so the sensor data, queued behind it, gets nothing through.
- Experiment 3's images are reliable and unsequenced, sent first, and never replaced (replaced 0):
  an image is four IP fragments, and one dropped at a full tbf queue loses the image until it is
  resent, so while the pace over-ran the link replace got only 3 of 5 through before the run ended;
  with the queue empty all five arrive. The pace charges one datagram's headers per image (its
  three further fragments' IPv4 and Ethernet headers, 102 B, are not counted).
- Experiment 4: the testbed changes the tbf rate at 50 s and back at 60 s from the writer's start
  (the runs' logs: `adamant testbed: link w: 5120 B/s from 50.01 s`); replace with the bandwidth
  estimate the model states sits on the tbf floor, below the paper's 40 ms because tbf does not
  serialise below saturation. fifo and kernel TCP deliver every update but carry the slow
  phase's backlog into the next fast phase: a mean below the paper's SCPS-TP (1,012 ms) and far
  below its SCTP (10,998 ms).""",
    "not_done": """## Not in these runs

- Table 2 on the testbed: OpenDDS's transports ran one run per point (the model states 3), all
  points at once on the shared machine; ADAMANT's ran the model's 3 runs, 16 points at once (79 min,
  load 7–25 with other work on the machine); the 25-reader point ran 5,000 updates per transport,
  not 20,000.
- Kernel TCP in Mockets experiments 2 and 3 (ant-peer-bench sends one stream of one payload); on
  the shaped link experiment 4 ran once (the model states 5 runs; the simulator's are identical).

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
revision {m.get('git_revision', '–')} (of the run that wrote docs/results/machine.json; a stage run since
records its revision in its bench's `runs/*.json`, its finish time in the table below). Load averages seen during
the runs: {loads}."""
