#!/usr/bin/env node
// Round-trip check of wopt's parser and printer against LLVM N's opt (N = --llvm, default 22).
//
// For every input .ll file f:
//   ref  = opt-N -S f                          (if opt-N rejects f: skipped)
//   node bindings/cli.js --llvm-version=N -S f -o ours.ll
//                                              (our parse + print, no passes)
//   back = opt-N -S ours.ll                    (must be accepted)
//   pass iff ref == back, ignoring the "; ModuleID = " and
//   "source_filename = " lines.
//
// Usage: node tests/roundtrip.mjs [options] [paths...]
//   paths         .ll files or directories (searched recursively for .ll).
//                 Default: tests/fixtures/ll, tests/fixtures/*.ll and
//                 ../shared/llvm-lit (if present).
//   -v, --verbose print a unified diff (first --lines lines) of each failure
//   -j, --jobs N  files processed in parallel (default 2)
//   --lines N     diff lines shown per failure with --verbose (default 30)
//   --keep        keep our outputs (ours.ll, and the two opt outputs for
//                 failures) in a temporary directory and print its path
//   --llvm N      LLVM version (19 or 22, default 22): opt-N from /usr/lib/llvm-N/bin
//                 and --llvm-version=N for wopt
//   --strict      also require our raw output to equal `opt-N -S f`
//                 byte for byte (after the same normalisation); reported as
//                 failures with the diff of ours.ll against opt's output
//   --cli CMD     command used instead of "node bindings/cli.js"
//                 (split on spaces; "--llvm-version=N -S f -o out" is
//                 appended, without --llvm-version=N when CMD's program is
//                 an opt); the environment variable WOPT_CLI does the same
//   --opt PATH    opt binary (default: LLVM N's opt, or $OPT)
//   -h, --help
// Exit status: 0 if nothing failed, 1 otherwise, 2 on usage errors.
//
// The module also exports the pieces used by tests/node/text/roundtrip.test.js.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, statSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LLVM_VERSIONS, optFor, versionFlag } from './node/helpers.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The LLVM version compared with when none is given (wopt's default too).
export const DEFAULT_LLVM = 22;
export { LLVM_VERSIONS };
// LLVM DEFAULT_LLVM's opt. roundtripFile takes opts.llvm and opts.opt; main() also honours $OPT.
export const DEFAULT_OPT = optFor(DEFAULT_LLVM);
export const CLI_PATH = path.join(REPO_ROOT, 'bindings', 'cli.js');
// $WOPT_CLI replaces "node bindings/cli.js" (e.g. WOPT_CLI=/usr/lib/llvm-19/bin/opt
// checks the harness itself); split on spaces, "--llvm-version=N -S f -o out" is appended
// (no --llvm-version=N when the program is an opt: see cliArgs).
export const CLI_OVERRIDE = process.env.WOPT_CLI ? process.env.WOPT_CLI.split(/\s+/).filter(Boolean) : null;
export const DEFAULT_CLI = CLI_OVERRIDE || [process.execPath, CLI_PATH];
export const LLVM_LIT_DIR = path.resolve(REPO_ROOT, '..', 'shared', 'llvm-lit');
export const FIXTURES_DIR = path.join(REPO_ROOT, 'tests', 'fixtures');

const TIMEOUT_MS = 120_000;
const MAX_BUFFER = 256 * 1024 * 1024;

// ---------------------------------------------------------------------------
// File collection

function walkLl(dir, out) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walkLl(p, out);
    else if (e.isFile() && e.name.endsWith('.ll')) out.push(p);
  }
  return out;
}

/** Our own fixtures: tests/fixtures/*.ll and everything under tests/fixtures/ll. */
export function ownFixtureFiles() {
  const out = [];
  try {
    for (const name of readdirSync(FIXTURES_DIR).sort()) {
      const p = path.join(FIXTURES_DIR, name);
      if (name.endsWith('.ll') && statSync(p).isFile()) out.push(p);
    }
  } catch {
    /* no fixtures directory */
  }
  walkLl(path.join(FIXTURES_DIR, 'll'), out);
  return out;
}

/** LLVM's regression tests in ../shared/llvm-lit (empty if absent). */
export function llvmLitFiles() {
  return existsSync(LLVM_LIT_DIR) ? walkLl(LLVM_LIT_DIR, []) : [];
}

