// adamant_opendds::transports (Transports.h) against OpenDDS: the options of a created transport
// instance, a configuration the .ini defines, and writers and readers that ask for RELIABLE
// reliability on each kind of transport enabling (OpenDDS refuses a RELIABLE reader every
// unreliable transport: DataReaderImpl::check_transport_qos; ant_baseline, whose AntInst::
// is_reliable is false, takes the same path). argv[1]: transports.ini.
#include <adamant_opendds/Transports.h>

#include <dds/DdsDcpsCoreTypeSupportImpl.h>
#include <dds/DCPS/Marked_Default_Qos.h>
#include <dds/DCPS/RTPS/RtpsDiscovery.h>
#include <dds/DCPS/Service_Participant.h>
#include <dds/DCPS/transport/framework/TransportConfig.h>
#include <dds/DCPS/transport/framework/TransportInst.h>
#include <dds/DCPS/transport/framework/TransportRegistry.h>
#include <dds/DCPS/transport/multicast/Multicast.h>
#include <dds/DCPS/transport/rtps_udp/RtpsUdp.h>
#include <dds/DCPS/transport/tcp/Tcp.h>
#include <dds/DCPS/transport/udp/Udp.h>

#include <gtest/gtest.h>

#include <string>

namespace {

namespace at = adamant_opendds::transports;

// One participant (RTPS discovery, the .ini given on the command line) and a topic whose type is one
// OpenDDS already has (the participant built-in topic's), so the test compiles no IDL.
class Transports : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    int argc = static_cast<int>(args.size());
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(&a[0]);
    argv.push_back(nullptr);
    factory = TheParticipantFactoryWithArgs(argc, argv.data());
    participant = factory->create_participant(0, PARTICIPANT_QOS_DEFAULT, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
    ASSERT_TRUE(participant);
    DDS::ParticipantBuiltinTopicDataTypeSupport_var ts = new DDS::ParticipantBuiltinTopicDataTypeSupportImpl;
    ASSERT_EQ(ts->register_type(participant, "AdamantTransportsTestType"), DDS::RETCODE_OK);
    topic = participant->create_topic("AdamantTransportsTest", "AdamantTransportsTestType", TOPIC_QOS_DEFAULT, 0,
                                      OpenDDS::DCPS::DEFAULT_STATUS_MASK);
    ASSERT_TRUE(topic);
    DDS::PublisherQos pq;
    participant->get_default_publisher_qos(pq);
    pq.entity_factory.autoenable_created_entities = false;
    publisher = participant->create_publisher(pq, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
    DDS::SubscriberQos sq;
    participant->get_default_subscriber_qos(sq);
    sq.entity_factory.autoenable_created_entities = false;
    subscriber = participant->create_subscriber(sq, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
    ASSERT_TRUE(publisher && subscriber);
    ASSERT_EQ(publisher->enable(), DDS::RETCODE_OK);
    ASSERT_EQ(subscriber->enable(), DDS::RETCODE_OK);
  }

  static void TearDownTestSuite() {
    if (participant) {
      participant->delete_contained_entities();
      factory->delete_participant(participant);
    }
    TheServiceParticipant->shutdown();
  }

  // A disabled reader asking for `kind`, bound to `config` (type and options when the .ini does not
  // define it) and enabled: the reliability it ended with, or -1 when bind or enable failed.
  static int reader(const std::string& config, const std::string& type, const adamant_opendds::TransportOptions& options,
                    DDS::ReliabilityQosPolicyKind kind = DDS::RELIABLE_RELIABILITY_QOS) {
    DDS::DataReaderQos qos;
    subscriber->get_default_datareader_qos(qos);
    qos.reliability.kind = kind;
    DDS::DataReader_var r = subscriber->create_datareader(topic, qos, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
    if (!r || !at::bind(r.in(), config, type, options) || r->enable() != DDS::RETCODE_OK) return -1;
    r->get_qos(qos);
    return qos.reliability.kind;
  }

  // The same for a writer.
  static int writer(const std::string& config, const std::string& type, const adamant_opendds::TransportOptions& options) {
    DDS::DataWriterQos qos;
    publisher->get_default_datawriter_qos(qos);
    qos.reliability.kind = DDS::RELIABLE_RELIABILITY_QOS;
    DDS::DataWriter_var w = publisher->create_datawriter(topic, qos, 0, OpenDDS::DCPS::DEFAULT_STATUS_MASK);
    if (!w || !at::bind(w.in(), config, type, options) || w->enable() != DDS::RETCODE_OK) return -1;
    w->get_qos(qos);
    return qos.reliability.kind;
  }

 public:
  static std::vector<std::string> args;
  static DDS::DomainParticipantFactory_var factory;
  static DDS::DomainParticipant_var participant;
  static DDS::Topic_var topic;
  static DDS::Publisher_var publisher;
  static DDS::Subscriber_var subscriber;
};

std::vector<std::string> Transports::args;
DDS::DomainParticipantFactory_var Transports::factory;
DDS::DomainParticipant_var Transports::participant;
DDS::Topic_var Transports::topic;
DDS::Publisher_var Transports::publisher;
DDS::Subscriber_var Transports::subscriber;

const int kReliable = DDS::RELIABLE_RELIABILITY_QOS;
const int kBestEffort = DDS::BEST_EFFORT_RELIABILITY_QOS;

TEST_F(Transports, ConfigureSetsOptionsAsAnIniSectionDoes) {
  OpenDDS::DCPS::TransportInst_rch inst = TheTransportRegistry->create_inst("configured_mc", "multicast");
  ASSERT_FALSE(inst.is_nil());
  EXPECT_TRUE(inst->is_reliable());  // MulticastInst's default
  EXPECT_TRUE(at::configure(inst, {{"reliable", "0"}}));
  EXPECT_FALSE(inst->is_reliable());
  EXPECT_TRUE(at::configure(inst, {}));
}

TEST_F(Transports, AnUnknownTransportTypeIsRefused) {
  EXPECT_EQ(reader("no_such_reader", "no_such_transport", {}), -1);
}

TEST_F(Transports, ReliableTransportsKeepReliable) {
  EXPECT_EQ(reader("tcp_reader", "tcp", {}), kReliable);
  EXPECT_EQ(writer("tcp_writer", "tcp", {}), kReliable);
  EXPECT_EQ(reader("rtps_reader", "rtps_udp", {}), kReliable);
  EXPECT_EQ(reader("mc_reliable_reader", "multicast", {{"reliable", "1"}}), kReliable);
}

TEST_F(Transports, BestEffortTransportsEnableReliableEntitiesAsBestEffort) {
  EXPECT_EQ(reader("udp_reader", "udp", {}), kBestEffort);
  EXPECT_EQ(writer("udp_writer", "udp", {}), kBestEffort);
  EXPECT_EQ(reader("mc_best_effort_reader", "multicast", {{"reliable", "0"}}), kBestEffort);
  EXPECT_EQ(writer("mc_best_effort_writer", "multicast", {{"reliable", "0"}}), kBestEffort);
  EXPECT_EQ(reader("udp_best_effort_reader", "udp", {}, DDS::BEST_EFFORT_RELIABILITY_QOS), kBestEffort);
}

TEST_F(Transports, AConfigurationTheIniDefinesIsUsedAsItIs) {
  // transports.ini's [config/from_ini] is udp, whatever the program asks for
  EXPECT_EQ(reader("from_ini", "tcp", {}), kBestEffort);
  OpenDDS::DCPS::TransportConfig_rch config = TheTransportRegistry->get_config("from_ini");
  ASSERT_FALSE(config.is_nil());
  ASSERT_EQ(config->instances_.size(), 1u);
  EXPECT_EQ(std::string(config->instances_[0]->transport_type_.c_str()), "udp");
}

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  Transports::args = {argv[0]};
  if (argc > 1) Transports::args.insert(Transports::args.end(), {"-DCPSConfigFile", argv[1]});
  return RUN_ALL_TESTS();
}
