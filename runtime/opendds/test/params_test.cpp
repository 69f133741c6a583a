// ant_* parameters: syntax, programmatic set(), and .ini loading through OpenDDS's own
// TransportRegistry (no network).
#include "Channel.h"
#include "Params.h"

#include <adamant_opendds/Ant.h>
#include <adamant_opendds/AntInst.h>

#include <ace/Configuration.h>
#include <ace/Configuration_Import_Export.h>
#include <dds/DCPS/transport/framework/TransportRegistry.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace adamant_opendds;

// The version-dependent spellings the tests use (Compat.h): dump_to_str(domain) from 3.27,
// max_samples_per_packet() an accessor from 3.25.
#if ADAMANT_ODDS_CONFIG_STORE
#define ADAMANT_ODDS_DUMP_ARG 0
#else
#define ADAMANT_ODDS_DUMP_ARG
#endif
#if ADAMANT_ODDS_INST_ACCESSORS
#define ADAMANT_ODDS_MSPP(inst) (inst)->max_samples_per_packet()
#else
#define ADAMANT_ODDS_MSPP(inst) (inst)->max_samples_per_packet_
#endif

TEST(Params, Durations) {
  std::int64_t us = -1;
  EXPECT_TRUE(params::duration_us("50ms", us));
  EXPECT_EQ(us, 50000);
  EXPECT_TRUE(params::duration_us("2000us", us));
  EXPECT_EQ(us, 2000);
  EXPECT_TRUE(params::duration_us("0.05s", us));
  EXPECT_EQ(us, 50000);
  EXPECT_TRUE(params::duration_us(" 20 ", us));  // bare number = ms
  EXPECT_EQ(us, 20000);
  EXPECT_FALSE(params::duration_us("abc", us));
  EXPECT_FALSE(params::duration_us("-5ms", us));
  EXPECT_FALSE(params::duration_us("5min", us));
  EXPECT_FALSE(params::duration_us("", us));
}

TEST(Params, TransportPriorityToEnginePriority) {
  EXPECT_EQ(params::engine_priority(0), 0);  // the DDS default: the lowest
  EXPECT_EQ(params::engine_priority(-7), 0);
  EXPECT_EQ(params::engine_priority(10), 10);
  EXPECT_EQ(params::engine_priority(255), 255);
  EXPECT_EQ(params::engine_priority(100000), 255);
  EXPECT_LT(params::engine_priority(1), params::engine_priority(2));
}

// Bandwidths mean what they mean in a model and on the runtime's command lines (the contract's
// units, read by the runtime's parser): KB/s is 1024 B/s; a bare number is B/s.
TEST(Params, RatesNumbersAddresses) {
  std::uint64_t b = 0;
  EXPECT_TRUE(params::bandwidth("125000", b));
  EXPECT_EQ(b, 125000u);
  EXPECT_TRUE(params::bandwidth("5KB/s", b));
  EXPECT_EQ(b, 5120u);
  EXPECT_TRUE(params::bandwidth("5 KB/s", b));
  EXPECT_EQ(b, 5120u);
  EXPECT_TRUE(params::bandwidth("1Mbit/s", b));
  EXPECT_EQ(b, 125000u);
  EXPECT_TRUE(params::bandwidth("8kbit/s", b));
  EXPECT_EQ(b, 1000u);
  EXPECT_TRUE(params::bandwidth("14000B/s", b));
  EXPECT_EQ(b, 14000u);
  b = 7;
  EXPECT_FALSE(params::bandwidth("64kB/s", b));  // not a unit of the language (KB/s is)
  EXPECT_FALSE(params::bandwidth("1Mbps", b));
  EXPECT_FALSE(params::bandwidth("5KB", b));     // a size
  EXPECT_FALSE(params::bandwidth("-5KB/s", b));
  EXPECT_FALSE(params::bandwidth("fast", b));
  EXPECT_EQ(b, 7u);
  std::int64_t i = 0;
  EXPECT_TRUE(params::integer("64", 1, 64, i));
  EXPECT_FALSE(params::integer("65", 1, 64, i));
  EXPECT_FALSE(params::integer("4x", 1, 64, i));
  EXPECT_TRUE(params::ipv4_multicast("239.255.42.1"));
  EXPECT_FALSE(params::ipv4_multicast("10.0.0.1"));
  EXPECT_TRUE(params::ipv4("127.0.0.1"));
  EXPECT_FALSE(params::ipv4("localhost"));
  double p = 0;
  EXPECT_TRUE(params::percent("2.5", p));
  EXPECT_DOUBLE_EQ(p, 2.5);
  EXPECT_TRUE(params::percent("3 %", p));
  EXPECT_DOUBLE_EQ(p, 3);
  EXPECT_FALSE(params::percent("101", p));
  EXPECT_FALSE(params::percent("2ms", p));
  EXPECT_EQ(params::units("bandwidth"), "B/s, KB/s, kbit/s, Mbit/s");
  EXPECT_EQ(params::units("duration"), "us, ms, s");
}

