// bindings/browser.js: loading over fetch(), with streaming compilation and with the fallback for
// servers that do not send `application/wasm` (Node 20 has fetch and compileStreaming too).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import { loadWopt } from '../../bindings/browser.js';
import { mockCorePath } from './helpers.js';

test('loadWopt({url}) instantiates the served core, whatever the MIME type', async t => {
  const wasm = fs.readFileSync(await mockCorePath());
  const server = http.createServer((req, res) => {
    if (req.url === '/missing.wasm') { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { 'Content-Type': req.url === '/typed.wasm' ? 'application/wasm' : 'application/octet-stream' });
    res.end(wasm);
  });
  await new Promise(r => server.listen(0, '127.0.0.1', r));
  t.after(() => server.close());
  const base = `http://127.0.0.1:${server.address().port}`;
  for (const name of ['typed.wasm', 'untyped.wasm']) {
    const core = await loadWopt({ url: `${base}/${name}` });
    assert.equal(core.version(), 'mock-core 1', name);
    assert.equal(core.parse('x\n').ok, true);
  }
  await assert.rejects(loadWopt({ url: `${base}/missing.wasm` }), /404/);
});
