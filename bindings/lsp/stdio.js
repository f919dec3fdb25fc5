// stdio.js — `wopt lsp --stdio`: the language server (server.js) over standard input and output,
// on the package's Node entry.
import fs from 'node:fs';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { openSession } from '../index.js';
import { startServer } from './server.js';

export function runStdioServer() {
  const connection = createConnection(ProposedFeatures.all, process.stdin, process.stdout);
  startServer(connection, { openSession, readFile: url => fs.promises.readFile(url) });
}
