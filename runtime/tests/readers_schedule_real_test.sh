#!/usr/bin/env bash
# CTest real.ant_bench_readers_schedule (inside adamant-netns): reader processes join and leave on
# --readers-schedule as the simulator's readers do (docs/adaptive.md "Readers joining and leaving").
#  1. NAKcast, 3 readers, 1 % loss: reader 2 takes part from 1 s to 2 s only; it is owed the ~200
#     updates published in its spell (of 600 at 200 Hz from 0.1 s), the other two all 600, and every
#     owed update is delivered.
#  2. The adaptive transport on a table whose pick depends on the readers only (nakcast_auto at 2,
#     nakcast_5ms at 4): it switches when readers 2 and 3 join and back when they leave, and
#     every update each was owed reaches it.
#   readers_schedule_real_test.sh ANT_BENCH TABLE
set -euo pipefail
ant="$1" table="$2"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
col() {  # CSV COLUMN: the column of the CSV's last row
  awk -F, -v name="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } { v = $(c[name]) } END { print v }' "$1"
}

# 1 % loss but none around reader 2's join (1 s) and leave (2 s), so that no owed update is lost where
# no transport could repair it: the first after a late join (the engine starts at the first it hears,
# the simulator's rule too) or one in the last few ms before the leave; the loss schedule is timed from
# the readers schedule's start
"$ant" --mode real --transport nakcast --receivers 3 --readers-schedule 2@1s,3@1s,2@1000s \
  --loss-schedule 1%@900ms,0%@250ms,1%@650ms,0%@500ms,1%@1000s --rate 200 --updates 600 --csv "$dir/nakcast.csv" |
  tee "$dir/nakcast.out"
received=$(col "$dir/nakcast.csv" received) delivery=$(col "$dir/nakcast.csv" delivery)
[[ "$(col "$dir/nakcast.csv" receivers)" == 3 ]] || fail "receivers $(col "$dir/nakcast.csv" receivers), not 3"
[[ "$delivery" == 1 || "$delivery" == 1.0* ]] || fail "nakcast delivered $delivery of what the readers were owed"
grep -qE "nakcast receivers=3 .* NAKs [1-9]" "$dir/nakcast.out" || fail "no NAKs: nothing was lost and recovered"
# owed = received: 2 x 600 and reader 2's spell, ~200 updates (its join and leave come at its next
# 5 ms poll, up to 200 ms later under CPU load: 40 updates either way); not the 600 of the whole run
(( received >= 1360 && received <= 1440 )) || fail "received $received, not 1200 + reader 2's ~200"

"$ant" --mode real --transport adaptive --adaptive-table "$table" --hold 1s --receivers 4 \
  --readers-schedule 2@1500ms,4@2s,2@1000s --rate 100 --updates 500 --csv "$dir/adaptive.csv" 2>&1 | tee "$dir/adaptive.out"
switches=$(col "$dir/adaptive.csv" switches) delivery=$(col "$dir/adaptive.csv" delivery)
[[ "$switches" == 2 ]] || fail "the adaptive writer switched $switches times, not 2 (to nakcast_5ms at 4 readers and back)"
# timed from the first update, 0.1 s after the schedule's start: the readers join at 1.4 s (their first
# REPORT goes at once) and leave at 3.4 s (the writer counts them for three report intervals more)
awk '/adaptive switch at/ { t = $5 + 0
       if ($8 == "nakcast_5ms" && !(t >= 1.3 && t <= 2.4)) { print "FAIL: the join seen at " t " s"; bad = 1 }
       if ($8 == "nakcast_auto" && !(t >= 3.3 && t <= 4.9)) { print "FAIL: the leave seen at " t " s"; bad = 1 } }
     END { exit bad }' "$dir/adaptive.out" || fail "the switches do not follow the joins and leaves"
[[ "$delivery" == 1 || "$delivery" == 1.0* ]] || fail "adaptive delivered $delivery of what the readers were owed"
echo "PASS: nakcast received $received (all owed); adaptive switched $switches times"
