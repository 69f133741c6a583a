#include "point_selection.hpp"

#include "point_common.hpp"

#include <adamant/metrics.hpp>

#include <algorithm>
#include <cstdio>
#include <string_view>

namespace adamant::bench::detail {
namespace {

std::size_t parse_index(std::string_view text, const std::string& list) {
  if (text.empty() || text.size() > 18 || !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
    throw Failure("bad point list '" + list + "': '" + std::string(text) + "' is not an index (e.g. 0,3,5-7)");
  return static_cast<std::size_t>(std::stoull(std::string(text)));
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

}  // namespace

std::vector<std::size_t> parse_point_indices(const std::string& list, std::size_t count) {
  std::vector<std::size_t> out;
  std::string_view rest = list;
  while (true) {
    const std::size_t comma = rest.find(',');
    const std::string_view item = rest.substr(0, comma);
    const std::size_t dash = item.find('-');
    const std::size_t first = parse_index(item.substr(0, dash), list);
    const std::size_t last = dash == std::string_view::npos ? first : parse_index(item.substr(dash + 1), list);
    if (last < first) throw Failure("bad point list '" + list + "': range " + std::string(item) + " runs backwards");
    if (last >= count)
      throw Failure("bad point list '" + list + "': index " + std::to_string(last) + " is past the last point (" +
                    std::to_string(count) + " points: 0-" + std::to_string(count == 0 ? 0 : count - 1) + ")");
    for (std::size_t i = first; i <= last; ++i) out.push_back(i);
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::string list_points(const std::vector<Point>& points) {
  std::string out = "index,transport,transport_params,receivers,loss_pct,rate_hz,run,updates,streams\n";
  for (std::size_t i = 0; i < points.size(); ++i) {
    const Point& p = points[i];
    std::string streams;
    for (const Stream& s : p.streams) streams += (streams.empty() ? "" : ";") + s.name;
    out += metrics::csv_record({std::to_string(i), std::string(to_string(p.transport)), transport_params(p),
                                std::to_string(p.receivers), number(p.loss_pct), number(p.rate_hz),
                                std::to_string(p.run), std::to_string(p.updates), streams}) +
           '\n';
  }
  return out;
}

}  // namespace adamant::bench::detail
