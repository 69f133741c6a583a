'use strict';
// The ADAMANT extension: starts the bundled language server (java -jar server/adamant-ls.jar, LSP on
// stdio) for .adamant files. Diagnostics, quick fixes, completion, hovers with predictions and
// semantic highlighting come from the server; the TextMate grammar colours the text before it starts.
const fs = require('fs');
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');
const { javaExecutable, serverJar, serverCommand } = require('./server');

let client;

async function activate(context) {
  const config = vscode.workspace.getConfiguration('adamant');
  const java = javaExecutable(config.get('java.path'), process.env);
  const jar = serverJar(config.get('server.jar'), context.extensionPath);
  if (!fs.existsSync(jar)) {
    vscode.window.showErrorMessage(`ADAMANT: no language server jar at ${jar}; reinstall the extension or set adamant.server.jar.`);
    return;
  }
  const { command, args } = serverCommand(java, jar, config.get('server.vmArgs'));
  const executable = { command, args, transport: TransportKind.stdio };
  const clientOptions = {
    documentSelector: [{ scheme: 'file', language: 'adamant' }],
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/*.adamant') },
  };
  client = new LanguageClient('adamant', 'ADAMANT language server', { run: executable, debug: executable }, clientOptions);
  try {
    await client.start();
  } catch (e) {
    vscode.window.showErrorMessage(`ADAMANT: the language server did not start with '${command}' (Java 17 or newer is needed; set adamant.java.path): ${e.message}`);
  }
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