TEST(AntInst, ProgrammaticSet) {
  OpenDDS::DCPS::TransportInst_rch inst = TheTransportRegistry->create_inst("prog_ricochet", "ant_ricochet");
  AntInst* a = dynamic_cast<AntInst*>(inst.in());
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->kind(), "ricochet");
  EXPECT_TRUE(a->is_reliable());
  EXPECT_EQ(a->set("r", "4"), "");
  EXPECT_EQ(a->set("c", "2"), "");
  EXPECT_EQ(a->set("nak_timeout", "20ms"), "");
  EXPECT_EQ(a->options().r, 4);
  EXPECT_EQ(a->options().c, 2);
  EXPECT_EQ(a->options().nak_timeout_us, 20000);
  const std::string err = a->set("r", "0");
  EXPECT_NE(err.find("ant_ricochet [transport/prog_ricochet] r=0"), std::string::npos) << err;
  std::int64_t lo = 0, hi = 0;
  params::count_range("r", lo, hi);  // the contract table's range
  EXPECT_NE(err.find(std::to_string(lo) + ".." + std::to_string(hi)), std::string::npos) << err;
  EXPECT_EQ(a->options().r, 4);  // unchanged
  EXPECT_NE(a->set("rr", "1").find("unknown parameter"), std::string::npos);
  EXPECT_EQ(a->set("c", "5"), "");
  EXPECT_EQ(a->options().get("c"), "5");
  EXPECT_NE(a->dump_to_str(ADAMANT_ODDS_DUMP_ARG).find("5"), std::string::npos);

  OpenDDS::DCPS::TransportInst_rch base = TheTransportRegistry->create_inst("prog_baseline", "ant_baseline");
  EXPECT_FALSE(base->is_reliable());
  OpenDDS::DCPS::TransportInst_rch rep = TheTransportRegistry->create_inst("prog_replace", "ant_replace");
  EXPECT_EQ(ADAMANT_ODDS_MSPP(rep), 1u);  // one sample per packet: replacement is per sample
}

// ant_nakcast and ant_ricochet (its NAK fallback) take the contract's word for nak_timeout (`auto`,
// held as 0) and write it back; for both the default is that word.
TEST(AntOptions, NakcastTakesTheContractsKeyword) {
  const std::string word = params::nak_keyword();
  AntOptions nak("nakcast");
  EXPECT_EQ(nak.nak_timeout_us, params::nak_keyword_us());  // the default
  EXPECT_EQ(nak.set("nak_timeout", "25ms", ""), "");
  EXPECT_EQ(nak.nak_timeout_us, 25000);
  EXPECT_EQ(nak.set("nak_timeout", word, ""), "");
  EXPECT_EQ(nak.nak_timeout_us, params::nak_keyword_us());
  EXPECT_EQ(nak.get("nak_timeout"), word);
  AntOptions ric("ricochet");
  EXPECT_EQ(ric.nak_timeout_us, params::nak_keyword_us());
  EXPECT_EQ(ric.set("nak_timeout", "25ms", ""), "");
  EXPECT_EQ(ric.set("nak_timeout", word, ""), "");
  EXPECT_EQ(ric.get("nak_timeout"), word);
}

