// Umbrella header: the whole public API of ANT (Adaptive Network Transports), ADAMANT's runtime
// (see docs/runtime-contract.md).
#pragma once

#include <adamant/app.hpp>
#include <adamant/auth.hpp>
#include <adamant/key_file.hpp>
#include <adamant/bench.hpp>
#include <adamant/codec.hpp>
#include <adamant/engine.hpp>
#include <adamant/replace.hpp>
#include <adamant/latency_cdf.hpp>
#include <adamant/metrics.hpp>
#include <adamant/pubsub.hpp>
#include <adamant/stated_transport.hpp>
#include <adamant/sweep.hpp>
#include <adamant/types.hpp>
#include <adamant/udp.hpp>
#include <adamant/wire.hpp>
