#include <adamant/adaptive/candidate_settings.hpp>
#include <adamant/contract.hpp>
#include <adamant/stated_transport.hpp>

#include <charconv>
#include <stdexcept>
#include <string>

namespace adamant::adaptive {
namespace {

[[noreturn]] void bad(const Candidate& c, const std::string& what) {
  throw std::invalid_argument("adaptive candidate " + c.name + ": " + what);
}

long long whole(const Candidate& c, const std::string& name, const std::string& text) {
  long long v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size()) bad(c, name + " = " + text + " is not a whole number");
  const contract::Range r = contract::range_of(name);
  if (v < r.min || v > r.max) bad(c, name + " = " + text + " is out of range");
  return v;
}

}  // namespace

TransportSettings settings_of(const Candidate& c) {
  const auto kind = parse_transport(c.kind);
  if (!kind || *kind == TransportKind::Adaptive) bad(c, "kind " + c.kind + " is not a transport a candidate may run");
  StatedTransport t = StatedTransport::of(*kind);
  bool fallback = false, fallback_stated = false;
  for (const auto& [name, value] : c.params) {
    if (name == "nak_timeout") {
      t = t.nak_timeout(value == "auto" ? Duration{contract::kNakTimeoutAuto}
                                        : Duration{static_cast<Duration::rep>(whole(c, name, value))});
    } else if (name == "r") {
      t = t.r(static_cast<int>(whole(c, name, value)));
    } else if (name == "c") {
      t = t.c(static_cast<int>(whole(c, name, value)));
    } else if (name == "nak_fallback") {
      fallback = whole(c, name, value) != 0;
      fallback_stated = true;
    } else {
      bad(c, "parameter " + name + " is not one an adaptive candidate may state");
    }
  }
  if (!t.foreign_parameter().empty()) bad(c, "kind " + c.kind + " does not take " + t.foreign_parameter());
  TransportSettings s = t;
  if (fallback_stated) {
    if (*kind != TransportKind::Ricochet) bad(c, "only ricochet takes nak_fallback");
    s.lec_nak_fallback = fallback;
  }
  return s;
}

}  // namespace adamant::adaptive
