#!/usr/bin/env bash
# End-to-end: the ADAMANT update site installed as a user installs it. The bare Eclipse platform
# product (dsl/org.adamant.product: the IDE workbench and p2, no ADAMANT) installs the update site
# (dsl/org.adamant.repository) into itself with the p2 director, then the install check bundle;
# started under Xvfb with a workspace and a broken model, the workbench opens the model in the
# ADAMANT editor and shows its problem markers. The standalone ADAMANT product (the same platform
# with the feature) is checked to start the same way. A screenshot is kept in
# .adamant/test-output/eclipse-install/.
# Prints PASS:/FAIL: lines (tests/run counts them). Builds the products with the Maven profile
# `product` (-Dadamant.product) when they are missing; offline once ~/.m2 holds the target platform.
# It takes about 5 minutes on 2 busy cores (two workbench starts, a p2 install, the product build):
# tests/run runs it when ADAMANT_E2E_ECLIPSE=1 and prints one SKIP line otherwise.
source "$(dirname "${BASH_SOURCE[0]}")/../lib/e2e.bash"

if [[ "${ADAMANT_E2E_ECLIPSE:-}" != 1 ]]; then
  echo "SKIP: eclipse-install: the Eclipse products and the p2 install run with ADAMANT_E2E_ECLIPSE=1 (about 5 min)"
  exit 0
fi

keep="$ADAMANT_STATE/test-output/eclipse-install"
rm -rf "$keep"; mkdir -p "$keep"
site="$ADAMANT_ROOT/dsl/org.adamant.repository/target/repository"
products="$ADAMANT_ROOT/dsl/org.adamant.product/target/products"
checks="$ADAMANT_ROOT/dsl/org.adamant.product/target/repository"
bare="$products/org.adamant.platform.product/linux/gtk/x86_64"
ide="$products/org.adamant.ide/linux/gtk/x86_64/adamant-eclipse"
display_wrap=()
[[ -n "${DISPLAY:-}" ]] || display_wrap=(xvfb-run -a -s "-screen 0 1600x1200x24")

if [[ ! -d "$bare/plugins" || ! -d "$ide/plugins" || ! -f "$site/artifacts.jar" && ! -f "$site/artifacts.xml.xz" ]]; then
  t0=$SECONDS
  modules=dsl/org.adamant.target,dsl/org.adamant.dsl,dsl/org.adamant.dsl.ide,generator/org.adamant.generator
  modules+=,dsl/org.adamant.dsl.ui,dsl/org.adamant.feature,dsl/org.adamant.repository
  modules+=,dsl/org.adamant.platform.feature,dsl/org.adamant.dsl.ui.smoke,dsl/org.adamant.product
  (cd "$ADAMANT_ROOT" && ./mvnw -B -q -Dadamant.product -DskipTests -pl "$modules" verify) >"$work/build.log" 2>&1
  rc=$?
  check "the Eclipse products and the update site build (exit $rc, $((SECONDS - t0)) s)" test $rc -eq 0
  [[ $rc == 0 ]] || { grep -E '^\[ERROR\]' "$work/build.log" | head -20; exit 0; }
fi

# Starts an installed product's launcher jar with the JVM on the PATH; $1 = product folder.
eclipse() {
  local home="$1"; shift
  local launcher
  launcher="$(ls "$home"/plugins/org.eclipse.equinox.launcher_*.jar | head -1)"
  java -Dosgi.requiredJavaVersion=17 -jar "$launcher" -consoleLog "$@"
}
director() {
  local home="$1"; shift
  eclipse "$home" -nosplash -application org.eclipse.equinox.p2.director "$@"
}

# 1. the bare platform: no ADAMANT in it
cp -r "$bare" "$work/eclipse"
check "the bare platform product has no ADAMANT bundle" \
  bash -c "! ls '$work/eclipse/plugins' | grep -q '^org.adamant'"

# 2. the update site alone installs the ADAMANT feature (with what it needs) into it
t0=$SECONDS
director "$work/eclipse" -repository "file:$site" -installIU org.adamant.feature.feature.group \
  >"$work/install.log" 2>&1
