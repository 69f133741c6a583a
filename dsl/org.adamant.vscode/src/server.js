'use strict';
// How the extension starts the ADAMANT language server: which java, which jar, which arguments.
// Kept free of the vscode API so that `npm test` (node --test) checks it outside the editor.
const fs = require('fs');
const path = require('path');

/**
 * The java executable: the `adamant.java.path` setting, else $JAVA_HOME/bin/java when it exists,
 * else `java` from the PATH.
 */
function javaExecutable(setting, env, exists = fs.existsSync) {
  if (setting && setting.trim() !== '') {
    return setting.trim();
  }
  if (env.JAVA_HOME) {
    const candidate = path.join(env.JAVA_HOME, 'bin', process.platform === 'win32' ? 'java.exe' : 'java');
    if (exists(candidate)) {
      return candidate;
    }
  }
  return 'java';
}

/** The server jar: the `adamant.server.jar` setting, else the one bundled in the extension. */
function serverJar(setting, extensionPath) {
  if (setting && setting.trim() !== '') {
    return setting.trim();
  }
  return path.join(extensionPath, 'server', 'adamant-ls.jar');
}

/** The command line that runs the server on stdio. */
function serverCommand(java, jar, vmArgs) {
  return { command: java, args: [...(vmArgs || []), '-jar', jar] };
}

module.exports = { javaExecutable, serverJar, serverCommand };
