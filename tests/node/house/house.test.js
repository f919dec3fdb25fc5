// ARCHITECTURE.md's invariants that the layer test (layers.test.js), the state test
// (state-resets.test.js) and the ABI test (abi.test.js) do not cover: what the passes may take from
// text/, and that the host's modules import each other without a circle. Read from the sources.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO } from '../helpers.js';

function files(dir, ext) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(e =>
    e.isDirectory() ? files(path.join(dir, e.name), ext) : e.name.endsWith(ext) ? [path.join(dir, e.name)] : []);
}
// Relative module paths a file imports (static and dynamic imports, re-exports).
function imports(file) {
  const text = fs.readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/^(?:import|export)\s[^'";]*?from\s+['"]([^'"]+)['"]/gm), ...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g),
    ...text.matchAll(/^import\s+['"]([^'"]+)['"]/gm)].map(m => m[1]);
  return specs.filter(s => s.startsWith('.')).map(s => path.resolve(path.dirname(file), s));
}

// Passes and analyses print IR (reports, diagnostics) but never read it: from text/ they take the
// writer's files only, so a pass cannot depend on how text is parsed.
const WRITER = /^text\/(writer|slots|type-finder|printer(-[\w-]+)?)\.ts$/;
test('passes and analyses take only the writer from text/', () => {
  const core = path.join(REPO, 'assembly');
  const bad = [];
  for (const dir of ['passes', 'analysis', 'pipeline']) {
    if (!fs.existsSync(path.join(core, dir))) continue;
    for (const f of files(path.join(core, dir), '.ts')) {
      for (const target of imports(f)) {
        const rel = path.relative(core, target.endsWith('.ts') ? target : `${target}.ts`);
        if (rel.startsWith('text/') && !WRITER.test(rel)) bad.push(`${path.relative(REPO, f)} imports ${rel}`);
      }
    }
  }
  assert.deepEqual(bad, []);
});

test('the host modules (bindings/) import each other without a circle', () => {
  const dir = path.join(REPO, 'bindings');
  const graph = new Map(files(dir, '.js').map(f => [f, imports(f).filter(t => t.startsWith(dir))]));
  const state = new Map(), cycles = [];
  const visit = (f, stack) => {
    if (state.get(f) === 'done') return;
    if (state.get(f) === 'open') { cycles.push([...stack.slice(stack.indexOf(f)), f].map(x => path.relative(REPO, x)).join(' -> ')); return; }
    state.set(f, 'open');
    for (const t of graph.get(f) ?? []) visit(t, [...stack, f]);
    state.set(f, 'done');
  };
  for (const f of graph.keys()) visit(f, []);
  assert.deepEqual(cycles, []);
  assert.ok([...graph.values()].flat().length > 50, 'the imports are read');
});

// A file's imports stand together at its top, so its dependencies are read in one place.
test('every core file imports at its top', () => {
  const late = [];
  for (const f of files(path.join(REPO, 'assembly'), '.ts')) {
    let code = false, inImport = false;
    fs.readFileSync(f, 'utf8').split('\n').forEach((line, i) => {
      if (inImport) { if (/from\s+"[^"]+";/.test(line)) inImport = false; return; }
      if (/^(import\s|export\s+(\*|\{[^}]*\}?)\s*(from\s|$))/.test(line) && (line.startsWith('import') || /from\s+"|\{\s*$/.test(line))) {
        if (code) late.push(`${path.relative(REPO, f)}:${i + 1}`);
        if (!/from\s+"[^"]+";|^import\s+"[^"]+";/.test(line)) inImport = true;
        return;
      }
      const t = line.trim();
      if (t && !t.startsWith('//') && !t.startsWith('/*') && !t.startsWith('*')) code = true;
    });
  }
  assert.deepEqual(late, []);
});
