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
  return with(&StatedTransport::nak_timeout_, timeout);
}

StatedTransport StatedTransport::r(int r) const { return with(&StatedTransport::r_, r); }

StatedTransport StatedTransport::c(int c) const { return with(&StatedTransport::c_, c); }

StatedTransport StatedTransport::nak_fallback(bool naks) const { return with(&StatedTransport::nak_fallback_, naks); }

StatedTransport StatedTransport::pace(std::uint64_t bytes_per_s) const {
  return with(&StatedTransport::pace_, bytes_per_s);
}

StatedTransport StatedTransport::enqueue_timeout(Duration timeout) const {
  return with(&StatedTransport::enqueue_timeout_, timeout);
}

StatedTransport StatedTransport::retry_timeout(Duration timeout) const {
  return with(&StatedTransport::retry_timeout_, timeout);
}

StatedTransport StatedTransport::pace_mode(PaceMode mode) const { return with(&StatedTransport::pace_mode_, mode); }

StatedTransport StatedTransport::sequenced(bool in_order) const { return with(&StatedTransport::sequenced_, in_order); }

StatedTransport StatedTransport::table(std::string json_file) const {
  return with(&StatedTransport::table_, std::move(json_file));
}

StatedTransport StatedTransport::hold(Duration least) const { return with(&StatedTransport::hold_, least); }

StatedTransport StatedTransport::margin(double pct) const { return with(&StatedTransport::margin_, pct); }

std::string StatedTransport::foreign_parameter() const {
  const std::pair<const char*, bool> stated[] = {{"nak_timeout", nak_timeout_.has_value()},
                                                 {"r", r_.has_value()},
                                                 {"c", c_.has_value()},
                                                 {"nak_fallback", nak_fallback_.has_value()},
                                                 {"pace", pace_.has_value()},
                                                 {"enqueue_timeout", enqueue_timeout_.has_value()},
                                                 {"retry_timeout", retry_timeout_.has_value()},
                                                 {"pace_mode", pace_mode_.has_value()},
                                                 {"sequenced", sequenced_.has_value()},
                                                 {"table", table_.has_value()},
                                                 {"hold", hold_.has_value()},
                                                 {"margin", margin_.has_value()}};
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
