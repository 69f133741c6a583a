#include <adamant/bench.hpp>
#include <adamant/fault_table.hpp>

#include <algorithm>
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

void Outcome::add(const Outcome& o) {
  expected += o.expected, delivered += o.delivered, replaced += o.replaced, missing += o.missing;
  duplicates += o.duplicates, out_of_order += o.out_of_order, corrupt += o.corrupt;
  reordered += o.reordered, duplicated += o.duplicated, dropped += o.dropped;
  recovered += o.recovered, retransmits += o.retransmits;
}

bool Outcome::kept(const Kind& kind) const {
  return expected > 0 && missing == 0 && duplicates == 0 && corrupt == 0 && (!kind.in_order || out_of_order == 0) &&
         (kind.replaces || replaced == 0);
}

Outcome judge(const std::vector<DeliveryRecord>& deliveries, int readers, std::uint64_t updates,
              std::uint32_t tags) {
  Outcome o;
  o.expected = updates * static_cast<std::uint64_t>(readers);
  for (int r = 0; r < readers; ++r) {
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
  Outcome o = judge(res.deliveries, setup.receivers, static_cast<std::uint64_t>(setup.updates),
                    kind.replaces ? setup.tags : 0);
  o.corrupt += res.corrupt;
  o.reordered = res.reordered;
  o.duplicated = res.duplicated;
  o.dropped = res.injected_drops;
  o.recovered = res.recovered;
  o.retransmits = res.retransmits;
  return o;
}

}  // namespace adamant::sim::faults
