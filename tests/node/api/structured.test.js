// The structured results an IDE draws, checked against opt-22:
// - inspect(fn): immediate dominators and post-dominators equal opt's print<domtree> /
//   print<postdomtree> trees, phi counts equal the phis in opt's output, and the dominance
//   frontiers equal the definition (computed here by brute force from the tree and the CFG);
// - trace: one entry per pass and unit, `changed` and the IR after a change exactly as
//   opt -print-changed prints them; the merge report as -mergefunc-report writes it;
// - the same from a worker session as from a session.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO, optFor, skipDiff } from '../helpers.js';
import { openSession } from '../../../bindings/index.js';
import { openWorkerSession } from '../../../bindings/worker-node.js';

// modules without optnone (mem2reg skips optnone functions, as opt does), with and without -g
const FIXTURES = [...['mem2reg_paths.O0.ll', 'mem2reg_paths.O0g.ll', 'templates_merge.O1.ll', 'exceptions_rtti.O1.ll'].map(f => path.join(REPO, 'tests/fixtures/ll', f)),
  ...['c-like.ll', 'cpp-templates.ll'].map(f => path.join(REPO, 'playground/examples', f))];
const PIPELINE = 'function(mem2reg),mergefunc';

function opt(args) {
  const r = spawnSync(optFor(22), args, { cwd: REPO, encoding: 'utf8', maxBuffer: 1 << 28 });
  assert.equal(r.status, 0, r.stderr);
  return r;
}

