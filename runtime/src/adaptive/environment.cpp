#include <adamant/adaptive/environment.hpp>

#include <algorithm>

namespace adamant::adaptive {

namespace {
constexpr int kAliveReports = 3;           // a reader counts while its last report is this few intervals old
constexpr std::size_t kMaxReaders = 65536;  // bounds the state a flood of forged reports could grow
}  // namespace

void Environment::trim(std::deque<Sample>& s, Nanos now) const {
  while (!s.empty() && s.front().at + window_ < now) s.pop_front();
}

void Environment::on_report(const Endpoint& from, const wire::EpochReport& r, Nanos now) {
  auto it = std::find_if(readers_.begin(), readers_.end(), [&](const Reader& x) { return x.ep == from; });
  if (it == readers_.end()) {
    if (readers_.size() >= kMaxReaders) return;
    readers_.push_back(Reader{from, now, {}, {}});
    it = readers_.end() - 1;
  }
  // Counts only grow; a reader that restarted (smaller counts) starts over.
  if (r.received < it->total.received || r.expected < it->total.expected) it->total = {};
  it->samples.push_back({now, r.received - it->total.received, r.expected - it->total.expected});
  it->total = r;
  it->last = now;
  trim(it->samples, now);
}

void Environment::on_publish(Nanos now) {
  publishes_.push_back(now);
  while (!publishes_.empty() && publishes_.front() + window_ < now) publishes_.pop_front();
}

Query Environment::measure(Nanos now, const Query& initial) const {
  Query q = initial;
  int alive = 0;
  double loss_sum = 0;
  int loss_readers = 0;
  for (const auto& r : readers_) {
    if (r.last + report_interval_ * kAliveReports < now) continue;
    ++alive;
    std::uint64_t got = 0, want = 0;
    for (const auto& s : r.samples)
      if (s.at + window_ >= now) got += s.received, want += s.expected;
    if (want > 0) {
      loss_sum += 100.0 * static_cast<double>(want - std::min(got, want)) / static_cast<double>(want);
      ++loss_readers;
    }
  }
  if (alive > 0) q.receivers = alive;
  if (loss_readers > 0) q.loss_pct = loss_sum / loss_readers;
  std::size_t n = 0;
  for (auto t : publishes_)
    if (t + window_ >= now) ++n;
  if (n >= 2) {
    const Nanos span = std::max(now - publishes_[publishes_.size() - n], Nanos{1});
    q.rate_hz = static_cast<double>(n - 1) * 1e9 / static_cast<double>(span.count());
  }
  return q;
}

}  // namespace adamant::adaptive
