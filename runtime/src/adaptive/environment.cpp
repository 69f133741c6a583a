#include <adamant/adaptive/environment.hpp>

#include <algorithm>

namespace adamant::adaptive {

namespace {
constexpr int kAliveReports = 3;           // a reader counts while its last report is this few intervals old
constexpr std::size_t kMaxReaders = 65536;  // bounds the state a flood of forged reports could grow
constexpr double kRttGain = 1.0 / 8;       // a new round-trip sample's weight (RFC 6298's alpha)
}  // namespace

bool Environment::alive(const Reader& r, Nanos now) const { return r.last + report_interval_ * kAliveReports >= now; }

// A sample needs an echo newer than the last one taken (a repeated echo says nothing new), within the
// last hour (the wire's bound on held), and a round trip of at least 0 (an echo from the future, or
// held longer than since the echo, is a lie).
void Environment::take_rtt(Reader& r, const wire::EpochReport& report, Nanos now) {
  constexpr auto kOldest = static_cast<std::int64_t>(wire::kEpochMaxHeldNs);
  if (r.echo && report.echo_ns <= *r.echo) return;
  if (report.echo_ns > now.count() || report.echo_ns < now.count() - kOldest) return;
  const std::int64_t since = now.count() - report.echo_ns;
  if (report.held_ns > static_cast<std::uint64_t>(since)) return;
  r.echo = report.echo_ns;
  const double sample = static_cast<double>(since - static_cast<std::int64_t>(report.held_ns));
  r.srtt_ns = r.srtt_ns ? *r.srtt_ns + kRttGain * (sample - *r.srtt_ns) : sample;
}

std::optional<Nanos> Environment::rtt(const Endpoint& reader) const {
  for (const auto& r : readers_)
    if (r.ep == reader && r.srtt_ns) return Nanos{static_cast<std::int64_t>(*r.srtt_ns)};
  return std::nullopt;
}

std::optional<Nanos> Environment::rtt(Nanos now) const {
  std::vector<double> v;
  for (const auto& r : readers_)
    if (r.srtt_ns && alive(r, now)) v.push_back(*r.srtt_ns);
  if (v.empty()) return std::nullopt;
  const auto mid = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
  std::nth_element(v.begin(), mid, v.end());
  return Nanos{static_cast<std::int64_t>(*mid)};
}

void Environment::trim(std::deque<Sample>& s, Nanos now) const {
  while (!s.empty() && s.front().at + window_ < now) s.pop_front();
}

void Environment::on_report(const Endpoint& from, const wire::EpochReport& r, Nanos now) {
  auto it = std::find_if(readers_.begin(), readers_.end(), [&](const Reader& x) { return x.ep == from; });
  if (it == readers_.end()) {
    if (readers_.size() >= kMaxReaders) return;
    readers_.push_back(Reader{from, now, {}, {}, std::nullopt, std::nullopt});
    it = readers_.end() - 1;
  }
  // Counts only grow; a reader that restarted (smaller counts) starts over.
  if (r.received < it->total.received || r.expected < it->total.expected) it->total = {};
  it->samples.push_back({now, r.received - it->total.received, r.expected - it->total.expected});
  it->total = r;
  it->last = now;
  take_rtt(*it, r, now);
  trim(it->samples, now);
}

void Environment::on_publish(Nanos now) {
  publishes_.push_back(now);
  while (!publishes_.empty() && publishes_.front() + window_ < now) publishes_.pop_front();
}

Query Environment::measure(Nanos now, const Query& initial) const {
  Query q = initial;
  std::size_t n = 0;  // updates published within the window
  for (auto t : publishes_)
    if (t + window_ >= now) ++n;
  int live = 0;
  double missed = 0, expected = 0;  // over every live reader's window
  for (const auto& r : readers_) {
    if (!alive(r, now)) continue;
    ++live;
    std::uint64_t got = 0, want = 0;
    for (const auto& s : r.samples)
      if (s.at + window_ >= now) got += s.received, want += s.expected;
    if (want == 0) continue;
    // A reader weighs at most what was published in the window (and a report interval's worth before
    // it, still being reported): one that claims more, a forged REPORT, counts as one full reader.
    const double cap = static_cast<double>(n) * (1.0 + static_cast<double>(report_interval_.count()) /
                                                           static_cast<double>(window_.count()));
    const double weight = cap > 0 ? std::min(1.0, cap / static_cast<double>(want)) : 1.0;
    missed += weight * static_cast<double>(want - std::min(got, want));
    expected += weight * static_cast<double>(want);
  }
  if (live > 0) q.receivers = live;
  // Pooled, not a mean of each reader's rate: a reader that joined a report ago has seen a handful of
  // updates, and its 0 % of 20 must not outweigh another's 3 % of 200.
  if (expected > 0) q.loss_pct = 100.0 * missed / expected;
  if (n >= 2) {
    const Nanos span = std::max(now - publishes_[publishes_.size() - n], Nanos{1});
    q.rate_hz = static_cast<double>(n - 1) * 1e9 / static_cast<double>(span.count());
  }
  return q;
}

}  // namespace adamant::adaptive
