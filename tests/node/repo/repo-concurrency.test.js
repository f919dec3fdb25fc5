// Issue 18, defect 3: wopt --repo processes started at once on a new repository, some killed with
// SIGKILL at random points. Creating the repository, storing and the output's temporary file must
// hold up: afterwards the database passes integrity_check, every run that exited 0 finds all its
// definitions stored, a later run succeeds, and no temporary output file is left behind. (Before
// the fix about one run in 40 failed with "not a wopt repository" or "locked".)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { CLI, haveRealCore, NO_CORE, tempDir } from '../helpers.js';
import { generate } from '../../../bench/gen.js';
import { loadSqliteDriver } from '../../../bindings/repo/sqlite-driver.js';
import { openRepository } from '../../../bindings/repo/store.js';
import { loadWopt } from '../../../bindings/node.js';

const WRITERS = 8;
const MODULES = 4;          // writer i stores module i % MODULES: two writers share each module's digests
// Rounds are repeated until BUDGET_MS has passed (the whole test stays under a minute);
// WOPT_REPO_ROUNDS=N runs exactly N rounds instead (the long run: 1,000).
const FIXED_ROUNDS = Number(process.env.WOPT_REPO_ROUNDS ?? 0);
const BUDGET_MS = FIXED_ROUNDS ? 0 : 35_000;
const MIN_ROUNDS = FIXED_ROUNDS || 4;
const READERS = 2;          // `wopt repo stats` processes reading the repository while it is written
const KILLS = 3;            // writers killed per round: one while it writes its output, the rest
const KILL_WITHIN_MS = 1500; // after a random delay up to this
const PASSES = '-passes=repo-metadata,repo-prune,mem2reg,mergefunc';

// The repository keys of a printed module's tickets (the core lists them: a key covers the
// ticket's digest and name).
function ticketKeys(core, text) {
  assert.ok(core.parse(text).ok);
  return core.repoTickets().map(t => t.key);
}

