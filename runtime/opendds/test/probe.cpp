// Writer / reader of AntTest::Probe over one ant_* transport (RTPS discovery). run_probe.sh
// starts 3 readers and a writer in a private network namespace and checks the figures.
//   probe -DCPSConfigFile probe.ini --role writer --transport ant_nakcast --count N --rate HZ --readers 3
//   probe -DCPSConfigFile probe.ini --role reader --transport ant_nakcast --count N --index I --loss PCT
// A reader prints one line: reader index=I received=R unique=U count=N lat_mean_us=... p50 p99 max.
// Priorities (run_priority.sh): --priorities P0,P1,... makes the writer process run one DataWriter
// per value (TRANSPORT_PRIORITY P_k, its own instances, samples seq k*count+1 .. (k+1)*count,
// written round-robin at --rate each, the last-listed writer first in every round); --bandwidth paces the ant_replace writer instance. A reader
// given --writers K also prints w<k>_unique and w<k>_lat_mean_us per writer. --table FILE gives
// ant_adaptive its decision table (writer and readers).
#include "ProbeTypeSupportImpl.h"

#include <adamant_opendds/Ant.h>
#include <adamant_opendds/AntInst.h>

#include <dds/DCPS/Marked_Default_Qos.h>
#include <dds/DCPS/RTPS/RtpsDiscovery.h>
#include <dds/DCPS/Service_Participant.h>
#include <dds/DCPS/WaitSet.h>
#include <dds/DCPS/transport/framework/TransportRegistry.h>
#include <dds/DCPS/transport/rtps_udp/RtpsUdp.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <numeric>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace {

long long now_ns() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<long long>(ts.tv_sec) * 1000000000LL + ts.tv_nsec;
}

struct Args {
  std::string role, transport;
  long count = 400, readers = 3, index = 0, instances = 20, writers = 1;
  double rate = 200, loss = 0, timeout = 60;
  std::vector<long> priorities{0};  // TRANSPORT_PRIORITY of each DataWriter of the writer process
  std::string bandwidth;            // ant_replace pacing of the writer's instance ("" = the .ini's)
  std::string table;                // ant_adaptive's decision table ("" = the .ini's)
};

bool parse_list(const std::string& text, std::vector<long>& out) {
  out.clear();
  std::size_t b = 0;
  while (b <= text.size()) {
    const std::size_t e = std::min(text.find(',', b), text.size());
    char* end = nullptr;
    const std::string item = text.substr(b, e - b);
    const long v = std::strtol(item.c_str(), &end, 10);
    if (item.empty() || *end != '\0') return false;
    out.push_back(v);
    b = e + 1;
  }
  return !out.empty();
}

bool parse(int argc, char** argv, Args& a) {
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string k = argv[i], v = argv[i + 1];
    if (k == "--role") a.role = v;
    else if (k == "--transport") a.transport = v;
    else if (k == "--count") a.count = std::atol(v.c_str());
    else if (k == "--readers") a.readers = std::atol(v.c_str());
    else if (k == "--index") a.index = std::atol(v.c_str());
    else if (k == "--instances") a.instances = std::atol(v.c_str());
    else if (k == "--rate") a.rate = std::atof(v.c_str());
    else if (k == "--loss") a.loss = std::atof(v.c_str());
    else if (k == "--timeout") a.timeout = std::atof(v.c_str());
    else if (k == "--writers") a.writers = std::atol(v.c_str());
    else if (k == "--bandwidth") a.bandwidth = v;
    else if (k == "--table") a.table = v;
    else if (k == "--priorities") {
      if (!parse_list(v, a.priorities)) {
        std::fprintf(stderr, "probe: --priorities wants integers separated by commas, e.g. 10,0\n");
        return false;
      }
      a.writers = static_cast<long>(a.priorities.size());
    } else {
      std::fprintf(stderr, "probe: unknown option %s\n", k.c_str());
      return false;
    }
  }
  if ((a.role != "writer" && a.role != "reader") || a.transport.empty() || a.count <= 0 || a.rate <= 0 ||
      a.instances <= 0 || a.writers <= 0) {
    std::fprintf(stderr, "probe: need --role writer|reader --transport NAME (--count N > 0, --rate HZ > 0)\n");
    return false;
  }
  return true;
}

