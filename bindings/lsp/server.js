// server.js — the LLVM IR language server's protocol half, on vscode-languageserver: documents
// opened and edited, diagnostics published after each change, definition, references,
// highlights, rename, hover, document symbols and folding from the reader's index, formatting as
// opt prints the module, and `wopt/bitcodeText` for a .bc file shown as text. The transport is the caller's (stdio.js for
// `wopt lsp --stdio`). Initialization option: { llvmVersion: 19 | 22 } (default 22).
import { TextDocuments, TextDocumentSyncKind, ResponseError, ErrorCodes } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { IRService } from './service.js';

// how long after the last edit a document is read again, so typing does not queue a read per key
const SETTLE_MS = 150;

const fnName = f => typeof f === 'string' ? f.replace(/^@/, '') : undefined;
// workspace/executeCommand's commands: each takes one object argument naming an open document
const COMMANDS = {
  // run a pipeline: the changed text and each pass's diff (on one function with `function`)
  'wopt.runPipeline': (service, text, a, moduleId) => {
    if (typeof a.passes !== 'string') throw new ResponseError(ErrorCodes.InvalidParams, "wopt.runPipeline: give { uri, passes } (and 'function' for one function)");
    return service.runPipeline(text, { passes: a.passes, fn: fnName(a.function), moduleId });
  },
  // a function's CFG, dominator and post-dominator trees and frontiers (as session.inspect)
  'wopt.inspect': (service, text, a, moduleId) => {
    if (typeof a.function !== 'string' && !Number.isInteger(a.function)) throw new ResponseError(ErrorCodes.InvalidParams, 'wopt.inspect: give { uri, function } (a name or an index)');
    return service.inspect(text, typeof a.function === 'string' ? fnName(a.function) : a.function, moduleId);
  },
};

const baseName = uri => decodeURIComponent(uri.replace(/[?#].*$/, '').replace(/^.*\//, ''));

// readFile(url): the bytes of a file: URL (Node; absent in a browser)
export function startServer(connection, { openSession, readFile, settleMs = SETTLE_MS }) {
  const documents = new TextDocuments(TextDocument);
  let service = null;
  const pending = new Map(); // uri -> timer
  const latest = new Map();  // uri -> the analysis of the newest version read

  connection.onInitialize(params => {
    const v = Number(params.initializationOptions?.llvmVersion ?? 22);
    service = new IRService(openSession, { llvmVersion: v === 19 ? 19 : 22 });
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        documentFormattingProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        documentHighlightProvider: true,
        renameProvider: { prepareProvider: true },
        hoverProvider: true,
        documentSymbolProvider: true,
        foldingRangeProvider: true,
        executeCommandProvider: { commands: Object.keys(COMMANDS) },
      },
      serverInfo: { name: 'wopt' },
    };
  });

  async function analyse(doc) {
    const version = doc.version;
    const result = await service.analyse(doc.getText(), baseName(doc.uri));
    // a newer edit arrived while this one was read: its own read publishes
    if (documents.get(doc.uri)?.version !== version) return null;
    latest.set(doc.uri, { version, result });
    await connection.sendDiagnostics({ uri: doc.uri, version, diagnostics: result.diagnostics });
    return result;
  }
  function schedule(doc) {
    clearTimeout(pending.get(doc.uri));
    pending.set(doc.uri, setTimeout(() => { pending.delete(doc.uri); analyse(doc).catch(e => connection.console.error(String(e?.stack ?? e))); }, settleMs));
  }
  // the analysis of the document as it is now (reading it again when an edit is not read yet)
  async function current(uri) {
    const doc = documents.get(uri);
    if (!doc) return null;
    const have = latest.get(uri);
    if (have && have.version === doc.version) return have.result;
    return service.analyse(doc.getText(), baseName(uri));
  }

  documents.onDidOpen(e => schedule(e.document));
  documents.onDidChangeContent(e => schedule(e.document));
  documents.onDidClose(e => {
    clearTimeout(pending.get(e.document.uri));
    pending.delete(e.document.uri);
    latest.delete(e.document.uri);
    connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });

  // formatting: the module as opt prints it; nothing when it does not read
  connection.onDocumentFormatting(async params => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc) return [];
    const text = doc.getText();
    const printed = await service.canonical(text, baseName(doc.uri));
    if (printed === null || printed === text) return [];
    return [{ range: { start: { line: 0, character: 0 }, end: doc.positionAt(text.length) }, newText: printed }];
  });

  // navigation, from the reader's index of the document as it is now
  const symbolsOf = async uri => (await current(uri))?.symbols ?? null;
  const locations = (uri, ranges) => ranges.map(range => ({ uri, range }));
  connection.onDefinition(async p => locations(p.textDocument.uri, (await symbolsOf(p.textDocument.uri))?.definition(p.position) ?? []));
  connection.onReferences(async p => locations(p.textDocument.uri, (await symbolsOf(p.textDocument.uri))?.references(p.position, p.context?.includeDeclaration !== false) ?? []));
  connection.onDocumentHighlight(async p => (await symbolsOf(p.textDocument.uri))?.highlights(p.position) ?? []);
  connection.onHover(async p => (await symbolsOf(p.textDocument.uri))?.hover(p.position) ?? null);
  connection.onDocumentSymbol(async p => (await symbolsOf(p.textDocument.uri))?.documentSymbols() ?? []);
  connection.onFoldingRanges(async p => (await symbolsOf(p.textDocument.uri))?.foldingRanges() ?? []);
  connection.onPrepareRename(async p => {
    const sy = await symbolsOf(p.textDocument.uri);
    const t = sy?.renameTarget(p.position);
    return t ? sy.range(t) : null;
  });
  connection.onRenameRequest(async p => {
    const sy = await symbolsOf(p.textDocument.uri);
    const r = sy?.rename(p.position, p.newName) ?? { error: 'the document is not open' };
    if (r.error) throw new ResponseError(ErrorCodes.InvalidParams, r.error);
    return { changes: { [p.textDocument.uri]: r.edits } };
  });

  // commands: { uri, passes, function? } and { uri, function }, on the document as it is now
  connection.onExecuteCommand(async p => {
    const run = COMMANDS[p.command];
    const arg = p.arguments?.[0];
    const doc = typeof arg?.uri === 'string' ? documents.get(arg.uri) : undefined;
    if (!run) throw new ResponseError(ErrorCodes.InvalidParams, `unknown command ${p.command}`);
    if (!doc) throw new ResponseError(ErrorCodes.InvalidParams, `${p.command}: give { uri } of an open document`);
    return run(service, doc.getText(), arg, baseName(doc.uri));
  });

  // a .bc file's text: { uri } (a file: URI) or { bytes } (base64); read-only, from the bitcode reader
  connection.onRequest('wopt/bitcodeText', async params => {
    let bytes;
    if (typeof params?.bytes === 'string') bytes = Uint8Array.from(atob(params.bytes), c => c.charCodeAt(0));
    else if (typeof params?.uri === 'string' && params.uri.startsWith('file:') && readFile) bytes = await readFile(new URL(params.uri));
    else throw new Error('wopt/bitcodeText: give { uri } (a file: URI) or { bytes } (base64)');
    return service.bitcodeText(bytes, params.uri ? baseName(params.uri) : undefined);
  });

  connection.onShutdown(async () => {
    for (const t of pending.values()) clearTimeout(t);
    pending.clear();
    await service?.close();
  });

  documents.listen(connection);
  connection.listen();
  return { documents };
}
