// A decision-table candidate as the transport settings its inner engine runs: its kind and its
// stated parameters (the contract's names: nak_timeout in µs or "auto", r, c, nak_fallback), the
// contract's defaults for the rest.
#pragma once

#include <adamant/adaptive/decision_table.hpp>
#include <adamant/types.hpp>

namespace adamant::adaptive {

// Throws std::invalid_argument for a kind the runtime lacks (or `adaptive` itself), a parameter
// the kind does not take, or a value that does not parse.
TransportSettings settings_of(const Candidate& c);

}  // namespace adamant::adaptive