void fail(const char* what) {
  std::fprintf(stderr, "probe: %s\n", what);
  std::exit(1);
}

int run_writer(DDS::DomainParticipant_ptr dp, DDS::Topic_ptr topic, const Args& a) {
  DDS::Publisher_var pub = dp->create_publisher(PUBLISHER_QOS_DEFAULT, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
  std::vector<DDS::DataWriter_var> ws;
  std::vector<AntTest::ProbeDataWriter_var> pws;
  for (long prio : a.priorities) {
    DDS::DataWriterQos qos;
    pub->get_default_datawriter_qos(qos);
    qos.reliability.kind = DDS::RELIABLE_RELIABILITY_QOS;
    qos.transport_priority.value = static_cast<CORBA::Long>(prio);
    ws.push_back(pub->create_datawriter(topic, qos, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK));
    if (!ws.back()) fail("create_datawriter failed");
    pws.push_back(AntTest::ProbeDataWriter::_narrow(ws.back()));
  }
  const long long give_up = now_ns() + static_cast<long long>(a.timeout * 1e9);
  for (const DDS::DataWriter_var& w : ws) {
    for (;;) {
      DDS::PublicationMatchedStatus st;
      w->get_publication_matched_status(st);
      if (st.current_count >= a.readers) break;
      if (now_ns() > give_up) fail("writer: readers did not match in time");
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(500));  // receivers learn the stream start
  const long long period = static_cast<long long>(1e9 / a.rate);
  long long next = now_ns();
  for (long i = 1; i <= a.count; ++i) {
    for (std::size_t k = pws.size(); k-- > 0;) {  // the last-listed writer writes first
      AntTest::Probe p;
      p.id = static_cast<CORBA::Long>(static_cast<long>(k) * a.instances + i % a.instances);
      p.seq = static_cast<CORBA::ULongLong>(static_cast<long>(k) * a.count + i);
      p.send_ns = now_ns();
      if (pws[k]->write(p, DDS::HANDLE_NIL) != DDS::RETCODE_OK) fail("write failed");
    }
    next += period;
    const long long wait = next - now_ns();
    if (wait > 0) std::this_thread::sleep_for(std::chrono::nanoseconds(wait));
  }
  // Stay up while readers recover the tail (NAKs, retransmissions, repairs), then leave.
  std::this_thread::sleep_for(std::chrono::seconds(3));
  std::printf("writer sent=%ld writers=%zu\n", a.count, pws.size());
  return 0;
}

int run_reader(DDS::DomainParticipant_ptr dp, DDS::Topic_ptr topic, const Args& a) {
  DDS::Subscriber_var sub = dp->create_subscriber(SUBSCRIBER_QOS_DEFAULT, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
  DDS::DataReaderQos qos;
  sub->get_default_datareader_qos(qos);
  qos.reliability.kind =
      a.transport == "ant_baseline" ? DDS::BEST_EFFORT_RELIABILITY_QOS : DDS::RELIABLE_RELIABILITY_QOS;
  qos.history.kind = DDS::KEEP_ALL_HISTORY_QOS;
  DDS::DataReader_var r = sub->create_datareader(topic, qos, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
  if (!r) fail("create_datareader failed");
  AntTest::ProbeDataReader_var pr = AntTest::ProbeDataReader::_narrow(r);
  DDS::ReadCondition_var rc = r->create_readcondition(DDS::ANY_SAMPLE_STATE, DDS::ANY_VIEW_STATE, DDS::ANY_INSTANCE_STATE);
  DDS::WaitSet_var ws = new DDS::WaitSet;
  ws->attach_condition(rc);

  std::set<unsigned long long> seen;
  std::vector<double> lat_us;
  std::vector<long> w_unique(static_cast<std::size_t>(a.writers), 0);
  std::vector<double> w_lat_sum(static_cast<std::size_t>(a.writers), 0.0);
  const long total = a.count * a.writers;
  long received = 0;
  const long long give_up = now_ns() + static_cast<long long>(a.timeout * 1e9);
  long long last = 0;
  while (static_cast<long>(seen.size()) < total && now_ns() < give_up && (last == 0 || now_ns() - last < 4000000000LL)) {
    DDS::ConditionSeq active;
    DDS::Duration_t t = {0, 100000000};
    ws->wait(active, t);
    AntTest::ProbeSeq data;
    DDS::SampleInfoSeq info;
    while (pr->take(data, info, DDS::LENGTH_UNLIMITED, DDS::ANY_SAMPLE_STATE, DDS::ANY_VIEW_STATE,
                    DDS::ANY_INSTANCE_STATE) == DDS::RETCODE_OK) {
      const long long t_ns = now_ns();
      for (CORBA::ULong i = 0; i < data.length(); ++i) {
        if (!info[i].valid_data) continue;
        ++received;
        last = t_ns;
        if (!seen.insert(data[i].seq).second) continue;
        const double us = (t_ns - data[i].send_ns) / 1000.0;
        lat_us.push_back(us);
        const long k = std::min(a.writers - 1, static_cast<long>((data[i].seq - 1) / a.count));
        ++w_unique[static_cast<std::size_t>(k)];
        w_lat_sum[static_cast<std::size_t>(k)] += us;
      }
      pr->return_loan(data, info);
    }
  }
  ws->detach_condition(rc);
  r->delete_readcondition(rc);
  std::sort(lat_us.begin(), lat_us.end());
  auto pct = [&](double q) { return lat_us.empty() ? 0.0 : lat_us[std::min(lat_us.size() - 1, static_cast<size_t>(q * lat_us.size()))]; };
  const double mean = lat_us.empty() ? 0.0 : std::accumulate(lat_us.begin(), lat_us.end(), 0.0) / lat_us.size();
  std::printf("reader index=%ld received=%ld unique=%zu count=%ld lat_mean_us=%.1f lat_p50_us=%.1f lat_p99_us=%.1f lat_max_us=%.1f",
              a.index, received, seen.size(), total, mean, pct(0.5), pct(0.99), lat_us.empty() ? 0.0 : lat_us.back());
  if (a.writers > 1) {
    for (std::size_t k = 0; k < w_unique.size(); ++k)
      std::printf(" w%zu_unique=%ld w%zu_lat_mean_us=%.1f", k, w_unique[k], k, w_unique[k] ? w_lat_sum[k] / w_unique[k] : 0.0);
  }
  std::printf("\n");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  DDS::DomainParticipantFactory_var dpf = TheParticipantFactoryWithArgs(argc, argv);  // takes -DCPS* options
  Args a;
  if (!parse(argc, argv, a)) return 2;

  // Programmatic settings on an instance loaded from the .ini (before its first use).
  OpenDDS::DCPS::TransportInst_rch inst = TheTransportRegistry->get_inst(a.transport.c_str());
  adamant_opendds::AntInst* ant = dynamic_cast<adamant_opendds::AntInst*>(inst.in());
  if (!ant) fail("transport instance not found or not an ant_* transport");
  if (!a.table.empty()) {
    const std::string err = ant->set("table", a.table);
    if (!err.empty()) fail(err.c_str());
  }
  if (a.role == "reader") {
    std::string err = ant->set("loss", std::to_string(a.loss));
    if (err.empty()) err = ant->set("seed", std::to_string(1000 + a.index));
    if (!err.empty()) fail(err.c_str());
  } else if (!a.bandwidth.empty()) {
    const std::string err = ant->set("bandwidth", a.bandwidth);
    if (!err.empty()) fail(err.c_str());
  }

  DDS::DomainParticipant_var dp =
      dpf->create_participant(42, PARTICIPANT_QOS_DEFAULT, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
  if (!dp) fail("create_participant failed");
  TheTransportRegistry->bind_config(a.transport.c_str(), dp);
  AntTest::ProbeTypeSupport_var ts = new AntTest::ProbeTypeSupportImpl;
  if (ts->register_type(dp, "") != DDS::RETCODE_OK) fail("register_type failed");
  CORBA::String_var type = ts->get_type_name();
  DDS::Topic_var topic = dp->create_topic("AntProbe", type, TOPIC_QOS_DEFAULT, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
  if (!topic) fail("create_topic failed");

  const int rc = a.role == "writer" ? run_writer(dp, topic, a) : run_reader(dp, topic, a);
  std::fflush(stdout);
  dp->delete_contained_entities();
  dpf->delete_participant(dp);
  TheServiceParticipant->shutdown();
  return rc;
}
