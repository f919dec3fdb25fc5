// The wopt command's failure paths (bindings/cli.js, fsutil.js, batch.js): each ends in a message
// (`file: error: ...` or `wopt: error: ...`), a non-zero exit status and no output file, never a
// stack trace, a half-written file or silence. Signals while the output is written, side files and
// standard output that fail, files and directories that cannot be read or written, names that are
// not valid UTF-8, and how many lanes -j runs.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLI, REAL_WASM, haveRealCore, NO_CORE, haveOpt, optFor, mockCorePath, run, runCli, tempDir } from '../helpers.js';
import { generateToFile } from '../../../bench/gen.js';
import { laneCount } from '../../../bindings/cli/batch.js';

const MOD = 'define void @f() {\n  ret void\n}\n';
const skipReal = !haveRealCore && NO_CORE;
let env;
before(async () => { env = { WOPT_WASM: await mockCorePath() }; });
const wopt = (args, opts = {}) => runCli(args, { ...opts, env: { ...env, ...opts.env } });
const real = (args, opts = {}) => runCli(args, { ...opts, env: { WOPT_WASM: REAL_WASM, ...opts.env } });
// A shell command line (for what a spawn cannot give: a closed descriptor, bytes that are not UTF-8).
const sh = (script, cwd, extraEnv = env) => run('sh', ['-c', script], { cwd, env: { ...extraEnv, NODE: process.execPath, CLI } });

// A user that permissions apply to: as root (who may read and write anything) the runs that need
// them go as nobody; the test's directory is opened up for that.
const ROOT = process.getuid?.() === 0;
function asUser(args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, env: { ...process.env, ...env }, ...(ROOT ? { uid: 65534, gid: 65534 } : {}) });
    const out = [], err = [];
    child.stdout.on('data', d => out.push(d));
    child.stderr.on('data', d => err.push(d));
    child.on('error', reject);
    child.on('close', code => resolve({ code, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() }));
    child.stdin.end();
  });
}
function openDir(t) {
  const dir = tempDir(t);
  fs.chmodSync(dir, 0o777);
  return dir;
}

// ---- signals while the output is written ----

// Runs `wopt -S -passes=mem2reg big.ll -o out.ll` and sends `signal` as soon as out.ll appears
// (inotify: at once), that is while the core prints into it. A run that finished before the signal
// reached it (exit 0, the output whole) is tried again.
async function interruptWhileWriting(dir, signal) {
  for (let attempt = 1; ; attempt++) {
    fs.rmSync(path.join(dir, 'out.ll'), { force: true });
    const r = await new Promise((resolve, reject) => {
      let sent = false;
      const child = spawn(process.execPath, [CLI, '-S', '-passes=mem2reg', 'big.ll', '-o', 'out.ll'],
        { cwd: dir, env: { ...process.env, WOPT_WASM: REAL_WASM }, stdio: ['ignore', 'pipe', 'pipe'] });
      const watcher = fs.watch(dir, (ev, name) => {
        if (name === 'out.ll' && !sent) { sent = true; child.kill(signal); }
      });
      const err = [];
      child.stderr.on('data', d => err.push(d));
      child.on('error', reject);
      child.on('close', (code, sig) => { watcher.close(); resolve({ code, signal: sig, sent, stderr: Buffer.concat(err).toString() }); });
    });
    if (r.code !== 0 || attempt === 5) return r;
  }
}

for (const [signal, status] of [['SIGINT', 130], ['SIGTERM', 143]]) {
  test(`${signal} while the output is written: no output file, exit status ${status}, as opt`, { skip: skipReal, timeout: 120_000 }, async t => {
    const dir = tempDir(t);
    generateToFile(path.join(dir, 'big.ll'), { size: 4_000_000, seed: 5 });
    const r = await interruptWhileWriting(dir, signal);
    assert.ok(r.sent, 'the signal was sent once out.ll appeared');
    assert.deepEqual([r.code, r.signal, r.stderr], [status, null, `wopt: interrupted (${signal})\n`]);
    assert.deepEqual(fs.readdirSync(dir), ['big.ll'], 'no output, partial or temporary');
  });
}