// A bandwidth in another spelling is refused with the units that are meant, not misread.
TEST(AntInst, BandwidthErrorNamesTheLanguagesUnits) {
  OpenDDS::DCPS::TransportInst_rch t = TheTransportRegistry->create_inst("bw_replace", "ant_replace");
  AntInst* rep = dynamic_cast<AntInst*>(t.in());
  ASSERT_NE(rep, nullptr);
  EXPECT_EQ(rep->set("bandwidth", "5KB/s"), "");
  EXPECT_EQ(rep->options().bandwidth, 5120u);
  const std::string err = rep->set("bandwidth", "5kB/s");
  EXPECT_NE(err.find("ant_replace [transport/bw_replace] bandwidth=5kB/s: not a bandwidth"), std::string::npos) << err;
  EXPECT_NE(err.find("B/s, KB/s, kbit/s, Mbit/s"), std::string::npos) << err;
  EXPECT_EQ(rep->options().bandwidth, 5120u);  // unchanged
  EXPECT_NE(rep->set("nak_timeout", "5min").find("(us, ms, s; a bare number is ms)"), std::string::npos);
}

// The options start at the runtime's defaults, which ChannelParams reads off the contract table.
TEST(AntOptions, DefaultsAreTheRuntimes) {
  const ChannelParams d;
  const AntOptions o("ricochet");
  EXPECT_EQ(o.nak_timeout_us, d.nak_timeout_us);
  EXPECT_EQ(o.r, d.lec_r);
  EXPECT_EQ(o.c, d.lec_c);
  EXPECT_EQ(o.nak_fallback, d.lec_nak_fallback);
  EXPECT_EQ(o.bandwidth, d.pace_bytes_per_s);
  EXPECT_EQ(o.enqueue_timeout_us, d.enqueue_timeout_us);
  EXPECT_EQ(o.retry_timeout_us, d.retry_timeout_us);
  EXPECT_EQ(o.group, d.group);
  EXPECT_EQ(o.port, d.port);
  EXPECT_EQ(AntOptions("replace").port, 0);
}

// A key comes from a file (psk_file=, or the variable psk_file_env= names), read at load time; a
// key written into the configuration (psk=) is refused without echoing it.
TEST(AntOptions, KeyFileNotKey) {
  AntOptions o("nakcast");
  const std::string refused = o.set("psk", "hunter2-secret", "[transport/t] ");
  EXPECT_NE(refused.find("psk=... refused"), std::string::npos) << refused;
  EXPECT_EQ(refused.find("hunter2"), std::string::npos) << refused;
  EXPECT_NE(o.set("psk_file", "/nonexistent/key", ""), "");
  EXPECT_NE(o.set("psk_file", "", "").find("empty; name the key file"), std::string::npos);
  const std::string key = "/tmp/adamant_opendds_key_" + std::to_string(::getpid());
  std::ofstream(key) << "000102030405060708090a0b0c0d0e0f\n";
  ::chmod(key.c_str(), 0644);
  EXPECT_NE(o.set("psk_file", key, "").find("chmod 600"), std::string::npos);
  ::chmod(key.c_str(), 0600);
  EXPECT_EQ(o.set("psk_file", key, ""), "");
  EXPECT_EQ(o.get("psk_file"), key);
  AntOptions e("nakcast");
  ::unsetenv("ADAMANT_OPENDDS_TEST_KEY");
  EXPECT_NE(e.set("psk_file_env", "ADAMANT_OPENDDS_TEST_KEY", "").find("is not set"), std::string::npos);
  ::setenv("ADAMANT_OPENDDS_TEST_KEY", key.c_str(), 1);
  EXPECT_EQ(e.set("psk_file_env", "ADAMANT_OPENDDS_TEST_KEY", ""), "");
  EXPECT_EQ(e.psk_file, key);
  ::unsetenv("ADAMANT_OPENDDS_TEST_KEY");
  std::remove(key.c_str());
}