/** Expand user-given paths (files or directories) into a list of .ll files. */
export function expandPaths(paths) {
  const out = [];
  for (const p of paths) {
    const abs = path.resolve(p);
    let st;
    try {
      st = statSync(abs);
    } catch {
      throw new Error(`no such file or directory: ${p}`);
    }
    if (st.isDirectory()) walkLl(abs, out);
    else out.push(abs);
  }
  return out;
}

// ---------------------------------------------------------------------------
// Processes

/** Run a command; resolves to { code, signal, stdout, stderr, timedOut }. */
export function run(cmd, args, { timeout = TIMEOUT_MS, cwd = REPO_ROOT } = {}) {
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (err) {
      resolve({ code: -1, signal: null, stdout: '', stderr: String(err), timedOut: false });
      return;
    }
    const out = [];
    const err = [];
    let outLen = 0;
    let timedOut = false;
    child.stdout.on('data', (d) => {
      outLen += d.length;
      if (outLen <= MAX_BUFFER) out.push(d);
    });
    child.stderr.on('data', (d) => err.push(d));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeout);
    child.on('error', (e) => err.push(Buffer.from(String(e))));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({
        code,
        signal,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        timedOut,
      });
    });
  });
}

/** Run items through fn with at most `jobs` in flight; results keep input order. */
export async function runPool(items, jobs, fn) {
  const results = new Array(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, items.length)) }, worker));
  return results;
}

// ---------------------------------------------------------------------------
// Normalisation and diff

const IGNORED = [/^; ModuleID = /, /^source_filename = /];

/**
 * Split into lines, dropping the ignored ones.  Returns { lines, lineNos }
 * where lineNos[i] is the 1-based line number of lines[i] in the original
 * text, so diff hunks point at real lines.
 */
export function normalize(text) {
  const all = text.split('\n');
  if (all.length && all[all.length - 1] === '') all.pop();
  const lines = [];
  const lineNos = [];
  for (let i = 0; i < all.length; i++) {
    if (IGNORED.some((re) => re.test(all[i]))) continue;
    lines.push(all[i]);
    lineNos.push(i + 1);
  }
  return { lines, lineNos };
}

/**
 * Myers' O(ND) diff of two line arrays.  Returns an edit script as a list of
 * ['=', i, j] / ['-', i] / ['+', j] operations, or null if the edit distance
 * exceeds maxD (the caller then falls back to a windowed diff).
 */
function myers(a, b, maxD) {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const offset = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace = [];
  for (let d = 0; d <= max; d++) {
    if (d > maxD) return null;
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x;
      if (k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1])) x = v[offset + k + 1];
      else x = v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, d, n, m);
    }
  }
  return null;

  function backtrack(trace, dEnd, x, y) {
    const ops = [];
    for (let d = dEnd; d > 0; d--) {
      const vd = trace[d]; // snapshot of v before round d, indices k in [-d-1, d+1]
      const at = (k) => vd[k + d + 1];
      const k = x - y;
      let prevK;
      if (k === -d || (k !== d && at(k - 1) < at(k + 1))) prevK = k + 1;
      else prevK = k - 1;
      const prevX = at(prevK);
      const prevY = prevX - prevK;
      while (x > prevX && y > prevY) {
        x--;
        y--;
        ops.push(['=', x, y]);
      }
      if (x === prevX) {
        y--;
        ops.push(['+', y]);
      } else {
        x--;
        ops.push(['-', x]);
      }
    }
    while (x > 0 && y > 0) {
      x--;
      y--;
      ops.push(['=', x, y]);
    }
    return ops.reverse();
  }
}

/** Edit script for a vs b: common prefix/suffix trimmed, Myers in between. */
function editScript(a, b, maxD = 2000) {
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (
    suf < a.length - pre &&
    suf < b.length - pre &&
    a[a.length - 1 - suf] === b[b.length - 1 - suf]
  )
    suf++;
  const midA = a.slice(pre, a.length - suf);
  const midB = b.slice(pre, b.length - suf);
  let mid = myers(midA, midB, maxD);
  let truncated = false;
  if (!mid) {
    // Too different for a full diff: diff a window after the first
    // divergence, which is what matters when hunting the first bug.
    truncated = true;
    const W = 400;
    mid = myers(midA.slice(0, W), midB.slice(0, W), 2 * W) || [];
  }
  const ops = [];
  for (let i = 0; i < pre; i++) ops.push(['=', i, i]);
  for (const op of mid) {
    if (op[0] === '=') ops.push(['=', op[1] + pre, op[2] + pre]);
    else ops.push([op[0], op[1] + pre]);
  }
  if (!truncated)
    for (let i = 0; i < suf; i++) ops.push(['=', a.length - suf + i, b.length - suf + i]);
  return { ops, truncated };
}

