'use strict';
// Copies the language server jar built by the Maven module org.adamant.dsl.ls into server/, where
// the extension (and the .vsix) expects it. Fails with what to run when the jar is missing.
const fs = require('fs');
const path = require('path');

const source = path.resolve(__dirname, '..', '..', 'org.adamant.dsl.ls', 'target', 'adamant-ls.jar');
const target = path.resolve(__dirname, '..', 'server', 'adamant-ls.jar');
if (!fs.existsSync(source)) {
  console.error(`bundle-server: ${source} is missing; build it first: ./mvnw -B -pl dsl/org.adamant.dsl.ls -am package`);
  process.exit(1);
}
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.copyFileSync(source, target);
console.log(`bundle-server: ${path.relative(process.cwd(), target)} (${fs.statSync(target).size} bytes)`);
