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
import { REPO } from '../helpers.js';

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

// State is owned by whoever runs it (ARCHITECTURE.md, "Where state lives"): a pass's run, a read,
// a write, a verification, a link makes its objects and dropping them is the reset. Outside ir/
// (the arena's columns and the module's own tables), a module-level variable is only one of these
// session slots, each replaced when the core is reset, or a table rebuilt on first use after a
// reset. A new one fails this test: own the state in an object instead.
const SESSION_SLOTS = {
  'assembly/analysis/context.ts': ['session'],        // the session's FunctionAnalyses
  'assembly/cgdata/session.ts': ['hostSession'],      // the host's stable function map
  'assembly/pipeline/runner.ts': ['current'],         // the pipeline run the host pauses and resumes
  'assembly/pipeline/table.ts': ['table'],            // the pass table, rebuilt after a reset
  'assembly/pipeline/instrument.ts': ['declared'],    // the instrumentation's options, likewise
  'assembly/passes/stats.ts': ['allocasPromoted', 'phisInserted', 'functionsMerged', 'thunks', 'aliases', 'deleted', 'globalMerged'],
  'assembly/text/writer.ts': ['session'],                  // the session's Writer
  'assembly/text/lexer.ts': ['classesReady'],              // the byte classes: static data, made once
  // tables keyed by string ids, rebuilt on first use after a reset: calling conventions, the
  // debug-info fields and enumerations
  'assembly/text/cc.ts': ['byStr', 'byNum'],
  'assembly/text/parse-di-fields.ts': ['built', 'clsByName', 'clsFirst', 'clsCount', 'fName', 'fKind', 'fFlags', 'fMin', 'fMax',
    'fMinText', 'fMaxText', 'eKindName', 'ePrefix', 'eWords', 'eExpected', 'eInvalid', 'enumNames'],
  'assembly/util/warnings.ts': ['buf'],                    // the warnings of the module being read
  'assembly/util/fp.ts': ['A', 'B', 'C', 'digits'],         // float-to-text scratch, made again after a reset
};
const OWNED = ['analysis', 'bitcode', 'cgdata', 'link', 'passes', 'pipeline', 'text', 'util'];

export function moduleVariables(text) {
  const names = [];
  for (const line of text.split('\n')) {
    const m = /^(?:export\s+)?(?:let|var)\s+(.*)$/.exec(line);
    if (m) for (const d of m[1].matchAll(/(?:^|,)\s*(\w+)\s*(?::|=|;|,|$)/g)) names.push(d[1]);
  }
  return names;
}

test('outside ir/, the core keeps no module-level variable but its session slots and named tables', () => {
  const files = [path.join(REPO, 'assembly/index.ts'), ...OWNED.flatMap(d => sources(path.join(REPO, 'assembly', d)))];
  const found = [];
  for (const file of files) {
    const rel = path.relative(REPO, file);
    for (const name of moduleVariables(fs.readFileSync(file, 'utf8')))
      if (!(SESSION_SLOTS[rel] ?? []).includes(name)) found.push(`${rel}: ${name}`);
  }
  assert.deepEqual(found, [], `module-level variables outside the session slots:\n${found.join('\n')}`);
});

test('the check reads every name a declaration declares', () => {
  assert.deepEqual(moduleVariables('let a: i32 = 0, b = new X(1, 2);\nexport let c: I32Vec | null = null;\nconst d = 1;\n  let e = 2;\n'), ['a', 'b', 'c']);
});
