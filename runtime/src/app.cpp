#include <adamant/app.hpp>

#include <adamant/key_file.hpp>

#include <CLI/CLI.hpp>

#include <cstdio>
#include <cstdlib>

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
  cli.add_option("--psk-file", options.psk_file,
                 std::string("pre-shared key file (hex, chmod 600; default $") + auth::kKeyFileEnv + ")");
  std::string psk;  // refused: a key on the command line leaks through ps
  cli.add_option("--psk", psk, "refused (use --psk-file)")->group("");
  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // Prints the help text (success) or the error with a hint; usage errors exit 2 like other tools.
    return cli.exit(e) == 0 ? 0 : 2;
  }
  try {
    if (!psk.empty()) throw std::invalid_argument(auth::key_on_command_line("--psk"));
    if (options.psk_file.empty() && !options.psk_env.empty()) {
      const char* path = std::getenv(options.psk_env.c_str());
      if (path == nullptr || *path == '\0')
        throw std::invalid_argument("the model takes the key file's path from $" + options.psk_env +
                                    ", which is not set (or pass --psk-file FILE)");
      options.psk_file = path;
    }
    options.psk_file = auth::key_file_path(options.psk_file);
    if (!options.psk_file.empty()) auth::read_key_file(options.psk_file);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
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
  config.psk_file = options.psk_file;
  return config;
}

}  // namespace adamant::app
