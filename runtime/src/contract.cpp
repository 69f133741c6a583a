#include <adamant/contract.hpp>
#include <adamant/metrics.hpp>

#include <nlohmann/json.hpp>

#include <cmath>
#include <string>

namespace adamant::contract {
namespace {

using Json = nlohmann::ordered_json;

// Whole numbers print without a fraction (50000, not 50000.0), so the file reads as the table does.
Json number(double v) {
  if (std::isfinite(v) && v == std::trunc(v) && std::fabs(v) < 9e15) return Json(static_cast<std::int64_t>(v));
  return Json(v);
}

Json kind_names(unsigned mask) {
  Json names = Json::array();
  for (const Kind& k : kKinds)
    if (mask & k.bit) names.push_back(std::string(k.name));
  return names;
}

Json split(std::string_view text, char sep) {
  Json parts = Json::array();
  while (!text.empty()) {
    const auto cut = text.find(sep);
    parts.push_back(std::string(text.substr(0, cut)));
    if (cut == std::string_view::npos) break;
    text.remove_prefix(cut + 1);
  }
  return parts;
}

Json aliases(std::string_view text) {  // "where=name;where=name" -> {"where": "name", ...}
  Json out = Json::object();
  if (text.empty()) return out;
  for (const auto& entry : split(text, ';')) {
    const std::string e = entry.get<std::string>();
    const auto eq = e.find('=');
    out[e.substr(0, eq)] = e.substr(eq + 1);
  }
  return out;
}

}  // namespace

std::string to_json() {
  Json root;
  root["contract_version"] = kVersion;
  root["source"] = "runtime/include/adamant/contract.hpp";
  root["regenerate"] = "ant-contract --json > runtime/contract/contract.json";

  Json kinds = Json::array();
  for (const Kind& k : kKinds) {
    Json flag_offers = Json::object();  // {"nak_fallback": ["reliable"]}
    if (!k.flag_offers.empty()) {
      const auto eq = k.flag_offers.find('=');
      flag_offers[std::string(k.flag_offers.substr(0, eq))] = split(k.flag_offers.substr(eq + 1), '|');
    }
    kinds.push_back({{"name", std::string(k.name)},
                     {"meaning", std::string(k.meaning)},
                     {"offers", k.offers.empty() ? Json::array() : split(k.offers, '|')},
                     {"flag_offers", flag_offers}});
  }
  root["capabilities"] = Json::array();
  for (std::string_view c : kCapabilities) root["capabilities"].push_back(std::string(c));
  root["kinds"] = kinds;

  Json params = Json::array();
  for (const Parameter& p : kParameters) {
    Json defaults = Json::object();
    for (const Kind& k : kKinds)
      if (auto d = default_for(p, k.bit)) defaults[std::string(k.name)] = number(*d);
    Json j;
    j["name"] = std::string(p.name);
    j["type"] = std::string(to_string(p.type));
    j["unit"] = std::string(p.unit);
    j["min"] = number(p.min);
    j["max"] = number(p.max);
    j["kinds"] = kind_names(p.kinds);
    j["default"] = defaults;
    j["model_names"] = p.model_names.empty() ? Json::array() : split(p.model_names, '|');
    j["model_kinds"] = kind_names(p.model_kinds);
    j["aliases"] = aliases(p.aliases);
    if (!p.choices.empty()) j["choices"] = split(p.choices, '|');
    if (!p.keyword.empty())
      j["keyword"] = {{"name", std::string(p.keyword)}, {"value", number(0)}, {"kinds", kind_names(p.keyword_kinds)}};
    j["meaning"] = std::string(p.meaning);
    params.push_back(j);
  }
  root["parameters"] = params;

  Json wire = Json::object();
  for (const WireConstant& w : kWire)
    wire[std::string(w.name)] = {{"bytes", w.bytes}, {"meaning", std::string(w.meaning)}};
  root["wire"] = wire;

  Json timing = Json::object();
  for (const Timing& t : kTiming)
    timing[std::string(t.name)] = {{"value", number(t.value)}, {"unit", std::string(t.unit)},
                                   {"meaning", std::string(t.meaning)}};
  root["timing"] = timing;

  Json dims = Json::object();
  for (const Dimension& d : kDimensions) dims[std::string(d.name)] = std::string(d.base_unit);
  root["dimensions"] = dims;
  Json units = Json::array();
  for (const Unit& u : kUnits)
    units.push_back({{"symbol", std::string(u.symbol)}, {"dimension", std::string(u.dimension)},
                     {"to_base", number(u.to_base)}});
  root["units"] = units;

  Json columns = Json::array();
  for (const metrics::Column& c : metrics::columns())
    columns.push_back({{"name", std::string(c.name)}, {"unit", std::string(c.unit)},
                       {"meaning", std::string(c.meaning)}});
  root["result_columns"] = columns;

  return root.dump(2) + "\n";
}

}  // namespace adamant::contract
