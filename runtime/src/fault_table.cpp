#include <adamant/bench.hpp>
#include <adamant/fault_table.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace adamant::sim::faults {

const std::vector<Kind>& kinds() {
  static const std::vector<Kind> list = {
      {"nakcast", TransportKind::Nakcast, false, true, false},
      {"ricochet+nak_fallback", TransportKind::Ricochet, true, false, false},
      {"replace", TransportKind::Replace, false, true, true},
      {"fifo", TransportKind::Fifo, false, true, false},
  };
  return list;
}

std::vector<Fault> faults(const Levels& levels) {
  auto g = [](double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return std::string(buf);
  };
  NetConfig reorder, duplicate, burst, all;
  reorder.reorder_pct = all.reorder_pct = levels.reorder_pct;
  duplicate.duplicate_pct = all.duplicate_pct = levels.duplicate_pct;
  burst.burst = all.burst = levels.burst;
  return {{"reorder " + g(levels.reorder_pct) + "%", reorder},
          {"duplicate " + g(levels.duplicate_pct) + "%", duplicate},
          {"burst " + g(levels.burst.p_good_to_bad) + "/" + g(levels.burst.p_bad_to_good), burst},
          {"all three", all}};
}

std::vector<Fault> incidents(const Setup& setup, const Levels& levels) {
  const double interval_s = 1.0 / setup.rate_hz;
  // Half an interval after update `share` x updates (updates start at 100 ms).
  auto after = [&](double share) {
    const double s = 0.1 + std::floor(share * setup.updates) * interval_s + interval_s / 2;
    return Nanos{static_cast<Nanos::rep>(s * 1e9)};
  };
  char label[48];
  std::snprintf(label, sizeof label, "partition %g s", levels.partition_s);
  NetConfig partition, stop, reader, writer;
  partition.incidents.partition_at = after(0.3);
  partition.incidents.partition_for = Nanos{static_cast<Nanos::rep>(levels.partition_s * 1e9)};
  stop.incidents.reader_stop_at = after(0.2);
  reader.incidents.reader_restart_at = after(0.5);
  writer.incidents.writer_restart_at = after(0.5);
  return {{label, partition}, {"reader stops", stop}, {"reader restarts", reader}, {"writer restarts", writer}};
}

void Outcome::add(const Outcome& o) {
  expected += o.expected, delivered += o.delivered, replaced += o.replaced, missing += o.missing;
  duplicates += o.duplicates, out_of_order += o.out_of_order, corrupt += o.corrupt;
  reordered += o.reordered, duplicated += o.duplicated, dropped += o.dropped;
  recovered += o.recovered, retransmits += o.retransmits;
  partitioned += o.partitioned, before_join += o.before_join, session_resets += o.session_resets;
  naks += o.naks, stale_feedback += o.stale_feedback, stopped_got += o.stopped_got;
  writer_state_max = std::max(writer_state_max, o.writer_state_max);
  max_latency_ns = std::max(max_latency_ns, o.max_latency_ns);
}

bool Outcome::kept(const Kind& kind) const {
  return expected > 0 && missing == 0 && duplicates == 0 && corrupt == 0 && (!kind.in_order || out_of_order == 0) &&
         (kind.replaces || replaced == 0) && before_join == 0 && stale_feedback == 0;
}

Outcome judge(const std::vector<DeliveryRecord>& deliveries, int readers, std::uint64_t updates,
              std::uint32_t tags, int first_reader) {
  Outcome o;
  o.expected = updates * static_cast<std::uint64_t>(readers - first_reader);
  for (int r = first_reader; r < readers; ++r) {
    std::vector<bool> got(updates + 1, false);
    std::uint64_t highest = 0;
    for (const auto& d : deliveries) {
      if (d.reader != r) continue;
      if (d.sequence < 1 || d.sequence > updates) {
        ++o.corrupt;  // an update never sent
        continue;
      }
      if (got[d.sequence]) {
        ++o.duplicates;
        continue;
      }
      got[d.sequence] = true;
      ++o.delivered;
      o.max_latency_ns = std::max(o.max_latency_ns, d.latency_ns);
      if (d.sequence < highest) ++o.out_of_order;
      highest = std::max(highest, d.sequence);
    }
    // Walking down, `newest[tag]` is the newest delivered update of the tag above the current one.
    std::vector<std::uint64_t> newest(tags > 0 ? tags : 1, 0);
    for (std::uint64_t s = updates; s >= 1; --s) {
      const std::size_t tag = tags > 0 ? (s - 1) % tags : 0;
      if (got[s]) newest[tag] = s;
      else if (tags > 0 && newest[tag] > s) ++o.replaced;
      else ++o.missing;
    }
  }
  return o;
}

Outcome run(const Kind& kind, const Fault& fault, const Setup& setup, std::uint64_t seed) {
  bench::Point p{kind.transport, setup.receivers, 0.0, setup.rate_hz, setup.updates, 1, seed};
  p.lec_nak_fallback = kind.nak_fallback;
  p.tags = setup.tags;
  const auto spec = bench::counter_spec("fault-table", 12, {p});
  const PointResult res = run_point(spec, p, fault.net);
  const bool stops = fault.net.incidents.reader_stop_at.has_value();
  Outcome o = judge(res.deliveries, setup.receivers, static_cast<std::uint64_t>(setup.updates),
                    kind.replaces ? setup.tags : 0, stops ? 1 : 0);
  for (const auto& d : res.deliveries) {
    if (d.rejoined && d.sequence <= res.published_before) ++o.before_join;
    if (stops && d.reader == 0) ++o.stopped_got;
  }
  o.partitioned = res.partitioned;
  o.session_resets = res.session_resets;
  o.naks = res.naks;
  o.stale_feedback = res.stale_feedback;
  o.writer_state_max = res.writer_state_max;
  o.corrupt += res.corrupt;
  o.reordered = res.reordered;
  o.duplicated = res.duplicated;
  o.dropped = res.injected_drops;
  o.recovered = res.recovered;
  o.retransmits = res.retransmits;
  return o;
}

}  // namespace adamant::sim::faults
