#!/usr/bin/env bash
# Prints the `ricochet_reliable` simulator points CalibrationTest.SIMULATED_RICOCHET_RELIABLE holds
# (Ricochet r = 4, c = 3 with its NAK fallback on nak_timeout auto: the catalog entry's mapping), as
# nakcast-auto-sim.sh prints NAKcast's: "receivers,loss %,rate Hz,mean latency us,delivery" per point.
# Usage: ricochet-reliable-sim.sh ANT_BENCH N:LOSS:RATE...   e.g. ricochet-reliable-sim.sh ant-bench 25:1:10
TRANSPORT_ARGS="--transport ricochet --r 4 --c 3 --nak-fallback --nak-timeout auto" \
  exec "$(dirname "${BASH_SOURCE[0]}")/nakcast-auto-sim.sh" "$@"
