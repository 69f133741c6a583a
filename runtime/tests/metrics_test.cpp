#include <adamant/bench.hpp>
#include <adamant/metrics.hpp>

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <unistd.h>

using namespace adamant::metrics;

TEST(Metrics, LatencyStatsHandComputed) {
  auto s = latency_stats({400'000, 100'000, 300'000, 200'000});  // ns, unsorted on purpose
  EXPECT_EQ(s.count, 4u);
  EXPECT_DOUBLE_EQ(s.mean_us, 250.0);
  EXPECT_NEAR(s.std_us, 111.80339887, 1e-6);  // population: sqrt((150²+50²+50²+150²)/4)
  EXPECT_DOUBLE_EQ(s.p50_us, 200.0);           // nearest rank: ceil(0.5·4) = 2nd
  EXPECT_DOUBLE_EQ(s.p90_us, 400.0);
  EXPECT_DOUBLE_EQ(s.p99_us, 400.0);
  EXPECT_DOUBLE_EQ(s.max_us, 400.0);
  EXPECT_EQ(latency_stats({}).count, 0u);
}

TEST(Metrics, ReLateAndReLate2HandComputed) {
  // 10 sent, 2 receivers, 19 received: delivery 0.95, 5 % lost.
  EXPECT_DOUBLE_EQ(delivery(10, 19, 2), 0.95);
  EXPECT_NEAR(relate(250.0, 0.95), 263.1578947, 1e-6);  // 250 / 0.95
  EXPECT_NEAR(relate2(250.0, 0.95), 1500.0, 1e-9);      // 250 × (5 + 1)
  EXPECT_DOUBLE_EQ(relate(250.0, 1.0), 250.0);
  EXPECT_DOUBLE_EQ(relate2(250.0, 1.0), 250.0);
  EXPECT_DOUBLE_EQ(delivery(0, 0, 3), 0.0);
}

TEST(Metrics, RowAndCsvFormat) {
  auto row = make_row("nakcast", 2, 1.0, 100.0, 3, 2, {100'000, 200'000, 300'000});
  EXPECT_EQ(row.received, 3u);
  EXPECT_DOUBLE_EQ(row.delivery, 0.75);
  EXPECT_DOUBLE_EQ(row.relate, 200.0 / 0.75);
  EXPECT_DOUBLE_EQ(row.relate2, 200.0 * 26.0);
  EXPECT_EQ(csv_header(),
            "transport,receivers,loss_pct,rate_hz,run,sent,received,delivery,lat_mean_us,"
            "lat_std_us,lat_p50_us,lat_p90_us,lat_p99_us,lat_max_us,relate,relate2,"
            "bytes_data,bytes_nak,bytes_repair,bytes_retransmit,bytes_control,replaced,delivery_or_replaced,"
            "transport_params,stream,sender_replaced,sender_expired,sender_abandoned,"
            "link_bandwidth,link_queue_packets,link_delay_us,link_burst,link_reorder_pct,link_duplicate_pct,switches");
  EXPECT_EQ(csv_line(row),
            "nakcast,2,1,100,3,2,3,0.750000,200.000,81.650,200.000,300.000,300.000,300.000,266.667,5200.000,"
            "0,0,0,0,0,0,0.750000,,,0,0,0,,,,,,,0");
  row.bytes_data = 480, row.bytes_nak = 52, row.bytes_repair = 7, row.bytes_retransmit = 48,
  row.bytes_control = 44;
  row.transport_params = "nak_timeout=25ms";
  EXPECT_EQ(csv_line(row),
            "nakcast,2,1,100,3,2,3,0.750000,200.000,81.650,200.000,300.000,300.000,300.000,266.667,5200.000,"
            "480,52,7,48,44,0,0.750000,nak_timeout=25ms,,0,0,0,,,,,,,0");
  row.stream = "BlueForce";
  row.sender_replaced = 440, row.sender_expired = 2, row.sender_abandoned = 1;
  EXPECT_EQ(csv_line(row).substr(csv_line(row).rfind("BlueForce")), "BlueForce,440,2,1,,,,,,,0");
  row.link.bandwidth = "40000@50s;5000@10s";
  row.link.queue_packets = 4;
  row.link.delay_us = 100;
  row.link.burst = "0.01;0.3";
  row.link.reorder_pct = 5;
  row.link.duplicate_pct = 0.5;
  EXPECT_EQ(csv_line(row).substr(csv_line(row).rfind("BlueForce")),
            "BlueForce,440,2,1,40000@50s;5000@10s,4,100,0.01;0.3,5,0.5,0");
  row.switches = 3;
  EXPECT_EQ(csv_line(row).substr(csv_line(row).rfind(',')), ",3");
  row.switches = 0;
  // a field with a comma, a quote or a newline is quoted (RFC 4180), so no later column shifts
  row.transport_params = "a,b";
  row.stream = "say \"hi\"\n";
  const auto fields = parse_csv_record(csv_line(row));
  ASSERT_EQ(fields.size(), columns().size());
  EXPECT_EQ(fields[23], "a,b");
  EXPECT_EQ(fields[24], "say \"hi\"\n");
  EXPECT_NE(csv_line(row).find(",\"a,b\",\"say \"\"hi\"\"\n\","), std::string::npos);
  row.transport_params = "nak_timeout=25ms";
  row.stream.clear();
  row.link = LinkSettings{};

  const std::string path = "/tmp/adamant_metrics_test_" + std::to_string(::getpid()) + ".csv";
  std::remove(path.c_str());
  append_csv(path, row);
  append_csv(path, row);
  std::ifstream f(path);
  std::string l1, l2, l3, l4;
  std::getline(f, l1);
  std::getline(f, l2);
  std::getline(f, l3);
  EXPECT_EQ(l1, csv_header());
  EXPECT_EQ(l2, csv_line(row));
  EXPECT_EQ(l3, csv_line(row));
  EXPECT_FALSE(std::getline(f, l4));
  std::remove(path.c_str());
}

TEST(Metrics, TransportParamsPerTransport) {
  adamant::bench::Point p{adamant::TransportKind::Nakcast, 3, 1.0, 100.0, 10, 1, 1, std::chrono::microseconds(25'000)};
  EXPECT_EQ(adamant::bench::transport_params(p), "nak_timeout=25ms");
  p.transport = adamant::TransportKind::Ricochet, p.lec_r = 4, p.lec_c = 3;
  EXPECT_EQ(adamant::bench::transport_params(p), "r=4;c=3;nak_fallback=0");
  p.lec_nak_fallback = true, p.nak_timeout = std::chrono::microseconds(1500);
  EXPECT_EQ(adamant::bench::transport_params(p), "nak_timeout=1500us;r=4;c=3;nak_fallback=1");
  p.transport = adamant::TransportKind::Replace, p.pace_bytes_per_s = 5000;
  EXPECT_EQ(adamant::bench::transport_params(p), "tags=20;pace=5000;enqueue_timeout=0ms;retry_timeout=10s;pace_mode=fixed");
  p.estimate_bandwidth = true;
  EXPECT_EQ(adamant::bench::transport_params(p), "tags=20;pace=5000;enqueue_timeout=0ms;retry_timeout=10s;pace_mode=estimate");

  p.transport = adamant::TransportKind::Baseline;
  EXPECT_EQ(adamant::bench::transport_params(p), "");
}
