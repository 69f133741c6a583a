#include <adamant_opendds/AntInst.h>

#include "AntTransport.h"
#include "Channel.h"
#include "Locator.h"

#include <ace/Configuration.h>
#include <ace/Log_Msg.h>
#if ADAMANT_ODDS_CONFIG_STORE
#include <dds/DCPS/ConfigStoreImpl.h>
#include <dds/DCPS/Service_Participant.h>
#endif

#include <sstream>

namespace adamant_opendds {

using namespace OpenDDS::DCPS;

#if ADAMANT_ODDS_CONFIG_STORE
AntInst::AntInst(const char* type, const std::string& name, bool is_template)
    : TransportInst(type, name.c_str(), is_template), stream_id_(fresh_stream_id()), listen_port_(0) {
  force_one_sample_per_packet();
}
#else
AntInst::AntInst(const char* type, const std::string& name)
    : TransportInst(type, name.c_str()), stream_id_(fresh_stream_id()), listen_port_(0), options_(kind()) {
  force_one_sample_per_packet();
}
#endif

// ant_replace tags every sample by its instance: one sample per transport packet, so a
// packet is exactly what replacement supersedes.
void AntInst::force_one_sample_per_packet() {
  if (kind() != "replace") return;
#if ADAMANT_ODDS_INST_ACCESSORS
  max_samples_per_packet(1);
#else
  max_samples_per_packet_ = 1;
#endif
}

std::string AntInst::kind() const {
  const std::string t(transport_type_.c_str());
  return t.compare(0, 4, "ant_") == 0 ? t.substr(4) : t;
}

std::string AntInst::where() const {
  return transport_type_.c_str() + std::string(" [transport/") + name().c_str() + "] ";
}

bool AntInst::is_reliable() const { return kind() != "baseline"; }

#if ADAMANT_ODDS_CONFIG_STORE
TransportImpl_rch AntInst::new_impl(DDS::DomainId_t domain) {
  return make_rch<AntTransport>(rchandle_from(this), domain);
}

// The options live in the ConfigStore (as OpenDDS's own transports keep theirs from 3.27):
// an .ini section's keys are there already, set() adds to them.
namespace {
String stored(const AntInst& inst, const char* key) {
  return TheServiceParticipant->config_store()->get(inst.config_key(key).c_str(), String());
}
}  // namespace

AntOptions AntInst::options() const {
  AntOptions o(kind());
  for (int i = 0; i < AntOptions::key_count; ++i) {
    const String v = stored(*this, AntOptions::keys[i]);
    if (!v.empty()) o.set(AntOptions::keys[i], v.c_str(), where());  // a bad value keeps the default
  }
  return o;
}

std::string AntInst::config_error() const {
  AntOptions o(kind());
  for (int i = 0; i < AntOptions::key_count; ++i) {
    const String v = stored(*this, AntOptions::keys[i]);
    if (v.empty()) continue;
    const std::string error = o.set(AntOptions::keys[i], v.c_str(), where());
    if (!error.empty()) return error;
  }
  return o.missing(where());
}

std::string AntInst::set(const std::string& key, const std::string& value) {
  AntOptions o = options();
  const std::string error = o.set(key, value, where());
  if (error.empty()) TheServiceParticipant->config_store()->set(config_key(key.c_str()).c_str(), String(value.c_str()));
  return error;
}
#else
TransportImpl_rch AntInst::new_impl() {
#if ADAMANT_ODDS_IMPL_BY_HANDLE
  return make_rch<AntTransport>(rchandle_from(this));
#else
  return make_rch<AntTransport>(ref(*this));
#endif
}

AntOptions AntInst::options() const { return options_; }

std::string AntInst::config_error() const {
  return config_error_.empty() ? options_.missing(where()) : config_error_;
}

std::string AntInst::set(const std::string& key, const std::string& value) {
  return options_.set(key, value, where());
}

int AntInst::load(ACE_Configuration_Heap& cf, ACE_Configuration_Section_Key& sect) {
  if (TransportInst::load(cf, sect) != 0) return -1;
  force_one_sample_per_packet();  // the section may have set max_samples_per_packet
  int failures = 0;
  for (int i = 0; i < AntOptions::key_count; ++i) {
    ACE_TString value;
    if (cf.get_string_value(sect, ACE_TEXT_CHAR_TO_TCHAR(AntOptions::keys[i]), value) != 0) continue;  // absent: default
    const std::string error = set(AntOptions::keys[i], ACE_TEXT_ALWAYS_CHAR(value.c_str()));
    if (!error.empty()) {
      ACE_ERROR((LM_ERROR, ACE_TEXT("(%P|%t) ERROR: %C\n"), error.c_str()));
      if (config_error_.empty()) config_error_ = error;
      ++failures;
    }
  }
  return failures == 0 ? 0 : -1;
}
#endif

#if ADAMANT_ODDS_CONFIG_STORE
OPENDDS_STRING AntInst::dump_to_str(DDS::DomainId_t domain) const {
  std::ostringstream os;
  os << TransportInst::dump_to_str(domain) << std::endl;
#else
OPENDDS_STRING AntInst::dump_to_str() const {
  std::ostringstream os;
  os << TransportInst::dump_to_str() << std::endl;
#endif
  const AntOptions o = options();
  for (int i = 0; i < AntOptions::key_count; ++i) {
    const std::string key = AntOptions::keys[i];
    os << formatNameForDump(key.c_str()) << o.get(key)
       << std::endl;
  }
  return OPENDDS_STRING(os.str().c_str());
}

size_t AntInst::populate_locator(TransportLocator& info ADAMANT_ODDS_CONN_FLAGS_PARAM
                                     ADAMANT_ODDS_POPULATE_EXTRA_PARAMS) const {
  const AntOptions o = options();
  const std::uint16_t port = o.port != 0 ? o.port : listen_port_;
  if (port == 0) return 0;  // ant_replace reader, port not chosen yet (static discovery needs port=)
  info.transport_type = transport_type_.c_str();
  info.data = encode_locator(Locator{o.group, port, stream_id_});
  return 1;
}

}  // namespace adamant_opendds