// ---- failures after the output was opened ----

test('a side file that cannot be written fails the run and removes the output (mock core)', async t => {
  const dir = tempDir(t);
  fs.writeFileSync(path.join(dir, 'in.ll'), MOD);
  fs.mkdirSync(path.join(dir, 'dom.mock.dot')); // where dot-dom's side file would go
  const r = await wopt(['-S', '-passes=dot-dom', 'in.ll', '-o', 'out.ll'], { cwd: dir });
  assert.deepEqual([r.code, r.stderr], [1, 'wopt: dom.mock.dot: error: Could not open output file: Is a directory\n']);
  assert.deepEqual(fs.readdirSync(dir).sort(), ['dom.mock.dot', 'in.ll']);
});

test('-mergefunc-report into a missing directory: exit 1 and no output file', { skip: skipReal }, async t => {
  const dir = tempDir(t);
  fs.writeFileSync(path.join(dir, 'small.ll'), MOD);
  const r = await real(['-S', '-passes=mergefunc', '-mergefunc-report=/nonexistent/r.json', 'small.ll', '-o', 'mo.ll'], { cwd: dir });
  assert.deepEqual([r.code, r.stderr], [1, 'wopt: /nonexistent/r.json: error: Could not open output file: No such file or directory\n']);
  assert.deepEqual(fs.readdirSync(dir), ['small.ll']);
});

test('a run that fails removes its -pass-remarks-output file too, as opt; a run that succeeds keeps it', async t => {
  const dir = tempDir(t);
  const r = await wopt(['-S', '-pass-remarks-output=r.yaml', '-o', 'out.ll'], { cwd: dir, input: 'x !!\n' });
  assert.equal(r.code, 1);
  assert.deepEqual(fs.readdirSync(dir), []);
  const ok = await wopt(['-S', '-pass-remarks-output=r.yaml', '-o', 'out.ll'], { cwd: dir, input: MOD });
  assert.equal(ok.code, 0, ok.stderr);
  assert.deepEqual(fs.readdirSync(dir).sort(), ['out.ll', 'r.yaml']);
});

test('a write that fails after the open says so (writing), and leaves nothing', async t => {
  const r = await wopt(['-S', '-o', '/dev/full'], { input: MOD });
  assert.deepEqual([r.code, r.stderr], [1, 'wopt: /dev/full: error: Could not write output file: No space left on device\n']);
});

// ---- standard output ----

test('standard output on a full disk: a message and exit 1, not a stack trace', async () => {
  const full = fs.openSync('/dev/full', 'w');
  try {
    const r = await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [CLI, '-S'], { env: { ...process.env, ...env }, stdio: ['pipe', full, 'pipe'] });
      const err = [];
      child.stderr.on('data', d => err.push(d));
      child.on('error', reject);
      child.on('close', code => resolve({ code, stderr: Buffer.concat(err).toString() }));
      child.stdin.end(MOD);
    });
    assert.deepEqual([r.code, r.stderr], [1, 'wopt: error: writing standard output failed: No space left on device\n']);
  } finally { fs.closeSync(full); }
});

test('standard output closed: an error and exit 1 (opt fails too); -disable-output and > /dev/null still work', { skip: process.platform !== 'linux' && 'reads /proc' }, async t => {
  const dir = tempDir(t);
  fs.writeFileSync(path.join(dir, 'in.ll'), MOD);
  const closed = await sh('exec "$NODE" "$CLI" -S in.ll >&-', dir, { ...process.env, ...env });
  assert.deepEqual([closed.code, closed.stderr],
    [1, 'wopt: error: standard output is closed; to discard the output, use -disable-output or -o /dev/null\n']);
  const discarded = await sh('exec "$NODE" "$CLI" -S -disable-output in.ll >&-', dir, { ...process.env, ...env });
  assert.deepEqual([discarded.code, discarded.stderr], [0, '']);
  const devNull = await sh('exec "$NODE" "$CLI" -S in.ll > /dev/null', dir, { ...process.env, ...env });
  assert.deepEqual([devNull.code, devNull.stderr], [0, '']);
});

