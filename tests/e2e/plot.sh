#!/usr/bin/env bash
# End-to-end: `./adamant plot` turns benchmark results into PNG charts (matplotlib in .adamant/venv).
#   A results file in the harness's format (3 transports x 2 rates x 2 losses, with the sweep's
#   transport_params column) -> latency_vs_rate.png, delivery_vs_loss.png, relate2.png, each a real
#   PNG of the chart's size; bad input is refused with exit code 2 and no chart.
# Prints PASS:/FAIL: lines (tests/run counts them).
source "$(dirname "${BASH_SOURCE[0]}")/../lib/e2e.bash"

if (adamant_ensure_plot); then
  echo "PASS: the plotting library installs into .adamant/venv"
else
  echo "FAIL: the plotting library installs into .adamant/venv"; exit 1
fi

python3 - "$work/results.csv" <<'PY'
import csv, sys
cols = ("transport,receivers,loss_pct,rate_hz,run,sent,received,delivery,lat_mean_us,lat_std_us,lat_p50_us,"
        "lat_p90_us,lat_p99_us,lat_max_us,relate,relate2,bytes_data,bytes_nak,bytes_repair,bytes_retransmit,"
        "bytes_control,replaced,delivery_or_replaced,transport_params,stream,sender_replaced,sender_expired,"
        "sender_abandoned,link_bandwidth,link_queue_packets,link_delay_us,link_burst,link_reorder_pct,"
        "link_duplicate_pct,switches").split(",")
with open(sys.argv[1], "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(cols)
    for transport, params, base in (("nakcast", "nak_timeout=25ms", 900.0), ("nakcast", "nak_timeout=50ms", 1200.0),
                                    ("ricochet", "r=4;c=3", 700.0), ("baseline", "", 300.0)):
        for loss in (0.0, 2.0):
            for rate in (10.0, 100.0):
                delivery = 1.0 if transport == "nakcast" else 1 - loss / 100 * (0.2 if transport == "ricochet" else 1)
                mean = base * (1 + loss) * (1 + rate / 100)
                relate2 = mean * ((1 - delivery) * 100 + 1)
                # the link columns as a simulated point writes them (a changing link: phases joined by ';')
                w.writerow([transport, 3, loss, rate, 1, 500, int(1500 * delivery), delivery, mean, mean / 4, mean,
                            mean * 1.5, mean * 2, mean * 3, mean / delivery, relate2, 6000, 0, 0, 0, 0, 0, delivery,
                            params, "", 0, 0, 0, "40000@50s;5000@10s", 4, 100, "", "", ""])
PY

adamant_plot "$work/results.csv" -o "$work/charts" >"$work/plot.out" 2>&1
check "adamant plot succeeds on a results file" test $? -eq 0
for chart in latency_vs_rate delivery_vs_loss relate2; do
  check "adamant plot prints where $chart.png is" grep -qx "$work/charts/$chart.png" "$work/plot.out"
  python3 - "$work/charts/$chart.png" <<'PY'
import struct, sys
path = sys.argv[1]
try:
    data = open(path, "rb").read()
except OSError as e:
    print(f"FAIL: {path} is written ({e.strerror})"); sys.exit(0)
ok = data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
w, h = struct.unpack(">II", data[16:24]) if ok else (0, 0)
name = path.rsplit("/", 1)[1]
print(("PASS: " if ok and (w, h) == (800, 500) else "FAIL: ") + f"{name} is an 800x500 PNG (got {w}x{h})")
PY
  # Drawn data, not an empty canvas: each series has its own colour (matplotlib's tab10 cycle:
  # blue, orange, green, red for the 4 series; the ReLate2 bars are all blue). Counted with Pillow,
  # which matplotlib installs into the venv.
  "$ADAMANT_VENV/bin/python" - "$work/charts/$chart.png" <<'PY'
import sys
from PIL import Image
path = sys.argv[1]
name = path.rsplit("/", 1)[1]
try:
    counted = {rgb: n for n, rgb in Image.open(path).convert("RGB").getcolors(maxcolors=1 << 24)}
except OSError as e:
    print(f"FAIL: {name} has drawn series ({e})"); sys.exit(0)
colours = {"blue": (0x1f, 0x77, 0xb4), "orange": (0xff, 0x7f, 0x0e), "green": (0x2c, 0xa0, 0x2c), "red": (0xd6, 0x27, 0x28)}
wanted = ["blue"] if name == "relate2.png" else list(colours)
need = 20000 if name == "relate2.png" else 40  # four bars fill a large area; lines and markers less
counts = {c: counted.get(colours[c], 0) for c in wanted}
print(("PASS: " if all(n >= need for n in counts.values()) else "FAIL: ")
      + f"{name} has drawn series (pixels per series colour: {counts}, at least {need} each)")
PY
done

# Bad input: a CSV that is not a results file, and a missing file.
printf 'a,b\n1,2\n' >"$work/other.csv"
adamant_plot "$work/other.csv" -o "$work/bad" >"$work/bad.out" 2>&1
rc=$?
check "a CSV without the harness's columns is refused (exit 2)" test $rc -eq 2
check "the refusal names the file and the missing columns" grep -q "other.csv: not an ADAMANT results file: no column transport" "$work/bad.out"
check "no chart is written for bad input" test ! -e "$work/bad"
adamant_plot "$work/missing.csv" -o "$work/bad" >"$work/missing.out" 2>&1
check "a missing results file is refused (exit 2)" test $? -eq 2
