// Loaded into the language server's own process by bench/lsp.bench.js (`node --expose-gc --import
// bench/lsp-probe.js bindings/cli.js lsp --stdio`), so the bench can read memory the process alone
// knows: on SIGUSR2 it writes one stderr line `wopt-lsp-memory {json}` with process.memoryUsage()
// before and after a full GC and the byte length of each WebAssembly memory a core instance
// exports. It changes nothing else: stdout stays the protocol's.
const memories = [];
const instantiate = WebAssembly.instantiate;
// the core is instantiated from a compiled module (bindings/core.js): that call gives the Instance;
// from bytes it gives { module, instance }
WebAssembly.instantiate = async function (...args) {
  const r = await instantiate.apply(this, args);
  const exports = (r instanceof WebAssembly.Instance ? r : r.instance)?.exports;
  if (exports?.memory instanceof WebAssembly.Memory) memories.push(new WeakRef(exports.memory));
  return r;
};

process.on('SIGUSR2', () => {
  const before = process.memoryUsage();
  globalThis.gc?.();
  const after = process.memoryUsage();
  const wasm = memories.map(m => m.deref()?.buffer.byteLength).filter(n => n !== undefined);
  process.stderr.write(`wopt-lsp-memory ${JSON.stringify({ before, after, gc: typeof globalThis.gc === 'function', wasm })}\n`);
});
