// worker-main.js — the code a worker session runs inside its Web Worker or worker_threads thread:
// one Session (session.js), driven by messages { id, method, args } from worker.js, answered with
// { id, ok: true, value } or { id, ok: false, error: { name, message, code, reason } }. Output
// bytes go back as transferred buffers.
import { openSession } from './session.js';

const isNode = typeof process !== 'undefined' && !!process.versions?.node;
const port = isNode ? (await import('node:worker_threads')).parentPort : globalThis;
const listen = fn => (isNode ? port.on('message', fn) : port.addEventListener('message', e => fn(e.data)));

let session = null;
const errorOf = e => ({ name: e?.name ?? 'Error', message: e?.message ?? String(e), code: e?.code, reason: e?.reason });

async function call(method, args) {
  if (method === 'open') { session = await openSession(args[0]); return { llvmVersion: session.llvmVersion }; }
  if (!session) throw new Error('wopt: the worker session is not open');
  switch (method) {
    case 'optimize': return session.optimize(args[0], args[1]);
    case 'functions': return session.functions();
    case 'passes': return session.passes();
    case 'version': return session.version();
    case 'close': { const s = session; session = null; return s.close(); }
    default: throw new Error(`wopt: unknown worker method ${method}`);
  }
}

listen(async ({ id, method, args }) => {
  try {
    const value = await call(method, args);
    const transfer = value?.output instanceof Uint8Array ? [value.output.buffer] : [];
    port.postMessage({ id, ok: true, value }, transfer);
  } catch (e) {
    port.postMessage({ id, ok: false, error: errorOf(e) });
  }
});
