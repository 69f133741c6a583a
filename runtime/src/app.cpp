#include <adamant/app.hpp>

#include <CLI/CLI.hpp>

namespace adamant::app {

std::optional<int> parse_options(int argc, char** argv, const std::string& description, Options& options) {
  CLI::App cli{description};
  cli.add_option("--count", options.count, "samples to publish per published topic (0: no limit)")
      ->capture_default_str();
  cli.add_option("--seconds", options.seconds, "stop after S seconds (0: no limit)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  cli.add_option("--group", options.group, "multicast group")->capture_default_str();
  cli.add_option("--port", options.port, "UDP port")->check(CLI::Range(1, 65535))->capture_default_str();
  cli.add_option("--iface", options.iface, "multicast interface address")->capture_default_str();
  cli.add_option("--print", options.print, "print the first N samples received per topic")
      ->capture_default_str();
  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // Prints the help text (success) or the error with a hint; usage errors exit 2 like other tools.
    return cli.exit(e) == 0 ? 0 : 2;
  }
  return std::nullopt;
}

ChannelConfig channel(const Options& options, std::uint32_t stream_id, const TransportSettings& transport) {
  ChannelConfig config;
  config.group = options.group;
  config.port = options.port;
  config.iface = options.iface;
  config.stream_id = stream_id;
  config.transport = transport;
  return config;
}

}  // namespace adamant::app