/**
 * Unified diff of two normalised texts (see normalize()).  Hunk headers use
 * the original line numbers.  Returns { text, changed, hunks, truncated },
 * where text holds at most maxLines lines after the two header lines.
 */
export function unifiedDiff(na, nb, { labelA = 'a', labelB = 'b', context = 3, maxLines = 30 } = {}) {
  const { ops, truncated } = editScript(na.lines, nb.lines);
  // Group changes into hunks with `context` lines around them.
  const changeIdx = [];
  ops.forEach((op, i) => op[0] !== '=' && changeIdx.push(i));
  const hunks = [];
  for (const i of changeIdx) {
    const lo = Math.max(0, i - context);
    const hi = Math.min(ops.length - 1, i + context);
    const last = hunks[hunks.length - 1];
    if (last && lo <= last.hi + 1) last.hi = Math.max(last.hi, hi);
    else hunks.push({ lo, hi });
  }
  let removed = 0;
  let added = 0;
  for (const i of changeIdx) ops[i][0] === '-' ? removed++ : added++;
  const out = [`--- ${labelA}`, `+++ ${labelB}`];
  let shown = 0;
  let cut = false;
  const lineNoA = (i) => (i < na.lineNos.length ? na.lineNos[i] : (na.lineNos.at(-1) || 0) + 1 + i - na.lineNos.length);
  const lineNoB = (j) => (j < nb.lineNos.length ? nb.lineNos[j] : (nb.lineNos.at(-1) || 0) + 1 + j - nb.lineNos.length);
  // nextA[i] / nextB[i]: index in a / b of the first line at or after op i.
  const nextA = new Int32Array(ops.length + 1);
  const nextB = new Int32Array(ops.length + 1);
  for (let i = 0; i < ops.length; i++) {
    const [kind, x, y] = ops[i];
    nextA[i + 1] = kind === '=' || kind === '-' ? x + 1 : nextA[i];
    nextB[i + 1] = kind === '=' ? y + 1 : kind === '+' ? x + 1 : nextB[i];
  }
  outer: for (const h of hunks) {
    let aCount = 0;
    let bCount = 0;
    const body = [];
    for (let i = h.lo; i <= h.hi; i++) {
      const op = ops[i];
      if (op[0] === '=') {
        aCount++;
        bCount++;
        body.push(' ' + na.lines[op[1]]);
      } else if (op[0] === '-') {
        aCount++;
        body.push('-' + na.lines[op[1]]);
      } else {
        bCount++;
        body.push('+' + nb.lines[op[1]]);
      }
    }
    const aStart = nextA[h.lo];
    const bStart = nextB[h.lo];
    const aHdr = aCount ? `${lineNoA(aStart)},${aCount}` : `${lineNoA(aStart) - 1},0`;
    const bHdr = bCount ? `${lineNoB(bStart)},${bCount}` : `${lineNoB(bStart) - 1},0`;
    for (const line of [`@@ -${aHdr} +${bHdr} @@`, ...body]) {
      if (shown >= maxLines) {
        cut = true;
        break outer;
      }
      out.push(line);
      shown++;
    }
  }
  if (cut || truncated) {
    const more = truncated
      ? 'outputs differ too much for a full diff; showing the start only'
      : `diff cut at ${maxLines} lines`;
    out.push(`... (${more}; ${hunks.length} hunk(s), -${removed} +${added} lines${truncated ? ' in the window' : ''})`);
  }
  return { text: out.join('\n'), changed: removed + added, hunks: hunks.length, truncated };
}

function firstLines(s, n = 12) {
  const lines = s.replace(/\s+$/, '').split('\n');
  return lines.slice(0, n).join('\n') + (lines.length > n ? `\n... (${lines.length - n} more lines)` : '');
}

function describeExit(r) {
  if (r.timedOut) return `timed out after ${TIMEOUT_MS / 1000}s`;
  if (r.signal) return `killed by ${r.signal}`;
  return `exit status ${r.code}`;
}

// ---------------------------------------------------------------------------
// One file

/**
 * The arguments before "-S f -o out" for a CLI command: --llvm-version=N for wopt, nothing for a
 * native opt standing in for it (the harness checking itself: opt has no --llvm-version).
 */
export function cliArgs(cli, llvm) {
  return /(^|\/)opt(-\d+)?$/.test(cli[0]) ? [] : [versionFlag(llvm)];
}

