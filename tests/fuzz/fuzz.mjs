#!/usr/bin/env node
// The fuzzer: structure-aware mutants of real modules (the LLVM corpus, the fixtures, llvm-stress
// output), each run through wopt and through native opt-22 and opt-19, and every disagreement
// sorted into a kind:
//   trap        wopt's core trapped (an internal error)               — always a defect
//   hang        wopt did not answer within the time limit              — always a defect
//   leftover    a failed CLI run left a file behind                    — always a defect
//   lenient     wopt accepts what opt rejects
//   strict      wopt rejects what opt accepts
//   diag-line   both reject, at different lines
//   print       both accept, and opt reads wopt's output back differently from the input
//   passes      both accept and print alike, but mem2reg/mergefunc results differ
// Each disagreement is minimised (line-wise delta debugging, keeping its kind) and saved. One kind
// is by design, counted but neither saved nor a disagreement:
//   limit       wopt refuses nesting deeper than its limit (assembly/ir/nesting.ts) that opt reads
// The mutants (mutate.js) include line-end changes (CR, CRLF, mixed, a CR in a comment or a
// string) and deeply nested globals around the nesting limit. The CLI runs of the leftover check
// name their input and output with spaces or a leading dash (after `--`, as opt takes such a name).
//
//   node tests/fuzz/fuzz.mjs [--seed N] [--count N] [--time S] [--llvm 22|19|both]
//                            [--save DIR] [--check] [--update-known] [--quiet] [--minimise-ms MS]
//                            [--oracle none] [--jobs N] [--leftover-every K] [--help]
// --oracle none (the long runs): no native opt; each mutant only through wopt (read, print, then
// mem2reg and mergefunc when it reads), looking for the defects alone — trap, hang, leftover —
// on --jobs worker threads (default: the machine's cores). A CLI run checks for leftover files
// every K-th mutant (default 10; 1000 with --oracle none).
// --bitcode: the seeds assembled by llvm-as-22 and llvm-as-19 (to bitcode), mutated byte-wise
// (mutate.js mutateBitcode), each mutant only through wopt under the version that wrote it
// (implies --oracle none): trap, hang and leftover are the defects; a clean error is fine.
// --check (CI): fail on any trap, hang or leftover, and on a disagreement that
// tests/fuzz/known.json does not list for this seed (the ratchet); --update-known rewrites it.
import { spawn } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mutate, mutateBitcode, seededRandom } from './mutate.js';
import { spawnSync } from 'node:child_process';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '../..');
const LIT = path.resolve(REPO, '../shared/llvm-lit');
const KNOWN = path.join(HERE, 'known.json');
const PASSES = 'function(mem2reg),mergefunc';
const HANG_MS = 20_000;
const DEFECTS = new Set(['trap', 'hang', 'leftover']);
const BY_DESIGN = new Set(['limit']);
const TOO_DEEP = /^nesting too deep \(limit \d+\)$/;

function args(argv) {
  const o = { seed: 1, count: 200, time: 0, llvm: 'both', save: path.join(HERE, 'found'), check: false, updateKnown: false, quiet: false, minimiseMs: 20_000, oracle: 'opt', jobs: 0, leftoverEvery: 0, bitcode: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i], v = () => argv[++i];
    if (a === '--seed') o.seed = Number(v());
    else if (a === '--count') o.count = Number(v());
    else if (a === '--time') o.time = Number(v());
    else if (a === '--llvm') o.llvm = v();
    else if (a === '--save') o.save = path.resolve(v());
    else if (a === '--check') o.check = true;
    else if (a === '--update-known') o.updateKnown = true;
    else if (a === '--quiet') o.quiet = true;
    else if (a === '--minimise-ms') o.minimiseMs = Number(v());
    else if (a === '--oracle') { o.oracle = v(); if (o.oracle !== 'none' && o.oracle !== 'opt') throw new Error('fuzz: --oracle none|opt'); }
    else if (a === '--jobs') o.jobs = Number(v());
    else if (a === '--leftover-every') o.leftoverEvery = Number(v());
    else if (a === '--bitcode') { o.bitcode = true; o.oracle = 'none'; }
    else if (a === '--help') { o.help = true; }
    else throw new Error(`fuzz: unknown argument ${a} (--help)`);
  }
  o.versions = o.llvm === 'both' ? [22, 19] : [Number(o.llvm)];
  o.jobs ||= o.oracle === 'none' ? os.availableParallelism() : 1;
  o.leftoverEvery ||= o.oracle === 'none' ? 1000 : 10;
  return o;
}

const optPath = v => `/usr/lib/llvm-${v}/bin/opt`;