// ---- file names that are not valid UTF-8 ----

test('file names that are not valid UTF-8, named on the command line, are read and written', { skip: process.platform !== 'linux' && 'reads /proc' }, async t => {
  const dir = tempDir(t);
  fs.writeFileSync(Buffer.from(`${dir}/x\xff.ll`, 'latin1'), MOD);
  const r = await sh('exec "$NODE" "$CLI" -S "$(printf "x\\377.ll")" -o "$(printf "o\\376.ll")"', dir, { ...process.env, ...env });
  assert.deepEqual([r.code, r.stderr], [0, '']);
  assert.ok(fs.readFileSync(Buffer.from(`${dir}/o\xfe.ll`, 'latin1'), 'utf8').endsWith(MOD));
  assert.equal(fs.readdirSync(dir).length, 2);
  // the module is named by the file's bytes, as opt names it (the real core; the mock's ModuleID is text)
  if (!haveRealCore || !haveOpt(22)) return t.diagnostic('the real core or opt-22 missing: the ModuleID not compared');
  const w = await sh('exec "$NODE" "$CLI" -S "$(printf "x\\377.ll")" -o w.ll', dir, { ...process.env, WOPT_WASM: REAL_WASM });
  const o = await sh(`exec ${optFor(22)} -S "$(printf "x\\377.ll")" -o o.ll`, dir, process.env);
  assert.deepEqual([w.code, o.code], [0, 0]);
  assert.deepEqual(fs.readFileSync(path.join(dir, 'w.ll')), fs.readFileSync(path.join(dir, 'o.ll')));
});

// ---- permissions: as opt, a file that cannot be written is not replaced ----

test('batch mode and --repo runs refuse a read-only output file, as opt ("Permission denied")', async t => {
  const dir = openDir(t);
  fs.writeFileSync(path.join(dir, 'a.ll'), MOD);
  fs.mkdirSync(path.join(dir, 'out'), { mode: 0o777 });
  fs.chmodSync(path.join(dir, 'out'), 0o777);
  for (const f of ['out/a.ll', 'ro.ll']) { fs.writeFileSync(path.join(dir, f), 'old\n'); fs.chmodSync(path.join(dir, f), 0o444); }
  const b = await asUser(['-S', '-output-dir=out', '-j', '1', '-q', 'a.ll'], dir);
  assert.equal(b.code, 1);
  assert.match(b.stderr, /^wopt: out\/a\.ll: error: Could not open output file: Permission denied\n/);
  const r = await asUser(['-S', '--repo=:memory:', 'a.ll', '-o', 'ro.ll'], dir);
  assert.deepEqual([r.code, r.stderr], [1, 'wopt: ro.ll: error: Could not open output file: Permission denied\n']);
  for (const f of ['out/a.ll', 'ro.ll']) assert.equal(fs.readFileSync(path.join(dir, f), 'utf8'), 'old\n', f);
  assert.deepEqual(fs.readdirSync(path.join(dir, 'out')), ['a.ll'], 'no temporary file left');
});

// ---- batch mode: what a walked directory holds that cannot be run ----

