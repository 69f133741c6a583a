#!/usr/bin/env bash
# End-to-end: the launcher rebuilds from content, not file times. On a scratch checkout (a git
# repository, then the same tree without git) with a stand-in for the Maven wrapper that records each
# run: a touched or re-saved file rebuilds nothing; a changed, added or deleted source rebuilds once;
# ignored build output never does. Also: hashing this repository's inputs takes under a second.
# Prints PASS:/FAIL: lines (tests/run counts them).
source "$(dirname "${BASH_SOURCE[0]}")/../lib/e2e.bash"

real_root="$ADAMANT_ROOT"
ADAMANT_ROOT="$work/tree"
ADAMANT_STATE="$ADAMANT_ROOT/.adamant"
ADAMANT_LOGS="$ADAMANT_STATE/logs"
ADAMANT_CLI_JAR="$ADAMANT_ROOT/cli.jar"
ADAMANT_LS_JAR="$ADAMANT_ROOT/ls.jar"
builds="$work/builds"

mkdir -p "$ADAMANT_ROOT/dsl/lang/src" "$ADAMANT_ROOT/generator/gen/src"
printf 'target/\n/.adamant/\n' >"$ADAMANT_ROOT/.gitignore"
echo '<project/>' >"$ADAMANT_ROOT/pom.xml"
echo 'grammar' >"$ADAMANT_ROOT/dsl/lang/src/Adamant.xtext"
echo 'class Gen {}' >"$ADAMANT_ROOT/generator/gen/src/Gen.java"
# the stand-in build: counts its runs and produces the jars (and ignored output)
cat >"$ADAMANT_ROOT/mvnw" <<'SH'
#!/usr/bin/env bash
echo run >>"$BUILDS"
mkdir -p dsl/lang/target && date +%s%N >dsl/lang/target/out.class
touch cli.jar ls.jar
SH
chmod +x "$ADAMANT_ROOT/mvnw"
export BUILDS="$builds"

not() { ! "$@"; }
runs() { [[ -f "$builds" ]] && wc -l <"$builds" || echo 0; }
# true when adamant_ensure_cli ran the build exactly $1 more time(s)
ensure_builds() {
  local before; before="$(runs)"
  (adamant_ensure_cli) 2>/dev/null || return 1
  [[ "$(runs)" -eq $((before + $1)) ]]
}

scenario() {
  local how="$1" f="$ADAMANT_ROOT/generator/gen/src/Gen.java"
  check "$how: the first use builds" ensure_builds 1
  check "$how: a second use builds nothing" ensure_builds 0
  touch -d '+1 hour' "$f" "$ADAMANT_ROOT/dsl/lang/src/Adamant.xtext" "$ADAMANT_ROOT/pom.xml"
  check "$how: touching sources builds nothing" ensure_builds 0
  cp "$f" "$work/saved" && cp "$work/saved" "$f"
  check "$how: re-saving the same content builds nothing" ensure_builds 0
  echo 'new output' >"$ADAMANT_ROOT/dsl/lang/target/extra.class"
  check "$how: new build output builds nothing" ensure_builds 0
  echo "class Gen { int x; } // $how" >"$f"
  touch -d '-1 day' "$f"   # older than any stamp: a file time would miss this change
  check "$how: changing a source (even to an older time) builds once" ensure_builds 1
  check "$how: ...and then nothing" ensure_builds 0
  echo 'struct T {}' >"$ADAMANT_ROOT/dsl/lang/src/New.xtext"
  check "$how: adding a source builds" ensure_builds 1
  rm "$ADAMANT_ROOT/dsl/lang/src/New.xtext"
  check "$how: deleting a source builds" ensure_builds 1
  rm -f "$ADAMANT_CLI_JAR"
  check "$how: a missing jar builds" ensure_builds 1
  local stamp="$ADAMANT_STATE/cli.stamp" hash
  hash="$(adamant_inputs_hash "${ADAMANT_CLI_INPUTS[@]}")"
  check "$how: adamant_stale is false for the recorded inputs" not adamant_stale "$stamp" "$hash"
  check "$how: adamant_stale is true for other inputs" adamant_stale "$stamp" "0$hash"
  check "$how: adamant_stale is true without a stamp" adamant_stale "$work/no.stamp" "$hash"
}

(cd "$ADAMANT_ROOT" && git init -q && git add -A && git -c user.name=t -c user.email=t@t commit -qm tree)
scenario "git checkout"

rm -rf "$ADAMANT_ROOT/.git" "$ADAMANT_STATE" "$builds"
scenario "plain tree"

ADAMANT_ROOT="$real_root"
fast() {
  local start end
  start="$(date +%s%N)"
  adamant_inputs_hash "${ADAMANT_CLI_INPUTS[@]}" >/dev/null && adamant_inputs_hash "${ADAMANT_RUNTIME_INPUTS[@]}" >/dev/null
  end="$(date +%s%N)"
  (( (end - start) / 1000000 < 1000 ))
}
check "hashing this repository's build inputs takes under a second" fast
