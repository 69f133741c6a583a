'use strict';
const test = require('node:test');
const assert = require('node:assert');
const path = require('path');
const { javaExecutable, serverJar, serverCommand } = require('../src/server');

test('java: the setting wins, then JAVA_HOME when its java exists, then the PATH', () => {
  assert.strictEqual(javaExecutable(' /opt/jdk/bin/java ', { JAVA_HOME: '/usr/lib/jvm/x' }), '/opt/jdk/bin/java');
  const home = '/usr/lib/jvm/java-17';
  const java = path.join(home, 'bin', process.platform === 'win32' ? 'java.exe' : 'java');
  assert.strictEqual(javaExecutable('', { JAVA_HOME: home }, (p) => p === java), java);
  assert.strictEqual(javaExecutable('', { JAVA_HOME: home }, () => false), 'java');
  assert.strictEqual(javaExecutable(undefined, {}), 'java');
});

test('jar: the setting wins, else the bundled server/adamant-ls.jar', () => {
  assert.strictEqual(serverJar('/tmp/ls.jar', '/ext'), '/tmp/ls.jar');
  assert.strictEqual(serverJar('', '/ext'), path.join('/ext', 'server', 'adamant-ls.jar'));
});

test('command: JVM options before -jar', () => {
  assert.deepStrictEqual(serverCommand('java', 'ls.jar', ['-Xmx1g']), { command: 'java', args: ['-Xmx1g', '-jar', 'ls.jar'] });
  assert.deepStrictEqual(serverCommand('java', 'ls.jar', undefined), { command: 'java', args: ['-jar', 'ls.jar'] });
});

test('.adamant files indent with tabs by default, as the server formats them', () => {
  const pkg = require('../package.json');
  assert.strictEqual(pkg.contributes.configurationDefaults['[adamant]']['editor.insertSpaces'], false);
});