test('batch: a directory that cannot be read is reported and the rest runs; exit 1', async t => {
  const dir = openDir(t);
  for (const d of ['in', 'in/a', 'in/b']) { fs.mkdirSync(path.join(dir, d)); fs.chmodSync(path.join(dir, d), 0o777); }
  fs.writeFileSync(path.join(dir, 'in/a/x.ll'), MOD);
  fs.writeFileSync(path.join(dir, 'in/b/y.ll'), MOD);
  fs.chmodSync(path.join(dir, 'in/a'), 0o000);
  let r;
  try { r = await asUser(['-S', '-output-dir=out', '-j', '1', '--report=r.json', 'in'], dir); } finally { fs.chmodSync(path.join(dir, 'in/a'), 0o755); }
  assert.equal(r.code, 1);
  assert.match(r.stderr, /^wopt: in\/a: error: cannot read the directory: Permission denied\n/);
  assert.match(r.stderr, /wopt: 1 module: 1 ok, 0 failed;/);
  assert.match(r.stderr, /wopt: 1 path under the inputs could not be read \(above\)\n$/);
  assert.equal(fs.readFileSync(path.join(dir, 'out/in/b/y.ll'), 'utf8'), `; ModuleID = 'in/b/y.ll'\n${MOD}`);
  const report = JSON.parse(fs.readFileSync(path.join(dir, 'r.json'), 'utf8'));
  assert.deepEqual(report.unreadable, [{ path: 'in/a', error: 'cannot read the directory: Permission denied' }]);
});

// A `.ll` symlink whose target is missing (or a loop) names a module file all the same: it fails as
// that file named on the command line fails (opt: "Could not open input file"), with its diagnostic,
// counted as a failed input. Skipping it, as before, lost an input without a word.
test('batch: dangling and looping .ll symlinks in a directory are failed inputs, each reported', async t => {
  const dir = tempDir(t);
  fs.mkdirSync(path.join(dir, 'in'));
  fs.writeFileSync(path.join(dir, 'in/ok.ll'), MOD);
  fs.symlinkSync('nowhere.ll', path.join(dir, 'in/dangling.ll'));
  fs.symlinkSync('loop.ll', path.join(dir, 'in/loop.ll'));
  fs.symlinkSync('.', path.join(dir, 'in/dir.ll')); // a symlinked directory: not followed, not an input
  const r = await wopt(['-S', '-output-dir=out', '-j', '1', 'in'], { cwd: dir });
  assert.equal(r.code, 1);
  assert.match(r.stderr, /^wopt: in\/dangling\.ll: error: Could not open input file: No such file or directory\n/);
  assert.match(r.stderr, /\nwopt: in\/loop\.ll: error: Could not open input file: Too many levels of symbolic links\n/);
  assert.match(r.stderr, /wopt: 3 modules: 1 ok, 2 failed;/);
  assert.match(r.stderr, /wopt: 2 of 3 inputs failed\n$/);
  assert.deepEqual(fs.readdirSync(path.join(dir, 'out/in')), ['ok.ll']);
});

test('batch: a file name that is not valid UTF-8 is reported, not run as another name', { skip: process.platform !== 'linux' && 'raw names' }, async t => {
  const dir = tempDir(t);
  fs.mkdirSync(path.join(dir, 'in'));
  fs.writeFileSync(path.join(dir, 'in/ok.ll'), MOD);
  fs.writeFileSync(Buffer.from(`${dir}/in/b\xff.ll`, 'latin1'), MOD);
  const r = await wopt(['-S', '-output-dir=out', '-j', '1', '-q', 'in'], { cwd: dir });
  assert.equal(r.code, 1);
  assert.equal(r.stderr, "wopt: in/b\uFFFD.ll: error: the file's name is not valid UTF-8; not run (batch mode takes UTF-8 names)\n" +
    'wopt: 1 path under the inputs could not be read (above)\n');
  assert.deepEqual(fs.readdirSync(path.join(dir, 'out/in')), ['ok.ll']);
});

// ---- -j ----

