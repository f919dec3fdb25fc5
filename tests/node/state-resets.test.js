// Every module-level table the core allocates when it starts must be made again after an arena
// reset: index.ts reset() frees the whole heap (the stub runtime's __reset), so a table allocated
// at start-up and never re-created points into memory the next module's tables reuse, and writing
// to it corrupts them. (That happened: a scratch list of the lifetime upgrade overwrote the data
// layout's integer alignments, so `store i16` printed `align 4`.) This reads the sources: a
// module-level `let x = new ...` or `let x = [...]` must be assigned again somewhere in its file
// (in the reset that re-creates it, or when a new context is made).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO } from './helpers.js';

function sources(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(e =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []);
}

// Names declared at the top level with an allocating initializer, with their line numbers.
export function allocatedAtStart(text) {
  const found = [];
  text.split('\n').forEach((line, i) => {
    const m = /^(?:export\s+)?let\s+(.*)$/.exec(line);
    if (!m) return;
    for (const d of m[1].matchAll(/(\w+)\s*(?::\s*[\w<>|\s.]+?)?\s*=\s*(new\s|\[)/g)) found.push({ name: d[1], line: i + 1 });
  });
  return found;
}

test('every table allocated at start-up is made again after an arena reset', () => {
  const missing = [];
  for (const file of sources(path.join(REPO, 'assembly'))) {
    const text = fs.readFileSync(file, 'utf8');
    const lines = text.split('\n');
    for (const { name, line } of allocatedAtStart(text)) {
      const assign = new RegExp(`(^|[^\\w.])${name}\\s*=(?!=)`);
      const again = lines.some((l, i) => i + 1 !== line && !/^\s*(export\s+)?let\s/.test(l) && assign.test(l));
      if (!again) missing.push(`${path.relative(REPO, file)}:${line}: ${name}`);
    }
  }
  assert.deepEqual(missing, [], `never re-created after a reset:\n${missing.join('\n')}`);
});

test('the check sees an allocation that is never made again', () => {
  const text = 'let a: I32Vec = new I32Vec(4), b = new I32Vec();\nlet c = [1, 2];\nlet d: i32 = 0;\nfunction reset(): void { b = new I32Vec(); }\n';
  assert.deepEqual(allocatedAtStart(text).map(x => x.name), ['a', 'b', 'c']);
});

// mem2reg keeps all its state in the objects of its pipeline run (passes/mem2reg/pass.ts Mem2Reg,
// made by the run's PassContext): none of its files declares a module-level variable, so there
// is nothing to reset and nothing one run leaves to the next.
test('mem2reg has no module-level variable', () => {
  const dir = path.join(REPO, 'assembly/passes/mem2reg');
  const found = [];
  for (const file of sources(dir)) {
    fs.readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
      if (/^(?:export\s+)?(?:let|var)\s/.test(line)) found.push(`${path.relative(REPO, file)}:${i + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(found, [], `module-level variables in mem2reg:\n${found.join('\n')}`);
});