TEST(AntInst, ReplaceReaderPortIsEphemeralUnlessGiven) {
  OpenDDS::DCPS::TransportInst_rch t = TheTransportRegistry->create_inst("port_replace", "ant_replace");
  AntInst* rep = dynamic_cast<AntInst*>(t.in());
  ASSERT_NE(rep, nullptr);
  EXPECT_EQ(rep->options().port, 0);  // the kernel picks it when the transport starts
  OpenDDS::DCPS::TransportLocator loc;
  EXPECT_EQ(rep->populate_locator(loc ADAMANT_ODDS_CONN_FLAGS_ARG ADAMANT_ODDS_POPULATE_EXTRA_ARGS), 0u);  // nothing to advertise yet
  rep->listen_port(40001);  // what AntTransport does with the port it reserved
  EXPECT_EQ(rep->populate_locator(loc ADAMANT_ODDS_CONN_FLAGS_ARG ADAMANT_ODDS_POPULATE_EXTRA_ARGS), 1u);
  EXPECT_EQ(rep->set("port", "7361"), "");
  EXPECT_EQ(rep->set("port", "0"), "");
  EXPECT_NE(rep->set("port", "70000"), "");
  OpenDDS::DCPS::TransportInst_rch n = TheTransportRegistry->create_inst("port_nak", "ant_nakcast");
  AntInst* nak = dynamic_cast<AntInst*>(n.in());
  ASSERT_NE(nak, nullptr);
  EXPECT_EQ(nak->options().port, 7350);  // a multicast group's port: never ephemeral
  EXPECT_NE(nak->set("port", "0").find("not a UDP port"), std::string::npos);
}

namespace {
// OpenDDS names a file's default transport configuration after its path: one name per test.
std::string write_ini(const std::string& body, const std::string& name = "params") {
  const std::string path = "/tmp/adamant_opendds_" + name + "_" + std::to_string(::getpid()) + ".ini";
  std::ofstream(path) << body;
  return path;
}
int load_ini(const std::string& path) {
  ACE_Configuration_Heap cf;
  cf.open();
  ACE_Ini_ImpExp imp(cf);
  if (imp.import_config(path.c_str()) != 0) return -2;
  return TheTransportRegistry->load_transport_configuration(path.c_str(), cf);
}
}  // namespace

TEST(AntInst, LoadsIniSection) {
  const std::string path = write_ini(
      "[transport/ini_nak]\ntransport_type=ant_nakcast\ngroup=239.255.9.9\nport=7444\ninterface=127.0.0.1\n"
      "nak_timeout=15ms\n\n[transport/ini_rep]\ntransport_type=ant_replace\nbandwidth=1Mbit/s\n"
      "enqueue_timeout=200ms\nreplace_by=writer\n");
  ASSERT_EQ(load_ini(path), 0);
  std::remove(path.c_str());
  AntInst* nak = dynamic_cast<AntInst*>(TheTransportRegistry->get_inst("ini_nak").in());
  ASSERT_NE(nak, nullptr);
  EXPECT_EQ(nak->options().group, "239.255.9.9");
  EXPECT_EQ(nak->options().port, 7444);
  EXPECT_EQ(nak->options().nak_timeout_us, 15000);
  AntInst* rep = dynamic_cast<AntInst*>(TheTransportRegistry->get_inst("ini_rep").in());
  ASSERT_NE(rep, nullptr);
  EXPECT_EQ(rep->options().bandwidth, 125000u);
  EXPECT_EQ(rep->options().enqueue_timeout_us, 200000);
  EXPECT_EQ(rep->options().replace_by, ReplaceBy::Writer);
}

TEST(AntInst, RejectsBadIniValue) {
  const std::string path = write_ini("[transport/ini_bad]\ntransport_type=ant_nakcast\nnak_timeout=soon\n");
  load_ini(path);  // OpenDDS 3.13 ignores TransportInst::load()'s result
  std::remove(path.c_str());
  AntInst* bad = dynamic_cast<AntInst*>(TheTransportRegistry->get_inst("ini_bad").in());
  ASSERT_NE(bad, nullptr);
  EXPECT_NE(bad->config_error().find("ant_nakcast [transport/ini_bad] nak_timeout=soon: not a positive duration"),
            std::string::npos)
      << bad->config_error();
  EXPECT_EQ(bad->options().nak_timeout_us, AntOptions("nakcast").nak_timeout_us);  // default kept
}