rc=$?
tail -5 "$work/install.log" | sed 's/^/   /'
check "the p2 director installs org.adamant.feature from the update site (exit $rc, $((SECONDS - t0)) s)" test $rc -eq 0
check "the director reports the operation completed" grep -q 'Operation completed' "$work/install.log"
director "$work/eclipse" -listInstalledRoots >"$work/roots.log" 2>&1
check "the product's p2 profile lists org.adamant.feature.feature.group as an installed root" \
  grep -q '^org.adamant.feature.feature.group/' "$work/roots.log"
for b in org.adamant.dsl org.adamant.dsl.ide org.adamant.dsl.ui org.adamant.generator org.eclipse.xtext; do
  check "the install laid out $b" bash -c "ls '$work/eclipse/plugins' | grep -q '^${b}_'"
done
director "$work/eclipse" -repository "file:$checks" -installIU org.adamant.dsl.ui.smoke >"$work/install-check.log" 2>&1
check "the install check bundle installs beside it (exit $?)" grep -q 'Operation completed' "$work/install-check.log"

# 3. the workbench opens a broken model in the ADAMANT editor
mkdir -p "$work/model"
cp "$ADAMANT_ROOT/profiles/transports.adamant" "$ADAMANT_ROOT/tests/e2e/editors/broken.adamant" "$work/model/"
# Opens $2 in product $1 with workspace $3; the report goes to $4, the screenshot to $5.
open_model() {
  timeout 300 "${display_wrap[@]}" java -Dosgi.requiredJavaVersion=17 \
    -Dadamant.smoke.model="$2" -Dadamant.smoke.report="$4" -Dadamant.smoke.screenshot="$5" \
    -jar "$(ls "$1"/plugins/org.eclipse.equinox.launcher_*.jar | head -1)" -consoleLog -nosplash -data "$3"
}
t0=$SECONDS
open_model "$work/eclipse" "$work/model/broken.adamant" "$work/workspace" "$work/report.txt" "$keep/eclipse-install.png" \
  >"$work/workbench.log" 2>&1
rc=$?
cp "$work/workbench.log" "$keep/"; cp "$work/report.txt" "$keep/" 2>/dev/null
sed 's/^/   /' "$work/report.txt" 2>/dev/null | cut -c1-200
check "the workbench starts, opens the model and closes (exit $rc, $((SECONDS - t0)) s)" test $rc -eq 0
check "the platform recognises broken.adamant as an ADAMANT model (content type)" \
  grep -qx 'content-type org.adamant.dsl.ui.adamant' "$work/report.txt"
check "the model opens in the Generic Editor driven by ADAMANT" \
  grep -qx 'editor org.eclipse.ui.genericeditor.GenericEditor' "$work/report.txt"
check "the editor marks the missing unit as an error (Missing unit: 50 must be a duration)" \
  grep -q '^marker 2 line 6 Missing unit: 50 must be' "$work/report.txt"
check "no error while opening the model" bash -c "! grep -q '^error ' '$work/report.txt'"
check "a screenshot is kept: $keep/eclipse-install.png" test -s "$keep/eclipse-install.png"

# 4. the standalone ADAMANT product opens the same model without any install
cp -r "$ide" "$work/adamant-eclipse"
check "the standalone product holds ADAMANT" bash -c "ls '$work/adamant-eclipse/plugins' | grep -q '^org.adamant.dsl.ui_'"
director "$work/adamant-eclipse" -repository "file:$checks" -installIU org.adamant.dsl.ui.smoke >"$work/ide-check.log" 2>&1
open_model "$work/adamant-eclipse" "$work/model/broken.adamant" "$work/workspace-ide" "$work/report-ide.txt" "$keep/adamant-eclipse.png" \
  >"$work/ide.log" 2>&1
check "the standalone product opens the model in the ADAMANT editor with its error" \
  bash -c "grep -qx 'editor org.eclipse.ui.genericeditor.GenericEditor' '$work/report-ide.txt' && grep -q '^marker 2 line 6 Missing unit' '$work/report-ide.txt'"
