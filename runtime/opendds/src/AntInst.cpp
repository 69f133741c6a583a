#include <adamant_opendds/AntInst.h>

#include "AntTransport.h"
#include "Channel.h"
#include "Locator.h"
#include "Params.h"

#include <ace/Configuration.h>
#include <ace/Log_Msg.h>

#include <sstream>

namespace adamant_opendds {

using namespace OpenDDS::DCPS;

AntInst::AntInst(const char* type, const std::string& name)
    : TransportInst(type, name),
      group_("239.255.42.1"),
      port_(7350),
      interface_("127.0.0.1"),
      nak_timeout_us_(50000),
      r_(8),
      c_(3),
      nak_fallback_(false),
      bandwidth_(0),
      enqueue_timeout_us_(0),
      retry_timeout_us_(10000000),
      replace_by_(ReplaceBy::Instance),
      loss_pct_(0.0),
      seed_(1),
      stream_id_(fresh_stream_id()),
      listen_port_(0) {
  if (kind() == "replace") {
    // ant_replace tags every sample by its instance: one sample per transport packet, so a
    // packet is exactly what replacement supersedes.
    max_samples_per_packet_ = 1;
    // A reader listens on a port of its own, which its locator carries to the writers: by
    // default one the kernel picks, so any number of readers run on one host.
    port_ = 0;
  }
}

std::string AntInst::kind() const {
  const std::string t(transport_type_.c_str());
  return t.compare(0, 4, "ant_") == 0 ? t.substr(4) : t;
}

bool AntInst::is_reliable() const { return kind() != "baseline"; }

TransportImpl_rch AntInst::new_impl() { return make_rch<AntTransport>(ref(*this)); }

std::string AntInst::set(const std::string& key, const std::string& value) {
  const std::string where = transport_type_.c_str() + std::string(" [transport/") + name().c_str() + "] " + key +
                            "=" + value + ": ";
  std::int64_t i;
  if (key == "group") {
    if (!params::ipv4_multicast(value)) return where + "not an IPv4 multicast group; use e.g. group=239.255.42.1";
    group_ = value;
  } else if (key == "port") {
    if (kind() == "replace") {
      if (!params::integer(value, 0, 65535, i))
        return where + "not a UDP port; use 1..65535, or 0 for a port the kernel picks (the default)";
    } else if (!params::integer(value, 1, 65535, i)) {
      return where + "not a UDP port; use 1..65535, e.g. port=7350";
    }
    port_ = static_cast<std::uint16_t>(i);
  } else if (key == "interface") {
    if (!params::ipv4(value)) return where + "not an IPv4 address; use the interface's address, e.g. interface=127.0.0.1";
    interface_ = value;
  } else if (key == "nak_timeout") {
    if (!params::duration_us(value, i) || i <= 0)
      return where + "not a positive duration; use e.g. nak_timeout=50ms (units us, ms, s; bare number = ms)";
    nak_timeout_us_ = i;
  } else if (key == "r") {
    if (!params::integer(value, 1, 64, i)) return where + "out of range; Ricochet r is 1..64 (packets per repair)";
    r_ = static_cast<int>(i);
  } else if (key == "c") {
    if (!params::integer(value, 1, 64, i)) return where + "out of range; Ricochet c is 1..64 (receivers per repair)";
    c_ = static_cast<int>(i);
  } else if (key == "nak_fallback") {
    if (!params::boolean(value, nak_fallback_)) return where + "not a boolean; use 0 or 1";
  } else if (key == "bandwidth") {
    if (!params::bandwidth(value, bandwidth_))
      return where + "not a rate; use bytes/s (e.g. bandwidth=125000 or 125kB/s) or bits/s (1Mbps); 0 = unpaced";
  } else if (key == "enqueue_timeout") {
    if (!params::duration_us(value, enqueue_timeout_us_))
      return where + "not a duration; use e.g. enqueue_timeout=200ms (0 = never drop)";
  } else if (key == "retry_timeout") {
    if (!params::duration_us(value, i) || i <= 0) return where + "not a positive duration; use e.g. retry_timeout=10s";
    retry_timeout_us_ = i;
  } else if (key == "replace_by") {
    if (value == "instance") replace_by_ = ReplaceBy::Instance;
    else if (value == "writer") replace_by_ = ReplaceBy::Writer;
    else if (value == "none") replace_by_ = ReplaceBy::None;
    else return where + "unknown; use instance, writer or none";
  } else if (key == "loss") {
    if (!params::percent(value, loss_pct_)) return where + "not a percentage; use 0..100, e.g. loss=2";
  } else if (key == "seed") {
    if (!params::integer(value, 0, INT64_MAX, i)) return where + "not a non-negative integer";
    seed_ = static_cast<std::uint64_t>(i);
  } else if (key == "psk") {
    psk_ = value;
  } else {
    return where + "unknown parameter; the ant_* parameters are group, port, interface, nak_timeout, r, c, "
                   "nak_fallback, bandwidth, enqueue_timeout, retry_timeout, replace_by, loss, seed, psk";
  }
  return std::string();
}

int AntInst::load(ACE_Configuration_Heap& cf, ACE_Configuration_Section_Key& sect) {
  if (TransportInst::load(cf, sect) != 0) return -1;
  if (kind() == "replace") max_samples_per_packet_ = 1;  // per-sample replacement (see constructor)
  static const char* const keys[] = {"group",         "port",          "interface", "nak_timeout", "r",
                                     "c",             "nak_fallback",  "bandwidth", "enqueue_timeout",
                                     "retry_timeout", "replace_by",    "loss",      "seed",        "psk"};
  int failures = 0;
  for (const char* key : keys) {
    ACE_TString value;
    if (cf.get_string_value(sect, ACE_TEXT_CHAR_TO_TCHAR(key), value) != 0) continue;  // absent: default
    const std::string error = set(key, ACE_TEXT_ALWAYS_CHAR(value.c_str()));
    if (!error.empty()) {
      ACE_ERROR((LM_ERROR, ACE_TEXT("(%P|%t) ERROR: %C\n"), error.c_str()));
      if (config_error_.empty()) config_error_ = error;
      ++failures;
    }
  }
  return failures == 0 ? 0 : -1;
}

OPENDDS_STRING AntInst::dump_to_str() const {
  static const char* const by[] = {"instance", "writer", "none"};
  std::ostringstream os;
  os << TransportInst::dump_to_str() << std::endl;
  os << formatNameForDump("group") << group_ << std::endl;
  os << formatNameForDump("port") << port_ << std::endl;
  os << formatNameForDump("interface") << interface_ << std::endl;
  os << formatNameForDump("nak_timeout") << nak_timeout_us_ << "us" << std::endl;
  os << formatNameForDump("r") << r_ << std::endl;
  os << formatNameForDump("c") << c_ << std::endl;
  os << formatNameForDump("nak_fallback") << nak_fallback_ << std::endl;
  os << formatNameForDump("bandwidth") << bandwidth_ << "B/s" << std::endl;
  os << formatNameForDump("enqueue_timeout") << enqueue_timeout_us_ << "us" << std::endl;
  os << formatNameForDump("retry_timeout") << retry_timeout_us_ << "us" << std::endl;
  os << formatNameForDump("replace_by") << by[static_cast<int>(replace_by_)] << std::endl;
  os << formatNameForDump("loss") << loss_pct_ << "%" << std::endl;
  os << formatNameForDump("seed") << seed_ << std::endl;
  os << formatNameForDump("psk") << (psk_.empty() ? "(none)" : "(set)") << std::endl;
  return OPENDDS_STRING(os.str().c_str());
}

size_t AntInst::populate_locator(TransportLocator& info ADAMANT_ODDS_CONN_FLAGS_PARAM) const {
  const std::uint16_t port = port_ != 0 ? port_ : listen_port_;
  if (port == 0) return 0;  // ant_replace reader, port not chosen yet (static discovery needs port=)
  fill_locator(info, port);
  return 1;
}

void AntInst::fill_locator(TransportLocator& info, std::uint16_t port) const {
  info.transport_type = transport_type_.c_str();
  info.data = encode_locator(Locator{group_, port, stream_id_});
}

}  // namespace adamant_opendds