// print<domtree> text -> Map function -> Map block label -> parent label (null for the root)
function parseTrees(text, header) {
  const trees = new Map();
  let cur = null, stack = [];
  for (const line of text.split('\n')) {
    const h = line.match(/^(\w+) for function: (.*)$/);
    if (h) { cur = h[1] === header ? new Map() : null; if (cur) trees.set(h[2], cur); stack = []; continue; }
    const m = cur && line.match(/^(\s*)\[(\d+)\] (.*?) \{/);
    if (!m) continue;
    const level = Number(m[2]), label = m[3].trim();
    stack[level] = label;
    cur.set(label, level === 1 ? null : stack[level - 1]);
  }
  return trees;
}

// phis per block label in a printed module: Map function -> Map label -> count
function phiCounts(text) {
  const out = new Map();
  let fn = null, block = null;
  for (const line of text.split('\n')) {
    const d = line.match(/^define .*@("[^"]*"|[\w.$-]+)\(/);
    if (d) { fn = new Map(); out.set(d[1].replace(/^"|"$/g, ''), fn); block = null; continue; }
    if (!fn) continue;
    const l = line.match(/^("[^"]*"|[\w.$-]+):/);
    if (l) { block = `%${l[1]}`; continue; }
    if (/^\s+%\S+ = phi /.test(line)) fn.set(block, (fn.get(block) ?? 0) + 1);
  }
  return out;
}

function bruteFrontier(blocks, x) {
  const dominates = (a, b) => { for (let r = b; r !== -1; r = blocks[r].idom) if (r === a) return true; return false; };
  const df = [];
  blocks.forEach((blk, y) => {
    if (!blk.reachable) return;
    const strictly = x !== y && dominates(x, y);
    if (!strictly && blk.pred.some(p => blocks[p].reachable && dominates(x, p))) df.push(y);
  });
  return df;
}

test('inspect: dominator trees, phis and frontiers as opt-22 has them', { skip: skipDiff(22) }, async t => {
  const s = await openSession();
  let functions = 0, blocksSeen = 0, phiBlocks = 0, frontiers = 0;
  for (const file of FIXTURES) {
    const r = await s.optimize(fs.readFileSync(file), { passes: 'function(mem2reg)' });
    assert.ok(r.ok, file);
    const printed = opt(['-passes=function(mem2reg,print<domtree>,print<postdomtree>)', '-disable-output', file]).stderr;
    const dom = parseTrees(printed, 'DominatorTree'), pdom = parseTrees(printed, 'PostDominatorTree');
    const phis = phiCounts(opt(['-S', '-passes=function(mem2reg)', file, '-o', '-']).stdout);
    for (const fn of await s.functions()) {
      if (fn.declaration) continue;
      const info = await s.inspect(fn.name);
      assert.equal(info.name, fn.name);
      assert.equal(info.blocks.length, fn.blocks);
      const names = info.blocks.map(b => b.name);
      const domOf = dom.get(fn.name), pdomOf = pdom.get(fn.name);
      info.blocks.forEach((b, i) => {
        if (b.reachable) assert.equal(b.idom === -1 ? null : names[b.idom], domOf.get(b.name), `${fn.name} ${b.name} idom`);
        if (pdomOf.has(b.name)) assert.equal(b.ipdom === -1 ? '<<exit node>>' : names[b.ipdom], pdomOf.get(b.name), `${fn.name} ${b.name} ipdom`);
        assert.equal(b.phis, phis.get(fn.name)?.get(b.name) ?? 0, `${fn.name} ${b.name} phis`);
        assert.deepEqual(b.frontier, b.reachable ? bruteFrontier(info.blocks, i) : [], `${fn.name} ${b.name} frontier`);
        for (const k of b.succ) assert.ok(info.blocks[k].pred.includes(i));
      });
      functions++; blocksSeen += info.blocks.length;
      phiBlocks += info.blocks.filter(b => b.phis > 0).length;
      frontiers += info.blocks.filter(b => b.frontier.length > 0).length;
    }
    assert.equal(await s.inspect('no such function'), null);
  }
  assert.ok(functions > 20 && phiBlocks > 10 && frontiers > 10, `${functions} functions, ${phiBlocks} with phis, ${frontiers} frontiers`);
  t.diagnostic(`${functions} functions, ${blocksSeen} blocks (${phiBlocks} with phis, ${frontiers} with a frontier) checked`);
  await s.close();
});

// opt -print-changed's text -> [{ pass, unit, changed, after }]
function parseChanged(text) {
  const list = [];
  let cur = null;
  for (const line of text.split('\n')) {
    let m;
    if ((m = line.match(/^\*\*\* IR Dump After (.+) on (.+?) omitted because no change \*\*\*$/))) { cur = null; list.push({ pass: m[1], unit: m[2], changed: false }); continue; }
    if ((m = line.match(/^\*\*\* IR Dump After (.+) on (.+?) \*\*\*$/))) { cur = { pass: m[1], unit: m[2], changed: true, after: '' }; list.push(cur); continue; }
    if (line.startsWith('*** ')) { cur = null; continue; }
    if (cur) cur.after += `${line}\n`;
  }
  return list;
}

test('trace and merge report: the passes, units and changed IR of opt-22 -print-changed', { skip: skipDiff(22) }, async t => {
  const s = await openSession();
  const w = await openWorkerSession();
  t.after(() => w.close());
  let entries = 0, changed = 0, merged = 0;
  for (const file of FIXTURES) {
    const input = fs.readFileSync(file);
    const moduleId = path.relative(REPO, file);
    const r = await s.optimize(input, { passes: PIPELINE, trace: true, mergeReport: true, moduleId });
    assert.ok(r.ok, `${file}: ${r.diagnostics[0]?.message}`);
    const want = parseChanged(opt(['-S', `-passes=${PIPELINE}`, '-print-changed', moduleId, '-o', '/dev/null']).stderr);
    assert.deepEqual(r.trace.map(e => ({ pass: e.pass, unit: e.unit, changed: e.changed })), want.map(e => ({ pass: e.pass, unit: e.unit, changed: e.changed })), file);
    r.trace.forEach((e, i) => {
      if (e.changed) assert.equal(e.after, want[i].after, `${file} ${e.pass} on ${e.unit}`);
      else assert.equal(e.after, e.before);
      assert.ok(e.ms >= 0);
      assert.equal(e.name, e.pass === 'PromotePass' ? 'mem2reg' : 'mergefunc');
    });
    // the merge report is the -mergefunc-report file
    const dir = fs.mkdtempSync(path.join(REPO, 'tests', '.tmp-report-'));
    try {
      const rep = await s.optimize(input, { passes: PIPELINE, options: { 'mergefunc-report': path.join(dir, 'r.json') } });
      const asFile = JSON.parse(new TextDecoder().decode(rep.files.find(f => f.name.endsWith('r.json')).bytes));
      assert.deepEqual(r.mergeReport, asFile);
    } finally { fs.rmSync(dir, { recursive: true, force: true }); }
    assert.equal(r.files.length, 0, 'the trace and report side files are taken out of files');
    const rw = await w.optimize(input, { passes: PIPELINE, trace: true, mergeReport: true, moduleId });
    assert.deepEqual(rw.trace.map(({ ms, ...e }) => e), r.trace.map(({ ms, ...e }) => e));
    assert.deepEqual(rw.mergeReport, r.mergeReport);
    for (const fn of await s.functions()) if (!fn.declaration) assert.deepEqual(await w.inspect(fn.name), await s.inspect(fn.name));
    entries += r.trace.length;
    changed += r.trace.filter(e => e.changed).length;
    merged += r.mergeReport.functionsMerged;
  }
  const none = await s.optimize(fs.readFileSync(FIXTURES[0]), { passes: 'function(mem2reg)', trace: true, mergeReport: true });
  assert.ok(none.ok);
  assert.equal(none.mergeReport, null);
  assert.ok(none.trace.length > 0 && none.trace.every(e => e.pass === 'PromotePass'));
  assert.ok(changed > 10 && merged > 2, `${changed} changed trace entries, ${merged} merges`);
  t.diagnostic(`${entries} trace entries (${changed} changed) and ${merged} merges compared`);
  await s.close();
});

test('inspect by index in functions(): the same graph as by name, and each of several unnamed functions (mergefunc\'s private copies)', { skip: !fs.existsSync(path.join(REPO, 'build/wopt.wasm')) && 'build/wopt.wasm not built' }, async () => {
  const s = await openSession({});
  const w = await openWorkerSession({});
  try {
    const input = fs.readFileSync(path.join(REPO, 'playground/examples/cpp-templates.ll'), 'utf8');
    for (const x of [s, w]) assert.equal((await x.optimize(input, { passes: PIPELINE })).ok, true);
    const fns = await s.functions();
    const unnamed = fns.map((f, i) => (f.name === '' && !f.declaration ? i : -1)).filter(i => i >= 0);
    assert.ok(unnamed.length >= 2, 'mergefunc leaves two unnamed private copies (@0, @1)');
    for (const [i, f] of fns.entries()) {
      const byIndex = await s.inspect(i);
      if (f.name) assert.deepEqual(byIndex, await s.inspect(f.name), `#${i} ${f.name}`);
      if (f.declaration) continue;
      assert.equal(byIndex.blocks.length, f.blocks, `#${i}`);
      assert.deepEqual(await w.inspect(i), byIndex, 'the worker session too');
    }
    // the unnamed ones differ (7 blocks and 1), which inspect('') alone could not tell apart
    assert.notDeepEqual((await s.inspect(unnamed[0])).blocks.length, (await s.inspect(unnamed[1])).blocks.length);
    assert.equal(await s.inspect(fns.length), null);
  } finally { await s.close(); await w.close(); }
});
