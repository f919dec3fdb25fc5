// worker-main.js — what a worker session's thread runs (environment-neutral; worker-main-node.js
// and worker-main-browser.js start it): one Session, driven by messages { id, method, args } from
// worker.js, answered with { id, ok: true, value } or { id, ok: false, error }. Output bytes go
// back as transferred buffers.

const errorOf = e => ({ name: e?.name ?? 'Error', message: e?.message ?? String(e), code: e?.code, reason: e?.reason });

/** Serves worker.js's calls: `listen(fn)` delivers each message, `post(msg, transfer)` answers. */
export function serve({ listen, post }, openSession) {
  let session = null;
  async function call(method, args) {
    if (method === 'open') { session = await openSession(args[0]); return { llvmVersion: session.llvmVersion }; }
    if (!session) throw new Error('wopt: the worker session is not open');
    switch (method) {
      case 'optimize': return session.optimize(args[0], args[1]);
      case 'functions': return session.functions();
      case 'inspect': return session.inspect(args[0]);
      case 'passes': return session.passes();
      case 'version': return session.version();
      case 'close': { const s = session; session = null; return s.close(); }
      default: throw new Error(`wopt: unknown worker method ${method}`);
    }
  }
  listen(async ({ id, method, args }) => {
    try {
      const value = await call(method, args);
      post({ id, ok: true, value }, value?.output instanceof Uint8Array ? [value.output.buffer] : []);
    } catch (e) {
      post({ id, ok: false, error: errorOf(e) });
    }
  });
}
