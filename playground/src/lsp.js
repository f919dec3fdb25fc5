// lsp.js — the input editor's language server: wopt's own server (bindings/lsp/worker-browser.js,
// built as lsp-worker.js) in a Web Worker of its own, spoken to by CodeMirror's LSP client over the
// worker's message port. It gives diagnostics while typing (as lint diagnostics), and hover, go to
// definition (F12, Ctrl/Cmd-click), references (Shift-F12) and formatting (Shift-Alt-F) as far as
// the server offers them: the client reads the server's capabilities. The LLVM version is the
// server's initialization option, so a change of version starts a new server.
import { Compartment } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { setDiagnostics, forEachDiagnostic, lintGutter } from '@codemirror/lint';
import {
  LSPClient, LSPPlugin, serverDiagnostics, hoverTooltips, jumpToDefinition, jumpToDefinitionKeymap, findReferencesKeymap, formatKeymap,
} from '@codemirror/lsp-client';
import { llvmLanguage } from './llvm-lang.js';

// the one document the page has, as the server sees it (its name is the module's id)
export const INPUT_URI = 'file:///input.ll';
// a first analysis of a large module can take a while: requests wait this long before failing
const REQUEST_TIMEOUT_MS = 30_000;

// The client's messages are JSON text: they go to the worker as text, parsed there (a whole
// document is then not parsed on the page's thread); the server's come back as objects.
function workerTransport(worker) {
  const handlers = new Set();
  worker.addEventListener('message', e => {
    const text = JSON.stringify(e.data);
    for (const h of handlers) h(text);
  });
  return { send: text => worker.postMessage(text), subscribe: h => handlers.add(h), unsubscribe: h => handlers.delete(h) };
}

// Ctrl-click (Cmd-click on a Mac) on a name: its definition, as F12 does
const clickToDefinition = EditorView.domEventHandlers({
  mousedown(e, view) {
    if (!(e.ctrlKey || e.metaKey) || e.button !== 0) return false;
    const pos = view.posAtCoords({ x: e.clientX, y: e.clientY });
    if (pos == null) return false;
    e.preventDefault();
    view.dispatch({ selection: { anchor: pos } });
    jumpToDefinition(view);
    return true;
  },
});

const theme = EditorView.theme({
  '.cm-tooltip': { border: '1px solid #d0d7de', borderRadius: '6px', boxShadow: '0 3px 10px rgba(31, 35, 40, .12)', background: '#fff', overflow: 'hidden' },
  '.cm-lsp-hover-tooltip': { padding: '3px 9px', maxWidth: '60ch', fontSize: '12.5px' },
  '.cm-lsp-hover-tooltip code, .cm-lsp-hover-tooltip pre': { fontFamily: 'ui-monospace, "JetBrains Mono", "DejaVu Sans Mono", Menlo, monospace' },
  '.cm-lint-marker': { width: '0.8em', height: '0.8em' },
});

/**
 * The language server of `view`'s document: `extension` goes in the editor's configuration,
 * `start(llvmVersion)` starts a server (stopping the one before). `onState({ state, llvmVersion,
 * errors, warnings })` says when it is starting, ready or failed, and what the diagnostics count.
 */
export function languageServer({ workerUrl, wasmUrl, onState = () => {} }) {
  const slot = new Compartment();
  let view = null, current = null;
  let published = null; // the document version the server's last diagnostics are of
  const report = state => onState({ state, llvmVersion: current?.llvmVersion ?? null, ...counts() });
  function counts() {
    let errors = 0, warnings = 0;
    if (view) forEachDiagnostic(view.state, d => { if (d.severity === 'error') errors++; else if (d.severity === 'warning') warnings++; });
    return { errors, warnings };
  }

  function start(llvmVersion) {
    if (!view) throw new Error('the language server has no editor yet');
    const old = current;
    const url = new URL(workerUrl);
    url.searchParams.set('wasm', String(wasmUrl));
    const worker = new Worker(url, { type: 'module' });
    const client = new LSPClient({
      rootUri: 'file:///', initializationOptions: { llvmVersion }, timeout: REQUEST_TIMEOUT_MS,
      // code in the server's markdown (hover) coloured as the editor colours IR
      highlightLanguage: name => (/^(llvm|llvm-ir|ll)$/.test(name) ? llvmLanguage : null),
      // noted, then shown by serverDiagnostics()
      notificationHandlers: { 'textDocument/publishDiagnostics': (c, p) => { if (c === current?.client && p.uri === INPUT_URI) published = p.version ?? null; return false; } },
      extensions: [serverDiagnostics(), hoverTooltips(), keymap.of([...jumpToDefinitionKeymap, ...findReferencesKeymap, ...formatKeymap])],
    });
    const me = current = { worker, client, llvmVersion, state: 'starting' };
    published = null;
    worker.addEventListener('error', e => { if (current === me) { me.state = 'failed'; report(`failed: ${e.message ?? 'worker error'}`); } });
    client.connect(workerTransport(worker));
    client.initializing.then(() => { if (current === me) { me.state = 'ready'; report('ready'); } },
      e => { if (current === me) { me.state = 'failed'; report(`failed: ${e?.message ?? e}`); } });
    // the old server's diagnostics are not the new one's: cleared until it sends its own
    view.dispatch({ effects: [slot.reconfigure(client.plugin(INPUT_URI, 'llvm')), setDiagnostics(view.state, []).effects].flat() });
    if (old) { old.client.disconnect(); old.worker.terminate(); }
    report('starting');
  }

  const watch = EditorView.updateListener.of(u => {
    // each edit goes to the server at once (the client alone would wait 500 ms): the server waits
    // for the typing to settle before it reads the text again
    if (u.docChanged) current?.client.sync();
    // diagnostics arrive as lint effects: the counts follow them
    if (current?.state === 'ready' && u.transactions.some(tr => tr.effects.length)) report('ready');
  });

  return {
    extension: [slot.of([]), lintGutter(), clickToDefinition, watch, theme],
    /** The editor it serves (once created with `extension` in it). */
    attach(v) { view = v; },
    start,
    get client() { return current?.client ?? null; },
    get llvmVersion() { return current?.llvmVersion ?? null; },
    get state() { return current?.state ?? 'stopped'; },
    /** Whether the diagnostics shown are the server's for the text as it is now. */
    get settled() {
      const plugin = view && LSPPlugin.get(view), file = current?.client.workspace.getFile(INPUT_URI);
      return !!plugin && plugin.client === current.client && plugin.unsyncedChanges.empty && file?.version === published;
    },
    /** The diagnostics shown: [{ from, to, line, col, endLine, endCol, severity, message }] (1-based lines, and columns in characters). */
    diagnostics() {
      const out = [];
      if (!view) return out;
      forEachDiagnostic(view.state, (d, from, to) => {
        const a = view.state.doc.lineAt(from), b = view.state.doc.lineAt(to);
        out.push({ from, to, line: a.number, col: from - a.from + 1, endLine: b.number, endCol: to - b.from + 1, severity: d.severity, message: d.message });
      });
      return out;
    },
  };
}