/**
 * Round-trip one file.  Resolves to
 *   { file, status: 'pass' | 'fail' | 'skip', reason, detail, diff, outDir }
 * reason is a one-line summary; detail holds stderr excerpts; diff is a
 * unified diff (already cut to opts.maxLines) when outputs differ.
 *
 * opts: { llvm, opt, cli: [cmd, ...args], workDir, keep, strict, maxLines }
 *   llvm: the LLVM version (default DEFAULT_LLVM): wopt gets --llvm-version=llvm, and opt
 *         defaults to that version's opt
 */
export async function roundtripFile(file, opts = {}) {
  const llvm = opts.llvm ?? DEFAULT_LLVM;
  const optBin = opts.opt || optFor(llvm);
  const optName = `opt-${llvm}`;
  const cli = opts.cli || DEFAULT_CLI;
  const maxLines = opts.maxLines ?? 30;
  const base = path.basename(file, '.ll');
  const workDir = opts.workDir || mkdtempSync(path.join(tmpdir(), 'wopt-rt-'));
  const outDir = mkdtempSync(path.join(workDir, base.replace(/[^\w.-]/g, '_').slice(0, 60) + '-'));
  const ours = path.join(outDir, 'ours.ll');
  const result = { file, status: 'pass', reason: '', detail: '', diff: '', outDir };
  const done = (status, reason, extra = {}) => {
    Object.assign(result, { status, reason }, extra);
    if (!opts.keep) rmSync(outDir, { recursive: true, force: true });
    return result;
  };

  const ref = await run(optBin, ['-S', file, '-o', '-']);
  if (ref.code !== 0 || ref.timedOut)
    return done('skip', `${optName} rejects the input (${describeExit(ref)}): ${ref.stderr.split(optBin + ': ').join('').trim().split('\n')[0]}`);

  const mine = await run(cli[0], [...cli.slice(1), ...cliArgs(cli, llvm), '-S', file, '-o', ours]);
  if (mine.code !== 0 || mine.timedOut || !existsSync(ours))
    return done('fail', `wopt failed (${describeExit(mine)})`, {
      detail: firstLines(mine.stderr || mine.stdout || '(no output)', 20),
    });

  const back = await run(optBin, ['-S', ours, '-o', '-']);
  if (back.code !== 0 || back.timedOut) {
    // opt's message has file:line:col, the line and a caret: show it all.
    return done('fail', `${optName} rejects our output (${describeExit(back)})`, {
      detail: firstLines(back.stderr, 20) + (opts.keep ? '' : '\n(run tests/roundtrip.mjs --keep to inspect ours.ll)'),
    });
  }

  const nRef = normalize(ref.stdout);
  const nBack = normalize(back.stdout);
  const same = nRef.lines.length === nBack.lines.length && nRef.lines.every((l, i) => l === nBack.lines[i]);
  if (!same) {
    const d = unifiedDiff(nRef, nBack, {
      labelA: `${optName} -S ${path.relative(REPO_ROOT, file)}`,
      labelB: `${optName} -S ours.ll`,
      maxLines,
    });
    if (opts.keep) {
      writeFileSync(path.join(outDir, 'ref.opt.ll'), ref.stdout);
      writeFileSync(path.join(outDir, 'ours.opt.ll'), back.stdout);
    }
    return done('fail', `${optName} output differs (${d.hunks} hunk(s), ${d.changed} line(s) changed)`, {
      diff: d.text,
    });
  }

  if (opts.strict) {
    const nOurs = normalize(readFileSync(ours, 'utf8'));
    const exact = nRef.lines.length === nOurs.lines.length && nRef.lines.every((l, i) => l === nOurs.lines[i]);
    if (!exact) {
      const d = unifiedDiff(nRef, nOurs, {
        labelA: `${optName} -S ${path.relative(REPO_ROOT, file)}`,
        labelB: `ours.ll (wopt ${versionFlag(llvm)} -S)`,
        maxLines,
      });
      return done('fail', `strict: our text differs from ${optName}'s (${d.hunks} hunk(s), ${d.changed} line(s))`, {
        diff: d.text,
      });
    }
  }
  return done('pass', '');
}

// ---------------------------------------------------------------------------
// CLI