function runOpt(v, extra, input) {
  return new Promise(resolve => {
    const p = spawn(optPath(v), ['-S', ...extra, '-', '-o', '-']);
    const out = [], err = [];
    p.stdout.on('data', d => out.push(d));
    p.stderr.on('data', d => err.push(d));
    p.stdin.on('error', () => {});
    p.stdin.end(input);
    const timer = setTimeout(() => p.kill('SIGKILL'), 60_000);
    p.on('close', status => { clearTimeout(timer); resolve({ status, out: Buffer.concat(out).toString(), err: Buffer.concat(err).toString() }); });
  });
}

// wopt in a worker thread, replaced after a hang or a crash.
class WoptRunner {
  #worker = null; #ready = null; #next = 0; #pending = new Map();
  #start() {
    this.#worker = new Worker(path.join(HERE, 'wopt-worker.mjs'), { workerData: { wasm: path.join(REPO, 'build/wopt.wasm') } });
    this.#ready = new Promise(resolve => {
      this.#worker.on('message', m => {
        if (m.ready) { resolve(); return; }
        this.#pending.get(m.id)?.(m); this.#pending.delete(m.id);
      });
    });
    this.#worker.on('error', e => { for (const f of this.#pending.values()) f({ crashed: String(e) }); this.#pending.clear(); this.#worker = null; });
  }
  async run(text, llvmVersion, passes = '') {
    if (!this.#worker) this.#start();
    await this.#ready;
    const id = this.#next++;
    return new Promise(resolve => {
      const timer = setTimeout(() => { this.#pending.delete(id); this.#worker?.terminate(); this.#worker = null; resolve({ hang: true }); }, HANG_MS);
      this.#pending.set(id, r => { clearTimeout(timer); resolve(r); });
      this.#worker.postMessage({ id, text, llvmVersion, passes });
    });
  }
  close() { return this.#worker?.terminate(); }
}

const firstErrorLine = err => Number(/^<stdin>:(\d+):\d+: error:/m.exec(err)?.[1] ?? 0);

// The kind of disagreement between wopt and opt-v on `text`, or null when they agree.
async function classify(wopt, v, text) {
  const [w, o] = await Promise.all([wopt.run(text, v), runOpt(v, [], text)]);
  if (w.hang) return 'hang';
  if (w.crashed || w.internal) return 'trap';
  const optOk = o.status === 0;
  if (!w.ok && optOk && w.stage === 'parse' && TOO_DEEP.test(w.message)) return 'limit';
  if (w.ok !== optOk) return w.ok ? 'lenient' : 'strict';
  if (!w.ok) {
    const ol = firstErrorLine(o.err);
    return w.stage === 'parse' && ol && w.line && ol !== w.line ? 'diag-line' : null;
  }
  if (w.output !== o.out) {
    const back = await runOpt(v, [], w.output);
    if (back.status !== 0 || back.out !== o.out) return 'print';
    return null;   // a different spelling of the same module
  }
  const [wp, op] = await Promise.all([wopt.run(text, v, PASSES), runOpt(v, [`-passes=${PASSES}`], text)]);
  if (wp.hang) return 'hang';
  if (wp.crashed || wp.internal) return 'trap';
  if (wp.ok !== (op.status === 0) || (wp.ok && wp.output !== op.out)) return 'passes';
  return null;
}

// --oracle none: only wopt's defects (null when wopt answered, with or without an error).
async function defectOf(wopt, v, text) {
  const w = await wopt.run(text, v);
  if (w.hang) return 'hang';
  if (w.crashed || w.internal) return 'trap';
  if (!w.ok) return null;
  const wp = await wopt.run(text, v, PASSES);
  if (wp.hang) return 'hang';
  if (wp.crashed || wp.internal) return 'trap';
  return null;
}

// The input and output names of the k-th CLI run: plain, with spaces, with a leading dash (the
// input after `--`, as opt takes it). Names that are not UTF-8 are left out: Node's spawn passes
// arguments as UTF-8, so the run would no longer read the module.
const CLI_NAMES = [['in.ll', 'out.ll'], ['in put.ll', 'out put.ll'], [' in .ll', ' out .ll'], ['-in.ll', '-out.ll']];

// A CLI run must leave only its output, and a failed one nothing (no temporary file either).
async function leavesFiles(text, k = 0) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-fuzz-'));
  const [input, output] = CLI_NAMES[k % CLI_NAMES.length];
  try {
    fs.writeFileSync(path.join(dir, input), text);   // text or bitcode: wopt goes by the magic
    const status = await new Promise(resolve => {
      const p = spawn(process.execPath, [path.join(REPO, 'bindings/cli.js'), '-S', '-o', output, '--', input], { cwd: dir, stdio: 'ignore' });
      p.on('close', resolve);
    });
    // a success leaves exactly the output, a failure nothing
    return fs.readdirSync(dir).filter(f => f !== input && !(status === 0 && f === output));
  } finally { fs.rmSync(dir, { recursive: true, force: true }); }
}

// Line-wise delta debugging: the smallest set of lines (within a budget) that keeps `kind`.
async function minimise(wopt, v, text, kind, budgetMs = 20_000) {
  const until = Date.now() + budgetMs;
  let lines = text.split('\n');
  for (let chunk = Math.max(1, lines.length >> 1); chunk >= 1 && Date.now() < until; chunk >>= 1) {
    for (let at = 0; at < lines.length && Date.now() < until;) {
      const candidate = [...lines.slice(0, at), ...lines.slice(at + chunk)];
      if (candidate.length && await classify(wopt, v, candidate.join('\n')) === kind) lines = candidate;
      else at += chunk;
    }
  }
  return lines.join('\n');
}

// The seed files in an order that does not depend on where the checkout is (the CI round's
// mutants must be the same everywhere): the corpus, then the fixtures, each sorted by its path there.
function seeds() {
  const under = root => {
    const files = [];
    const walk = d => { for (const e of fs.readdirSync(d, { withFileTypes: true })) { const p = path.join(d, e.name); if (e.isDirectory()) walk(p); else if (e.name.endsWith('.ll')) files.push(path.relative(root, p)); } };
    if (fs.existsSync(root)) walk(root);
    return files.sort().map(f => path.join(root, f));
  };
  return [...under(LIT), ...under(path.join(REPO, 'tests/fixtures'))];
}

async function llvmStress(n) {
  const out = [];
  for (let i = 1; i <= n; i++) {
    const p = spawn(`/usr/lib/llvm-22/bin/llvm-stress`, [`-seed=${i}`, `-size=${20 + 10 * i}`]);
    const chunks = [];
    p.stdout.on('data', d => chunks.push(d));
    const status = await new Promise(r => { p.on('close', r); p.on('error', () => r(-1)); });
    if (status === 0) out.push({ name: `llvm-stress-${i}`, text: Buffer.concat(chunks).toString() });
  }
  return out;
}

async function main() {
  const o = args(process.argv.slice(2));
  if (o.help) {
    // this file's opening comment
    const head = fs.readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').slice(1);
    console.log(head.slice(0, head.findIndex(l => !l.startsWith('//'))).map(l => l.replace(/^\/\/ ?/, '')).join('\n'));
    return;
  }
  const rng = seededRandom(o.seed);
  const runners = Array.from({ length: o.jobs }, () => new WoptRunner());
  const wopt = runners[0];
  // seed modules, each checked against the versions whose opt reads it (all versions without opt)
  const pool = [];
  if (o.bitcode) {
    // each seed as llvm-as-v wrote it, for each version asked for
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-fuzz-bc-'));
    try {
      for (const f of seeds()) {
        if (fs.statSync(f).size > 200_000) continue;
        for (const v of o.versions) {
          const bc = path.join(tmp, 'x.bc');
          if (spawnSync(`/usr/lib/llvm-${v}/bin/llvm-as`, [f, '-o', bc]).status !== 0) continue;
          pool.push({ name: `${path.relative(REPO, f)} (llvm-as-${v})`, bytes: new Uint8Array(fs.readFileSync(bc)), versions: [v] });
        }
      }
    } finally { fs.rmSync(tmp, { recursive: true, force: true }); }
  }
  for (const f of o.bitcode ? [] : seeds()) {
    const text = fs.readFileSync(f, 'utf8');
    if (text.length > 200_000) continue;
    const versions = [];
    for (const v of o.versions) if (o.oracle === 'none' || (await runOpt(v, [], text)).status === 0) versions.push(v);
    if (versions.length) pool.push({ name: path.relative(REPO, f), text, versions });
  }
  if (!o.bitcode) pool.push(...(await llvmStress(10)).map(s => ({ ...s, versions: o.versions })));
  const donor = o.bitcode ? [] : pool.flatMap(s => s.text.split('\n').filter(l => l.trim() && !l.startsWith(';')));
  const started = Date.now();
  const found = new Map();   // key -> { kind, v, seedName, ops, text }
  const counts = {};
  const record = (kind, v, s, m, key = `${kind}:${v}:${createHash('sha256').update(m.bytes ?? m.text).digest('hex').slice(0, 16)}`, extra = {}) => {
    counts[kind] = (counts[kind] ?? 0) + 1;
    found.set(key, { kind, v, seed: s.name, ops: m.ops, text: m.text, bytes: m.bytes, ...extra });
    if (!o.quiet) console.log(`${kind} (LLVM ${v}) from ${s.name} by ${m.ops.join('+')}`);
  };
  // One mutant: against opt (each version until one disagrees), or, without an oracle, through
  // wopt under one version (alternating); every K-th also through the CLI for leftover files.
  const tryMutant = async (runner, n, s, m) => {
    if (o.oracle === 'none') {
      const v = s.versions[n % s.versions.length];
      const kind = await defectOf(runner, v, m.text);
      if (kind) record(kind, v, s, m);
    } else {
      for (const v of s.versions) {
        const kind = await classify(runner, v, m.text);
        if (kind) { record(kind, v, s, m); break; }   // one version's disagreement is enough
      }
    }
    if (n % o.leftoverEvery === 0) {
      const left = await leavesFiles(m.text, n / o.leftoverEvery);
      if (left.length) record('leftover', 22, s, m, `leftover:22:${n}`, { files: left });
    }
  };
  let tried = 0;
  const more = () => tried < o.count && (!o.time || Date.now() - started < o.time * 1000);
  const progressEvery = o.oracle === 'none' ? 10_000 : 0;
  // the mutants are made in order on this thread (the same seed gives the same mutants whatever
  // --jobs is); each job takes the next one when its runner is free
  await Promise.all(runners.map(async runner => {
    while (more()) {
      const n = tried++;
      const s = pool[Math.floor(rng() * pool.length)];
      const m = o.bitcode ? mutateBitcode(rng, s.bytes) : mutate(rng, s.text, donor);
      if (o.bitcode) m.text = m.bytes;   // the runners and the CLI take the bytes as they are
      await tryMutant(runner, n, s, m);
      if (progressEvery && (n + 1) % progressEvery === 0) {
        const sec = (Date.now() - started) / 1000;
        console.error(`fuzz: ${n + 1} mutants in ${sec.toFixed(0)} s (${((n + 1) / sec).toFixed(0)}/s): ${JSON.stringify(counts)}`);
      }
    }
  }));
  // minimise and save the disagreements
  fs.mkdirSync(o.save, { recursive: true });
  for (const [key, f] of found) {
    if (BY_DESIGN.has(f.kind)) continue;
    if (f.bytes) { fs.writeFileSync(path.join(o.save, `${key.replace(/:/g, '-')}.bc`), f.bytes); continue; }
    const small = f.kind === 'leftover' || f.kind === 'hang' || !o.minimiseMs ? f.text : await minimise(wopt, f.v, f.text, f.kind, o.minimiseMs);
    fs.writeFileSync(path.join(o.save, `${key.replace(/:/g, '-')}.ll`), `; fuzz: ${f.kind} against opt-${f.v}; mutant of ${f.seed} by ${f.ops.join('+')}\n${small}\n`);
  }
  await Promise.all(runners.map(r => r.close()));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`fuzz: seed ${o.seed}, ${tried} mutants of ${pool.length} modules in ${seconds} s, LLVM ${o.versions.join(' and ')}: ` +
    (Object.keys(counts).length ? Object.entries(counts).map(([k, n]) => `${n} ${k}`).join(', ') : 'no disagreement') + ` (saved in ${path.relative(REPO, o.save)})`);

  const keys = [...found.keys()].filter(k => !DEFECTS.has(k.split(':')[0]) && !BY_DESIGN.has(k.split(':')[0])).sort();
  const known = fs.existsSync(KNOWN) ? JSON.parse(fs.readFileSync(KNOWN, 'utf8')) : {};
  const tag = `seed ${o.seed}, count ${o.count}, LLVM ${o.versions.join('+')}${o.bitcode ? ', bitcode' : ''}`;
  if (o.updateKnown) { known[tag] = keys; fs.writeFileSync(KNOWN, JSON.stringify(known, null, 1) + '\n'); }
  if (o.check) {
    const defects = [...found.keys()].filter(k => DEFECTS.has(k.split(':')[0]));
    const listed = new Set(known[tag] ?? []);
    const fresh = keys.filter(k => !listed.has(k));
    const gone = [...listed].filter(k => !keys.includes(k));
    if (gone.length) console.log(`fuzz: ${gone.length} known disagreement(s) no longer found (fixed?): run with --update-known`);
    if (defects.length || fresh.length) {
      console.log(`fuzz: FAILED: ${defects.length} trap/hang/leftover, ${fresh.length} new disagreement(s): ${[...defects, ...fresh].join(' ')}`);
      process.exitCode = 1;
    }
  }
}

main().catch(e => { console.error(e); process.exitCode = 2; });