// ant_adaptive: the decision table is read at configuration (a missing or malformed file, or a
// candidate the runtime does not run, is refused there), hold and margin take the contract's
// units, and an instance without a table reports what it lacks instead of starting.
TEST(AntOptions, AdaptiveTableHoldMargin) {
  AntOptions o("adaptive");
  const ChannelParams d;
  EXPECT_EQ(o.hold_us, d.hold_us);  // the contract's defaults
  EXPECT_EQ(o.margin_pct, d.margin_pct);
  EXPECT_NE(o.missing("[transport/a] ").find("[transport/a] table= missing"), std::string::npos) << o.missing("");
  EXPECT_NE(o.set("table", "/nonexistent/table.json", "").find("table=/nonexistent/table.json: "), std::string::npos);
  EXPECT_NE(o.set("table", "", "").find("empty; name the decision table"), std::string::npos);
  const std::string bad = "/tmp/adamant_opendds_table_" + std::to_string(::getpid()) + ".json";
  std::ofstream(bad) << "{\"format\": \"adamant-adaptive-table/1\", \"axes\": {}}";
  EXPECT_NE(o.set("table", bad, ""), "");
  std::ofstream(bad) << "{\"format\": \"adamant-adaptive-table/1\", \"axes\": {\"receivers\": [3], \"loss_pct\": [0],"
                        " \"rate_hz\": [10]}, \"candidates\": [{\"name\": \"q\", \"kind\": \"quic\", \"params\": {}}],"
                        " \"scores\": [1]}";
  EXPECT_NE(o.set("table", bad, "").find("quic"), std::string::npos) << o.set("table", bad, "");
  std::remove(bad.c_str());
  EXPECT_EQ(o.table, "");  // unchanged by the refusals
  EXPECT_EQ(o.set("table", ADAMANT_ADAPTIVE_TEST_TABLE, ""), "");
  EXPECT_EQ(o.get("table"), ADAMANT_ADAPTIVE_TEST_TABLE);
  EXPECT_EQ(o.missing(""), "");
  EXPECT_EQ(o.set("hold", "300ms", ""), "");
  EXPECT_EQ(o.hold_us, 300000);
  EXPECT_EQ(o.get("hold"), "300000us");
  EXPECT_NE(o.set("hold", "soon", "").find("not a duration"), std::string::npos);
  EXPECT_EQ(o.set("margin", "15%", ""), "");
  EXPECT_EQ(o.margin_pct, 15);
  EXPECT_NE(o.set("margin", "150", "").find("not a percentage"), std::string::npos);
  EXPECT_EQ(o.margin_pct, 15);
  EXPECT_EQ(AntOptions("nakcast").missing(""), "");  // only ant_adaptive needs a table
}

TEST(AntInst, LoadsAdaptiveIniSection) {
  const std::string path = write_ini(std::string("[transport/ini_adaptive]\ntransport_type=ant_adaptive\ntable=") +
                                     ADAMANT_ADAPTIVE_TEST_TABLE +
                                     "\nhold=500ms\nmargin=20\nloss=1\n\n"
                                     "[transport/ini_adaptive_bare]\ntransport_type=ant_adaptive\n",
                                     "adaptive");
  ASSERT_EQ(load_ini(path), 0);
  std::remove(path.c_str());
  AntInst* a = dynamic_cast<AntInst*>(TheTransportRegistry->get_inst("ini_adaptive").in());
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->kind(), "adaptive");
  EXPECT_TRUE(a->is_reliable());
  EXPECT_EQ(a->config_error(), "");
  EXPECT_EQ(a->options().table, ADAMANT_ADAPTIVE_TEST_TABLE);
  EXPECT_EQ(a->options().hold_us, 500000);
  EXPECT_EQ(a->options().margin_pct, 20);
  EXPECT_EQ(a->options().loss_pct, 1);
  EXPECT_NE(a->dump_to_str(ADAMANT_ODDS_DUMP_ARG).find(ADAMANT_ADAPTIVE_TEST_TABLE), std::string::npos);
  AntInst* bare = dynamic_cast<AntInst*>(TheTransportRegistry->get_inst("ini_adaptive_bare").in());
  ASSERT_NE(bare, nullptr);
  EXPECT_NE(bare->config_error().find("ant_adaptive [transport/ini_adaptive_bare] table= missing"), std::string::npos)
      << bare->config_error();
  EXPECT_GT(max_payload("nakcast"), max_payload("adaptive"));  // the epoch envelope's room
}
