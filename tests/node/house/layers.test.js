// The core's layers (ARCHITECTURE.md): each folder of assembly/ imports only the folders below it,
// and the two serialisations are siblings over ir/: bitcode/ takes nothing from text/ (what both
// readers need lives in ir/). Read from the import and re-export lines of the .ts files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO } from '../helpers.js';

const CORE = path.join(REPO, 'assembly');
// folder -> the folders it may import (besides itself)
const ALLOWED = {
  util: [],
  ir: ['util'],
  text: ['util', 'ir'],
  bitcode: ['util', 'ir'],
  analysis: ['util', 'ir', 'text', 'bitcode'],
  // the linkers (wopt repo link, the cross-module link) read module text into the arena
  link: ['util', 'ir', 'text', 'bitcode', 'analysis'],
  cgdata: ['util', 'ir', 'text', 'bitcode', 'analysis'],
  passes: ['util', 'ir', 'text', 'bitcode', 'analysis', 'cgdata', 'link'],
  // the pass manager: the table of passes, the pipeline text, the runner, the instrumentation
  pipeline: ['util', 'ir', 'text', 'bitcode', 'analysis', 'cgdata', 'link', 'passes'],
};
// `import ... from "x"` (over several lines too), `export ... from "x"`, `import "x"`
const IMPORT = /^(?:import|export)\s+(?:(?:type\s+)?(?:\*(?:\s*as\s+\w+)?|\{[^}]*\}|\w+)\s+from\s+)?"([^"]+)"/gm;

function tsFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []);
}

// [file, imported folder] for every import that leaves its file's folder within assembly/
function crossings() {
  const out = [];
  for (const file of tsFiles(CORE)) {
    const from = path.relative(CORE, file).split(path.sep)[0];
    if (!(from in ALLOWED)) continue;   // index.ts, the ABI, may import anything
    for (const m of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (!m[1].startsWith('.')) continue;
      const to = path.relative(CORE, path.resolve(path.dirname(file), m[1])).split(path.sep)[0];
      if (to !== from) out.push([path.relative(REPO, file), from, to, m[1]]);
    }
  }
  return out;
}

test('the import lines are found', () => {
  const all = crossings();
  assert.ok(all.some(([, from, to]) => from === 'bitcode' && to === 'ir'), 'bitcode/ imports from ir/');
  assert.ok(all.some(([, from, to]) => from === 'text' && to === 'ir'), 'text/ imports from ir/');
});

test('each layer imports only the layers below it; bitcode/ and text/ are siblings', () => {
  const bad = crossings().filter(([, from, to]) => !ALLOWED[from].includes(to))
    .map(([file, , , spec]) => `${file} imports "${spec}"`);
  assert.deepEqual(bad, []);
});
