#!/usr/bin/env bash
# Language fuzz campaign (issue 19, a benchmark, not CI): grammar-aware mutated models through
# validate --explain (text, json) and generate, in-process. Findings go to .adamant/fuzz/findings.
#   tools/fuzz/language-campaign.sh [--seed S] [--count N] [--findings DIR]
# Builds the CLI and the generator tests when their classes are missing (ADAMANT_FUZZ_BUILD=1 forces it).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cli="$root/generator/org.adamant.cli/target/adamant-cli.jar"
classes="$root/generator/org.adamant.generator.tests/target/test-classes"
if [[ ! -f "$cli" || ! -f "$classes/org/adamant/generator/tests/fuzz/LanguageCampaign.class" || -n "${ADAMANT_FUZZ_BUILD:-}" ]]; then
	(cd "$root" && ./mvnw -B -o -q -pl generator/org.adamant.generator.tests -am verify -DskipTests)
fi
echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GB", $2/1048576}' /proc/meminfo), $(java -version 2>&1 | head -1)"
exec java -Xss8m -cp "$cli:$classes" org.adamant.generator.tests.fuzz.LanguageCampaign "$root" "$@"
