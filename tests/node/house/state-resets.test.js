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
  'assembly/text/writer.ts': ['session'],             // the session's Writer
  'assembly/util/warnings.ts': ['buf'],               // the warnings of the module being read
};
const OWNED = ['analysis', 'bitcode', 'cgdata', 'link', 'passes', 'pipeline', 'text', 'util'];

// `let`/`var` at module level, and `const` objects made with `new` (their storage is allocated once
// and outlived by the arena's resets: an inline-asm parser's vectors trapped that way).
export function moduleVariables(text) {
  const names = [];
  for (const line of text.split('\n')) {
    const code = line.replace(/\/\/.*$/, '');
    const m = /^(?:export\s+)?(?:let|var)\s+(.*)$/.exec(code);
    if (m) for (const d of m[1].matchAll(/(?:^|,)\s*(\w+)\s*(?::|=|;|,|$)/g)) names.push(d[1]);
    const c = /^(?:export\s+)?const\s+(.*)$/.exec(code);
    if (c) for (const d of c[1].matchAll(/(?:^|,)\s*(\w+)\s*(?::[^=,]+)?=\s*new\b/g)) names.push(d[1]);
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

// ir/ is the arena: the module's columns (one entry per value, instruction, operand, global,
// comdat, metadata node, attachment, debug record, type), its string table and header fields, and
// the interning indexes that keep its ids unique (the type hash, the attribute sets and lists, the
// metadata kinds, the canonical node of each uniqued one). They stay module-level on purpose: the
// inner loops of every layer read them as WASM globals. The rest of ir/ (the data layout, the
// constant and debug-info tables, the builder's insertion point) is owned by objects. The
// LLVM version the host chose is kept across resets.
const ARENA = {
  'assembly/ir/values.ts': ['vKind', 'vType', 'vName', 'vParent', 'vFirstUse', 'vA', 'vB', 'iOp', 'iFlags', 'iOps', 'iNOps',
    'iNext', 'iPrev', 'iAux', 'iExt', 'iMD', 'iDbg', 'opVal', 'opUser', 'opNext', 'opPrev', 'ext'],
  'assembly/ir/globals.ts': ['gKind', 'gValue', 'gLinkage', 'gVisibility', 'gDLL', 'gTLS', 'gUnnamed', 'gFlags', 'gAddrSpace',
    'gValueType', 'gSection', 'gPartition', 'gComdat', 'gAlign', 'gGC', 'gCC', 'gAttrs', 'gMD', 'gFirstBlock', 'gLastBlock',
    'gFirstArg', 'gNumArgs', 'gExtra', 'gOrder', 'cdName', 'cdKind'],
  'assembly/ir/metadata.ts': ['mdKind', 'mdFlags', 'mdA', 'mdOps', 'mdNOps', 'mdPool', 'mdByNumber', 'nmdName', 'nmdOps',
    'nmdNOps', 'nmdPool', 'attKind', 'attMD', 'attNext', 'mdKindName', 'kindByName', 'drKind', 'drOps', 'drNOps', 'drNext',
    'drPool', 'mdCanon'],
  'assembly/ir/types.ts': ['tyKind', 'tyA', 'tyN', 'tyList', 'tyListLen', 'tyFlags', 'tyPool', 'table', 'tableMask', 'namedTypeOrder'],
  'assembly/ir/module.ts': ['strtab', 'moduleId', 'sourceFilename', 'dataLayout', 'targetTriple', 'moduleAsm', 'depLibs'],
  'assembly/ir/attributes.ts': ['attrSets', 'attrLists', 'kindsLo', 'kindsHi'],
  'assembly/ir/version.ts': ['llvmVersion'],
};

test('in ir/, only the arena is module-level', () => {
  const found = [];
  for (const file of sources(path.join(REPO, 'assembly/ir'))) {
    const rel = path.relative(REPO, file);
    for (const name of moduleVariables(fs.readFileSync(file, 'utf8')))
      if (!(ARENA[rel] ?? []).includes(name)) found.push(`${rel}: ${name}`);
  }
  assert.deepEqual(found, [], `module-level variables in ir/ beyond the arena:\n${found.join('\n')}`);
});

test('every slot and column the lists name is still declared', () => {
  const stale = [];
  for (const [rel, names] of Object.entries({ ...SESSION_SLOTS, ...ARENA })) {
    const declared = fs.existsSync(path.join(REPO, rel)) ? moduleVariables(fs.readFileSync(path.join(REPO, rel), 'utf8')) : [];
    for (const n of names) if (!declared.includes(n)) stale.push(`${rel}: ${n}`);
  }
  assert.deepEqual(stale, [], `listed but no longer declared (drop them from the lists):\n${stale.join('\n')}`);
});

test('the check reads every name a declaration declares', () => {
  assert.deepEqual(moduleVariables('let a: i32 = 0, b = new X(1, 2);\nexport let c: I32Vec | null = null; // c, 0 = none\nconst d = 1;\n  let e = 2;\n'), ['a', 'b', 'c']);
});
