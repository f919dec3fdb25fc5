// The fuzzer's wopt side, in a worker thread so that a hang can be caught (the main thread
// terminates the worker when a module takes too long) and a trap cannot take the fuzzer down.
// Messages: { id, text, llvmVersion, passes } → { id, ok, output, stage, message, line, col, internal }.
import { parentPort, workerData } from 'node:worker_threads';
import fs from 'node:fs';
import { instantiate, decodeUtf8 } from '../../bindings/core.js';
import { runModule } from '../../bindings/driver.js';

const core = await instantiate(fs.readFileSync(workerData.wasm));
parentPort.on('message', ({ id, text, llvmVersion, passes }) => {
  const r = runModule(core, text, { passes, llvmVersion, moduleId: '<stdin>' });
  const e = r.error ?? {};
  parentPort.postMessage({
    id, ok: r.ok, output: r.ok ? decodeUtf8(r.output) : null, stage: r.stage,
    message: e.message ?? '', line: e.line ?? 0, col: e.col ?? 0, internal: !!e.internal,
  });
});
parentPort.postMessage({ ready: true });
