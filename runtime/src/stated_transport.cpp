#include <adamant/stated_transport.hpp>

#include <adamant/contract.hpp>

#include <stdexcept>
#include <utility>

namespace adamant {
namespace {

// True when the contract table's parameter `name` is one `kind` takes.
bool takes(TransportKind kind, std::string_view name) {
  const contract::Parameter* p = contract::find_parameter(name);
  for (const contract::Kind& k : contract::kKinds)
    if (k.name == to_string(kind)) return p != nullptr && (p->kinds & k.bit) != 0;
  return false;
}

}  // namespace

StatedTransport TransportSettings::of(TransportKind kind) { return StatedTransport::of(kind); }

StatedTransport StatedTransport::nak_timeout(Duration timeout) const {
  StatedTransport t = *this;
  t.nak_timeout_ = timeout;
  return t;
}

StatedTransport StatedTransport::r(int r) const {
  StatedTransport t = *this;
  t.r_ = r;
  return t;
}

StatedTransport StatedTransport::c(int c) const {
  StatedTransport t = *this;
  t.c_ = c;
  return t;
}

StatedTransport StatedTransport::pace(std::uint64_t bytes_per_s) const {
  StatedTransport t = *this;
  t.pace_ = bytes_per_s;
  return t;
}

StatedTransport StatedTransport::enqueue_timeout(Duration timeout) const {
  StatedTransport t = *this;
  t.enqueue_timeout_ = timeout;
  return t;
}

StatedTransport StatedTransport::retry_timeout(Duration timeout) const {
  StatedTransport t = *this;
  t.retry_timeout_ = timeout;
  return t;
}

StatedTransport StatedTransport::pace_mode(PaceMode mode) const {
  StatedTransport t = *this;
  t.pace_mode_ = mode;
  return t;
}

StatedTransport StatedTransport::sequenced(bool in_order) const {
  StatedTransport t = *this;
  t.sequenced_ = in_order;
  return t;
}

std::string StatedTransport::foreign_parameter() const {
  const std::pair<const char*, bool> stated[] = {{"nak_timeout", nak_timeout_.has_value()},
                                                 {"r", r_.has_value()},
                                                 {"c", c_.has_value()},
                                                 {"pace", pace_.has_value()},
                                                 {"enqueue_timeout", enqueue_timeout_.has_value()},
                                                 {"retry_timeout", retry_timeout_.has_value()},
                                                 {"pace_mode", pace_mode_.has_value()},
                                                 {"sequenced", sequenced_.has_value()}};
  for (const auto& [parameter, is_stated] : stated)
    if (is_stated && !takes(kind_, parameter)) return parameter;
  return "";
}

StatedTransport::operator TransportSettings() const {
  if (const std::string foreign = foreign_parameter(); !foreign.empty())
    throw std::invalid_argument("transport '" + std::string(to_string(kind_)) + "' states " + foreign +
                                ", which its kind does not take (contract table)");
  TransportSettings settings;
  settings.kind = kind_;
  apply(settings);
  return settings;
}

}  // namespace adamant