// One CLI run; resolves { code, signal, stderr, killed }. kill: a delay in ms, then SIGKILL; or
// 'temp': SIGKILL as soon as its temporary output file appears (printed, not yet stored).
function wopt(dir, db, input, output, kill) {
  return new Promise(resolve => {
    const child = spawn(process.execPath, [CLI, '-S', `--repo=${db}`, PASSES, input, '-o', output], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '', killed = false;
    child.stderr.on('data', d => { stderr += d; });
    const temp = `.${output}.${child.pid}.`;
    const timer = kill == null ? null
      : kill === 'temp' ? setInterval(() => { if (fs.readdirSync(dir).some(f => f.startsWith(temp))) killed = child.kill('SIGKILL'); }, 1)
        : setTimeout(() => { killed = child.kill('SIGKILL'); }, kill);
    child.on('exit', (code, signal) => { clearInterval(timer); resolve({ code, signal, stderr, killed: killed && signal === 'SIGKILL' }); });
  });
}

// A reader: `wopt repo stats --json` at a random moment of the round. It sees no repository yet,
// or a whole one (never "not a wopt repository", "locked" or a corrupt file); resolves the
// definition count or null.
function reader(dir, db) {
  return new Promise(resolve => {
    setTimeout(() => {
      const child = spawn(process.execPath, [CLI, 'repo', 'stats', `--repo=${db}`, '--json'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '', stderr = '';
      child.stdout.on('data', d => { stdout += d; });
      child.stderr.on('data', d => { stderr += d; });
      child.on('exit', code => resolve({ code, stdout, stderr }));
    }, Math.random() * KILL_WITHIN_MS);
  });
}

test('wopt --repo: 8 processes at once on a new repository, some killed with SIGKILL', {
  skip: !haveRealCore && NO_CORE, timeout: FIXED_ROUNDS ? Infinity : 120_000,
}, async t => {
  const dir = tempDir(t);
  const sqlite = await loadSqliteDriver();
  const core = await loadWopt();
  for (let m = 0; m < MODULES; m++) fs.writeFileSync(path.join(dir, `m${m}.ll`), generate({ size: 20_000, seed: m + 1 }));

  // Every definition a successful run printed a ticket for is in the repository.
  const checkStored = async (db, outputs, where) => {
    const repo = await openRepository(db, { create: false });
    try {
      for (const out of outputs) {
        const keys = ticketKeys(core, fs.readFileSync(path.join(dir, out), 'utf8'));
        assert.ok(keys.length > 10, `${where}: ${out} has its tickets`);
        const found = await repo.lookup(keys, { text: false });
        assert.equal(found.size, new Set(keys).size, `${where}: ${out}: ${found.size} of ${new Set(keys).size} definitions stored`);
      }
    } finally { await repo.close(); }
  };
  const checkIntegrity = (db, where) => {
    const d = sqlite.open(db, {});
    try { assert.equal(d.pragma('integrity_check'), 'ok', where); } finally { d.close(); }
  };

  const stats = { rounds: 0, runs: 0, killed: 0, staleTemps: 0, reads: 0, readsSeeingEntries: 0 };
  const started = performance.now();
  for (let round = 0; round < MIN_ROUNDS || performance.now() - started < BUDGET_MS; round++) {
    const db = path.join(dir, `r${round}.db`);   // a new repository each round: all writers create it
    const doomed = new Set();
    while (doomed.size < KILLS) doomed.add(Math.floor(Math.random() * WRITERS));
    const kill = i => (!doomed.has(i) ? null : i === [...doomed][0] ? 'temp' : Math.random() * KILL_WITHIN_MS);
    const reads = Array.from({ length: READERS }, () => reader(dir, db));
    const runs = await Promise.all(Array.from({ length: WRITERS }, (_, i) => wopt(dir, db, `m${i % MODULES}.ll`, `out${i}.ll`, kill(i))));
    const where = `round ${round}`;
    for (const r of await Promise.all(reads)) {
      stats.reads++;
      if (r.code === 0) {
        const n = JSON.parse(r.stdout).definitions;
        assert.ok(Number.isInteger(n) && n >= 0, `${where}: a reader's count: ${r.stdout}`);
        if (n > 0) stats.readsSeeingEntries++;
      } else assert.match(r.stderr, /error: no such repository/, `${where}: a reader failed: ${r.stderr}`);
    }
    runs.forEach((r, i) => {
      if (!r.killed) assert.equal(r.code, 0, `${where}: writer ${i} failed: ${r.stderr}`);
    });
    stats.rounds++; stats.runs += WRITERS; stats.killed += runs.filter(r => r.killed).length;
    if (FIXED_ROUNDS && stats.rounds % 50 === 0) console.error(`repo-concurrency: ${JSON.stringify(stats)} after ${((performance.now() - started) / 1000).toFixed(0)} s`);
    stats.staleTemps += fs.readdirSync(dir).filter(f => f.endsWith('.tmp')).length;
    if (runs.every(r => r.killed)) continue;  // the repository may not even exist
    checkIntegrity(db, where);
    await checkStored(db, runs.flatMap((r, i) => (r.code === 0 ? [`out${i}.ll`] : [])), where);
    // a later run on the same repository succeeds and finds what it stores
    const later = await wopt(dir, db, 'm0.ll', 'later.ll');
    assert.equal(later.code, 0, `${where}: the later run failed: ${later.stderr}`);
    await checkStored(db, ['later.ll'], `${where}, later run`);
  }

  // A last round without kills writes every output again: the temporary files the killed writers
  // left are gone with it.
  const db = path.join(dir, 'last.db');
  const last = await Promise.all(Array.from({ length: WRITERS }, (_, i) => wopt(dir, db, `m${i % MODULES}.ll`, `out${i}.ll`)));
  last.forEach((r, i) => assert.equal(r.code, 0, `last round: writer ${i} failed: ${r.stderr}`));
  checkIntegrity(db, 'last round');
  await checkStored(db, last.map((_, i) => `out${i}.ll`), 'last round');
  assert.deepEqual(fs.readdirSync(dir).filter(f => f.endsWith('.tmp')), [], 'no temporary output file is left');
  assert.ok(stats.staleTemps > 0, 'no kill landed while a temporary output file existed');
  t.diagnostic(`${sqlite.name}: ${JSON.stringify(stats)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
});