test('-j is bounded by the inputs, the cores and free memory; a capped -j gets a note', async t => {
  // one input: one lane, however many were asked for (no worker is started beyond the cores)
  const dir = tempDir(t);
  fs.writeFileSync(path.join(dir, 'a.ll'), MOD);
  const one = await wopt(['-S', '-output-dir=out', '-j', '100000', 'a.ll'], { cwd: dir });
  assert.equal(one.code, 0, one.stderr);
  assert.match(one.stderr, /^wopt: 1 module: 1 ok, 0 failed; .*, 1 job\n$/);
  // more inputs than cores: the cores, with a note
  const cores = os.availableParallelism();
  const names = Array.from({ length: cores + 1 }, (_, k) => `m${k}.ll`);
  for (const n of names) fs.writeFileSync(path.join(dir, n), MOD);
  const many = await wopt(['-S', '-output-dir=out2', '-j', String(10 * (cores + 1)), ...names], { cwd: dir });
  assert.equal(many.code, 0, many.stderr);
  assert.match(many.stderr, new RegExp(`^wopt: note: -j ${10 * (cores + 1)}: running ${cores} at once \\(the machine's cores; more lanes would only take memory\\)\\n`));
  assert.match(many.stderr, new RegExp(`, ${cores} jobs?\\n$`));
  // the rule itself
  const GB = 2 ** 30;
  assert.deepEqual(laneCount({ jobs: 100000, inputs: 1, cores: 8, memory: 16 * GB }), { n: 1, note: null });
  assert.equal(laneCount({ jobs: 100000, inputs: 50, cores: 8, memory: 16 * GB }).n, 8);
  assert.equal(laneCount({ jobs: 3, inputs: 50, cores: 8, memory: 16 * GB }).note, null);
  const mem = laneCount({ jobs: 8, inputs: 50, largest: 500 * 2 ** 20, cores: 8, memory: 4 * GB });
  assert.equal(mem.n, 1);
  assert.match(mem.note, /^-j 8: running 1 at once \(free memory, 4096 MB, holds 1 lanes of ~2064 MB\)$/);
  assert.equal(laneCount({ jobs: undefined, inputs: 50, totalBytes: 1e6, cores: 8, memory: 16 * GB }).n, 1, 'without -j: a lane per 2 MB');
});

// ---- the program repository ----

test('a repository whose table was dropped: one line, no stack trace', { skip: skipReal }, async t => {
  const dir = tempDir(t);
  fs.writeFileSync(path.join(dir, 'a.ll'), MOD);
  const args = ['-S', '-passes=repo-metadata,repo-prune', '--repo=r.db', 'a.ll', '-o', 'o.ll'];
  assert.equal((await real(args, { cwd: dir })).code, 0);
  const { loadSqliteDriver } = await import('../../../bindings/repo/sqlite-driver.js');
  const db = (await loadSqliteDriver()).open(path.join(dir, 'r.db'));
  db.exec('DROP TABLE definitions');
  db.close();
  fs.rmSync(path.join(dir, 'o.ll'));
  const r = await real(args, { cwd: dir });
  assert.deepEqual([r.code, r.stderr],
    [1, 'wopt: r.db: error: the repository is damaged (no such table: definitions); remove it to start a new repository\n']);
  assert.ok(!fs.existsSync(path.join(dir, 'o.ll')));
});

test('a repository lookup that fails: its message once, not wrapped in a second "error:"', { skip: skipReal }, async t => {
  const dir = tempDir(t);
  fs.writeFileSync(path.join(dir, 'a.ll'), MOD);
  const args = ['-S', '-passes=repo-metadata,repo-prune', '--repo=c.db', 'a.ll', '-o', 'o.ll'];
  assert.equal((await real(args, { cwd: dir })).code, 0);
  // pages past the schema's (page 1) garbled: the open reads the header and the schema only, the
  // lookup reads the table's index
  const file = path.join(dir, 'c.db');
  const size = fs.statSync(file).size;
  const page = fs.readFileSync(file).readUInt16BE(16);
  const fd = fs.openSync(file, 'r+');
  fs.writeSync(fd, Buffer.alloc(size - page, 0xff), 0, size - page, page);
  fs.closeSync(fd);
  fs.rmSync(path.join(dir, 'o.ll'));
  const r = await real(args, { cwd: dir });
  assert.deepEqual([r.code, r.stderr], [1, 'wopt: c.db: error: lookup failed: the repository file is corrupt\n']);
  assert.ok(!fs.existsSync(path.join(dir, 'o.ll')));
});
