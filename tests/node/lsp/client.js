// A language-server client for the tests: `wopt lsp --stdio` started as a process, JSON-RPC
// messages framed with Content-Length both ways, requests answered by id, notifications kept.
import { spawn } from 'node:child_process';
import { CLI } from '../helpers.js';

export class LspClient {
  constructor(env = {}) {
    this.proc = spawn(process.execPath, [CLI, 'lsp', '--stdio'], { env: { ...process.env, ...env } });
    this.buf = Buffer.alloc(0);
    this.nextId = 1;
    this.replies = new Map();
    this.notes = [];
    this.noteWaiters = [];
    this.stderr = '';
    this.proc.stderr.on('data', d => { this.stderr += d; });
    this.proc.stdout.on('data', d => { this.buf = Buffer.concat([this.buf, d]); this.#drain(); });
    this.exited = new Promise(r => this.proc.on('exit', (code, signal) => r({ code, signal })));
  }
  #drain() {
    for (;;) {
      const h = this.buf.indexOf('\r\n\r\n');
      if (h < 0) return;
      const len = Number(/Content-Length: (\d+)/i.exec(this.buf.subarray(0, h).toString())[1]);
      if (this.buf.length < h + 4 + len) return;
      const m = JSON.parse(this.buf.subarray(h + 4, h + 4 + len).toString());
      this.buf = this.buf.subarray(h + 4 + len);
      if (m.id !== undefined && !m.method) { this.replies.get(m.id)?.(m); this.replies.delete(m.id); continue; }
      if (m.id !== undefined) { this.#send({ id: m.id, result: null }); continue; } // a request of the server's (registerCapability...)
      this.notes.push(m);
      this.noteWaiters = this.noteWaiters.filter(w => !w(m));
    }
  }
  #send(m) {
    const s = JSON.stringify({ jsonrpc: '2.0', ...m });
    this.proc.stdin.write(`Content-Length: ${Buffer.byteLength(s)}\r\n\r\n${s}`);
  }
  request(method, params) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.replies.set(id, m => m.error ? reject(Object.assign(new Error(m.error.message), { code: m.error.code })) : resolve(m.result));
      this.#send({ id, method, params });
    });
  }
  notify(method, params) { this.#send({ method, params }); }
  // the first notification (already received or coming) that `pred` accepts
  waitFor(pred) {
    const have = this.notes.find(pred);
    if (have) return Promise.resolve(have);
    return new Promise(resolve => this.noteWaiters.push(m => pred(m) && (resolve(m), true)));
  }
  diagnosticsOf(uri, version) {
    return this.waitFor(m => m.method === 'textDocument/publishDiagnostics' && m.params.uri === uri && m.params.version === version)
      .then(m => m.params.diagnostics);
  }
  async initialize(initializationOptions) {
    const r = await this.request('initialize', { processId: process.pid, rootUri: null, capabilities: {}, initializationOptions });
    this.notify('initialized', {});
    return r;
  }
  async close() {
    await this.request('shutdown');
    this.notify('exit');
    return this.exited;
  }
}