function parseArgs(argv) {
  const o = { verbose: false, jobs: 2, lines: 30, keep: false, strict: false, cli: null, llvm: DEFAULT_LLVM, opt: null, paths: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '-v' || a === '--verbose') o.verbose = true;
    else if (a === '-j' || a === '--jobs') o.jobs = Math.max(1, parseInt(val(), 10) || 1);
    else if (a.startsWith('-j') && /^\d+$/.test(a.slice(2))) o.jobs = parseInt(a.slice(2), 10);
    else if (a === '--lines') o.lines = Math.max(1, parseInt(val(), 10) || 30);
    else if (a === '--keep') o.keep = true;
    else if (a === '--strict') o.strict = true;
    else if (a === '--cli') o.cli = val().split(/\s+/).filter(Boolean);
    else if (a === '--opt') o.opt = val();
    else if (a === '--llvm') {
      const v = Number(val());
      if (!LLVM_VERSIONS.includes(v)) throw new Error(`--llvm must be one of ${LLVM_VERSIONS.join(', ')}`);
      o.llvm = v;
    }
    else if (a === '-h' || a === '--help') o.help = true;
    else if (a.startsWith('-') && a !== '-') throw new Error(`unknown option ${a}`);
    else o.paths.push(a);
  }
  return o;
}

async function main() {
  let o;
  try {
    o = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`roundtrip: ${e.message} (see --help)`);
    return 2;
  }
  if (o.help) {
    const src = readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n');
    const end = src.findIndex((l) => l.startsWith('// The module also'));
    console.log(src.slice(1, end).map((l) => l.replace(/^\/\/ ?/, '')).join('\n'));
    return 0;
  }
  o.opt ??= process.env.OPT || optFor(o.llvm);
  if (!existsSync(o.opt)) {
    console.error(`roundtrip: ${o.opt} not found (install llvm-${o.llvm}, or pass --opt)`);
    return 2;
  }
  if (!o.cli && !CLI_OVERRIDE && !existsSync(CLI_PATH)) {
    console.error(`roundtrip: ${path.relative(process.cwd(), CLI_PATH)} not found (or pass --cli)`);
    return 2;
  }
  const wasm = process.env.WOPT_WASM || path.join(REPO_ROOT, 'build', 'wopt.wasm');
  if (!o.cli && !CLI_OVERRIDE && !existsSync(wasm)) {
    console.error(`roundtrip: ${path.relative(process.cwd(), wasm)} not built (npm run build:release)`);
    return 2;
  }
  let files;
  try {
    files = o.paths.length ? expandPaths(o.paths) : [...ownFixtureFiles(), ...llvmLitFiles()];
  } catch (e) {
    console.error(`roundtrip: ${e.message}`);
    return 2;
  }
  if (!files.length) {
    console.error('roundtrip: no .ll files');
    return 2;
  }

  const workDir = mkdtempSync(path.join(tmpdir(), 'wopt-rt-'));
  const rel = (f) => {
    const r = path.relative(process.cwd(), f);
    return r.startsWith('..' + path.sep + '..') ? f : r;
  };
  const isTTY = process.stderr.isTTY;
  let finished = 0;
  const t0 = Date.now();
  const results = await runPool(files, o.jobs, async (f) => {
    const r = await roundtripFile(f, { llvm: o.llvm, opt: o.opt, cli: o.cli, workDir, keep: o.keep, strict: o.strict, maxLines: o.lines });
    finished++;
    if (r.status === 'fail') {
      if (isTTY) process.stderr.write('\r\x1b[K');
      console.log(`FAIL ${rel(f)}: ${r.reason}`);
      if (o.verbose) {
        if (r.detail) console.log(r.detail.replace(/^/gm, '    '));
        if (r.diff) console.log(r.diff);
        if (o.keep) console.log(`    outputs kept in ${r.outDir}`);
        console.log('');
      }
    } else if (r.status === 'skip' && o.verbose) {
      if (isTTY) process.stderr.write('\r\x1b[K');
      console.log(`skip ${rel(f)}: ${r.reason}`);
    }
    if (isTTY) process.stderr.write(`\r\x1b[K[${finished}/${files.length}] ${rel(f)}`);
    return r;
  });
  if (isTTY) process.stderr.write('\r\x1b[K');
  if (!o.keep) rmSync(workDir, { recursive: true, force: true });

  const count = (s) => results.filter((r) => r.status === s).length;
  const passed = count('pass');
  const failed = count('fail');
  const skipped = count('skip');
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  let summary = `${passed} passed, ${failed} failed`;
  if (skipped) summary += `, ${skipped} skipped (opt-${o.llvm} rejects the input${o.verbose ? '' : '; --verbose lists them'})`;
  console.log(`${summary} [${files.length} files, ${secs}s]`);
  if (o.keep) console.log(`outputs kept in ${workDir}`);
  return failed ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      process.exit(2);
    },
  );
}
