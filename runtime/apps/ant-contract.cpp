// ant-contract: prints the runtime's contract table (adamant/contract.hpp) as JSON, or checks
// that a checked-in copy (runtime/contract/contract.json) is the current one.
#include <adamant/contract.hpp>

#include <CLI/CLI.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

namespace {

std::string line_of(const std::string& text, std::size_t n) {  // 1-based; "" past the end
  std::istringstream in(text);
  std::string line;
  for (std::size_t i = 1; std::getline(in, line); ++i)
    if (i == n) return line;
  return "";
}

int check(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "%s: cannot read; regenerate it with: ant-contract --json > runtime/contract/contract.json\n",
                 path.c_str());
    return 1;
  }
  std::ostringstream buf;
  buf << in.rdbuf();
  const std::string have = buf.str(), want = adamant::contract::to_json();
  if (have == want) return 0;
  std::size_t line = 1;
  for (std::size_t i = 0; i < std::min(have.size(), want.size()) && have[i] == want[i]; ++i)
    if (have[i] == '\n') ++line;
  std::fprintf(stderr,
               "%s:%zu: differs from the runtime's contract table (adamant/contract.hpp)\n"
               "  file:    %s\n  runtime: %s\n"
               "The table changed: regenerate the file (then rebuild the Java side, which reads it):\n"
               "  <build>/ant-contract --json > runtime/contract/contract.json\n",
               path.c_str(), line, line_of(have, line).c_str(), line_of(want, line).c_str());
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Prints the ADAMANT runtime's contract table (transport kinds, engine parameters, wire sizes, "
               "timing rules, units, result columns) as JSON."};
  bool json = false;
  std::string check_path;
  app.add_flag("--json", json, "print the table as JSON (what runtime/contract/contract.json holds)");
  app.add_option("--check", check_path, "exit 1, saying where, when FILE is not the current table's JSON");
  CLI11_PARSE(app, argc, argv);
  if (!check_path.empty()) return check(check_path);
  if (!json) {
    std::cerr << app.help();
    return 2;
  }
  std::cout << adamant::contract::to_json();
  return 0;
}
