#include "point_overrides.hpp"

#include <adamant/contract.hpp>

#include "point_common.hpp"

#include <string>
#include <string_view>

namespace adamant::bench::detail {

void PointOverrides::add_to(CLI::App& app) {
  const std::string g = "Point (every point of the spec)";
  app.add_option("--transport", transport, "one of " + transport_names())->group(g);
  app.add_option("--receivers", receivers, "reader processes / simulated readers")
      ->check(CLI::PositiveNumber)->group(g);
  app.add_option("--loss", loss, "loss injected at each reader, percent")->check(CLI::Range(0.0, 100.0))->group(g);
  app.add_option("--rate", rate, "updates per second")->check(CLI::PositiveNumber)->group(g);
  app.add_option("--updates", updates, "updates per point")->check(CLI::NonNegativeNumber)->group(g);
  app.add_option("--seed", seed, "loss-injection seed")->group(g);
  const std::string e = "Engine parameters (every point; recorded in the transport_params column)";
  auto table_range = [](std::string_view name) {  // a count's range in the contract table
    const contract::Range r = contract::range_of(name);
    return CLI::Range(static_cast<long long>(r.min), static_cast<long long>(r.max));
  };
  app.add_option("--nak-timeout", nak_timeout, "nakcast (and ricochet fallback): e.g. 25ms, 50000us; nakcast: auto")->group(e);
  const LecParams ricochet = lec_params(TransportKind::Ricochet, {}, {}), fec = lec_params(TransportKind::Fec, {}, {});
  app.add_option("--r", r, "ricochet, fec: data packets per repair (fec: per block); default ricochet " +
                               std::to_string(ricochet.r) + ", fec " + std::to_string(fec.r))
      ->check(table_range("r"))->group(e);
  app.add_option("--c", c, "ricochet: members each repair goes to; fec: repairs per block (<= r); default ricochet " +
                               std::to_string(ricochet.c) + ", fec " + std::to_string(fec.c))
      ->check(table_range("c"))->group(e);
  app.add_flag("--nak-fallback", nak_fallback, "ricochet: also NAK the sender after --nak-timeout")->group(e);
  app.add_option("--tags", tags, "replace/fifo: update i carries tag (i-1) mod TAGS")
      ->check(table_range("tags"))->group(e);
  app.add_option("--pace", pace, "replace/fifo: pacing in bytes/s, or where --pace-mode estimate starts (0: sim the link's "
                 "slowest phase; real: unpaced, or " + std::to_string(defaults::replace::kBweInitialBytesPerS) +
                 " when estimating)")->group(e);
  app.add_option("--pace-mode", pace_mode,
                 "replace/fifo: fixed (--pace) or estimate (from ACKs, starting at --pace)")
      ->check(CLI::IsMember({"fixed", "estimate"}))->group(e);
  app.add_option("--enqueue-timeout", enqueue_timeout, "replace/fifo: drop messages queued longer (0 = never)")
      ->group(e);
  app.add_option("--retry-timeout", retry_timeout, "replace/fifo: abandon unacknowledged messages after")->group(e);
  app.add_option("--adaptive-table,--table", table, "adaptive: the decision table's JSON file (adamant-adaptive-table/1)")
      ->group(e);
  app.add_option("--hold", hold, "adaptive: at most one switch this long (e.g. 2s)")->group(e);
  const contract::Range margin_range = contract::range_of("margin");
  app.add_option("--margin", margin, "adaptive: switch only to a candidate scoring this many percent lower")
      ->check(CLI::Range(margin_range.min, margin_range.max))->group(e);
}

void PointOverrides::apply(Point& p) const {
  auto dur = [](const std::optional<std::string>& v, const char* opt, Duration& out) {
    if (!v) return;
    auto d = detail::parse_duration(*v);
    if (!d) throw Failure(std::string("bad duration '") + *v + "' for " + opt + " (e.g. 25ms, 500us, 2s)");
    out = *d;
  };
  if (transport) p.transport = transport_from_name(*transport);
  if (receivers) p.receivers = *receivers;
  if (loss) p.loss_pct = *loss;
  if (rate) p.rate_hz = *rate;
  if (updates) p.updates = *updates;
  if (seed) p.seed = *seed;
  if (nak_timeout && *nak_timeout == contract::find_parameter("nak_timeout")->keyword)
    p.nak_timeout = contract::kNakTimeoutAuto;
  else
    dur(nak_timeout, "--nak-timeout", p.nak_timeout);
  dur(enqueue_timeout, "--enqueue-timeout", p.enqueue_timeout);
  dur(retry_timeout, "--retry-timeout", p.retry_timeout);
  dur(hold, "--hold", p.hold);
  if (table) p.table = *table;
  if (margin) p.margin_pct = *margin;
  if (r) p.lec_r = *r;
  if (c) p.lec_c = *c;
  if (nak_fallback) p.lec_nak_fallback = true;
  if (tags) p.tags = *tags;
  if (pace) p.pace_bytes_per_s = *pace;
  if (pace_mode) p.estimate_bandwidth = *pace_mode == "estimate";
}

}  // namespace adamant::bench::detail
