// The LLVM versions a bench script compares wopt with, shared by every script:
//
//   --llvm LIST       comma-separated LLVM versions (19, 22); for each version V the script runs
//                     /usr/lib/llvm-V/bin/opt (else opt-V on PATH) and wopt with --llvm-version=V
//                     (CLI) or llvmVersion: V (API), and reports each version's ratios side by side
//   --opt CMD         one explicit native opt instead; --llvm must then name one version (without
//                     --llvm it is read from `CMD --version`)
//   --llvm-diff CMD   one explicit llvm-diff (likewise for one version only)
//
// Scripts that compare with opt default to COMPARE_LLVM_VERSIONS; the others (wopt alone) default
// to wopt's own default, DEFAULT_LLVM_VERSION.

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LLVM_VERSIONS, DEFAULT_LLVM_VERSION } from '../bindings/core.js';

export { LLVM_VERSIONS, DEFAULT_LLVM_VERSION };

/** The versions a script comparing with native opt runs by default. */
export const COMPARE_LLVM_VERSIONS = LLVM_VERSIONS.slice();

export function which(cmd) {
  if (cmd.includes('/')) return existsSync(cmd) ? cmd : null;
  for (const d of (process.env.PATH || '').split(':')) {
    const p = join(d, cmd);
    if (d && existsSync(p)) return p;
  }
  return null;
}

/** `--llvm 19,22` → [19, 22] (also accepts `llvm-19`); throws on a version wopt does not follow. */
export function parseLlvmList(s) {
  const out = [];
  for (const item of String(s).split(',').map((x) => x.trim()).filter(Boolean)) {
    const m = /^(?:llvm-?)?(\d+)$/i.exec(item);
    const v = m ? Number(m[1]) : NaN;
    if (!LLVM_VERSIONS.includes(v)) throw new Error(`--llvm: '${item}' is not an LLVM version wopt follows (${LLVM_VERSIONS.join(', ')})`);
    if (!out.includes(v)) out.push(v);
  }
  if (!out.length) throw new Error('--llvm: no version given');
  return out;
}

/** `--llvm V` for a script that runs wopt with one version: the version, else throws. */
export function parseLlvmOne(s) {
  const vs = parseLlvmList(s);
  if (vs.length !== 1) throw new Error(`--llvm: one version expected, not ${s}`);
  return vs[0];
}

/** The full LLVM version of a tool (`opt --version`), e.g. '22.1.8', or null. */
export function toolVersion(cmd) {
  const r = spawnSync(cmd, ['--version'], { encoding: 'utf8' });
  const m = /LLVM version ([\w.]+)/.exec(r.stdout || '');
  return m ? m[1] : null;
}

/** The tool `name` of LLVM v: /usr/lib/llvm-v/bin/name, else name-v on PATH; throws when neither exists. */
export function findTool(name, v) {
  const p = which(`/usr/lib/llvm-${v}/bin/${name}`) || which(`${name}-${v}`);
  if (!p) throw new Error(`no ${name} for LLVM ${v} (looked for /usr/lib/llvm-${v}/bin/${name} and ${name}-${v} on PATH); choose others with --llvm, or give --opt/--llvm-diff`);
  return p;
}

/**
 * The native tools per LLVM version: [{ version, opt, optVersion, llvmDiff? }], from the parsed
 * options { llvm (array or null), opt, llvmDiff }. `diff` also resolves llvm-diff; `defaults` are
 * the versions when neither --llvm nor --opt is given; `bitcode` also resolves llvm-as (the .bc
 * inputs) and, with `diff`, llvm-dis (the outputs compared as text). Throws (a usage error) when a tool is missing
 * or --opt/--llvm-diff are given with more than one version.
 */
export function llvmTargets({ llvm = null, opt = null, llvmDiff = null } = {}, { diff = false, bitcode = false, defaults = COMPARE_LLVM_VERSIONS } = {}) {
  let versions = llvm;
  const explicit = opt || (diff && llvmDiff);
  if (explicit) {
    if (!versions && opt) {
      const full = toolVersion(opt);
      if (!full) throw new Error(`--opt ${opt}: cannot read its LLVM version; give it with --llvm V`);
      versions = parseLlvmList(full.split('.')[0]);
    }
    if (!versions || versions.length !== 1) throw new Error('--opt / --llvm-diff name one tool: give --llvm with one version');
  }
  versions ??= defaults;
  return versions.map((version) => {
    const t = { version, opt: (explicit && opt) || findTool('opt', version) };
    t.optVersion = toolVersion(t.opt);
    if (t.optVersion && Number(t.optVersion.split('.')[0]) !== version) {
      process.stderr.write(`note: ${t.opt} is LLVM ${t.optVersion}, compared as LLVM ${version} (--llvm)\n`);
    }
    if (diff) t.llvmDiff = (explicit && llvmDiff) || findTool('llvm-diff', version);
    if (bitcode) {
      t.llvmAs = findTool('llvm-as', version);
      t.llvmAsVersion = toolVersion(t.llvmAs);
      if (diff) t.llvmDis = findTool('llvm-dis', version);
    }
    return t;
  });
}

/**
 * Usage lines of the options, for a script's --help: `compare` (the script runs native opt) gives
 * --llvm, --opt and, with `diff`, --llvm-diff; otherwise only --llvm (wopt's dialect; `one`: a
 * single version). `width` is the column where the descriptions start.
 */
export function llvmUsage({ diff = false, compare = true, one = false, width = 20 } = {}) {
  const entries = compare ? [
    ['--llvm LIST', `LLVM versions to compare with (default ${COMPARE_LLVM_VERSIONS.join(',')}): for each V,`,
      '/usr/lib/llvm-V/bin/opt (or opt-V) against wopt following LLVM V (--llvm-version=V)'],
    ['--opt CMD', 'one explicit native opt instead (--llvm must name its one version;',
      'default: read from CMD --version)'],
    ...(diff ? [['--llvm-diff CMD', 'one explicit llvm-diff (default /usr/lib/llvm-V/bin/llvm-diff',
      'or llvm-diff-V)']] : []),
  ] : [
    [one ? '--llvm V' : '--llvm LIST', `${one ? 'the LLVM version' : 'LLVM versions'} whose dialect and behaviour wopt follows`,
      `(--llvm-version; ${LLVM_VERSIONS.join(' or ')}; default ${DEFAULT_LLVM_VERSION}, wopt's default)`],
  ];
  return entries.map(([flag, ...text]) => text.map((t, i) => (i ? ' '.repeat(width) : `  ${flag}`.padEnd(width)) + t).join('\n')).join('\n');
}

// ---------------------------------------------------------------------------------------------
// Comparing an opt output with wopt's: byte for byte after dropping the leading `; ModuleID = ...`
// and `source_filename = ...` lines (they name the input, which the two tools may spell
// differently), then llvm-diff of the same LLVM version. llvm-diff alone would not do: it reads
// both files with that LLVM's upgrader, so a wopt-22 output in LLVM 19 syntax (say `nocapture`
// where opt-22 prints `captures(none)`) would pass as equivalent.
//
//   { status: 'identical' }
//   { status: 'equivalent', firstDiff }                 llvm-diff exit 0, bytes differ
//   { status: 'differs', firstDiff, lines, detail }     llvm-diff reports differences
//   { status: 'n/a' } (an output is missing), { status: 'error', detail } (llvm-diff did not run)
// firstDiff = { line, opt, wopt }: the first differing line (number in wopt's output, texts).

const HEADER = /^(?:; ModuleID = |source_filename = )/;

function body(buf) {
  let at = 0, line = 1;
  for (;;) {
    const nl = buf.indexOf(10, at);
    const end = nl < 0 ? buf.length : nl;
    if (!HEADER.test(buf.toString('latin1', at, Math.min(end, at + 20)))) return { buf: buf.subarray(at), line };
    if (nl < 0) return { buf: buf.subarray(buf.length), line };
    at = nl + 1;
    line++;
  }
}

function firstDifference(a, b) {
  const n = Math.min(a.buf.length, b.buf.length);
  let i = 0;
  while (i < n && a.buf[i] === b.buf[i]) i++;
  const start = i > 0 ? a.buf.lastIndexOf(10, i - 1) + 1 : 0;   // (a negative offset would count from the end)
  let line = b.line;
  for (let j = b.buf.indexOf(10); j >= 0 && j < start; j = b.buf.indexOf(10, j + 1)) line++;
  const lineAt = (x) => { const e = x.buf.indexOf(10, start); return x.buf.toString('utf8', start, e < 0 ? x.buf.length : e); };
  return { line, opt: start < a.buf.length ? lineAt(a) : '<end of file>', wopt: start < b.buf.length ? lineAt(b) : '<end of file>' };
}

export function compareOutputs(optOut, woptOut, llvmDiffCmd, { timeout = 900 } = {}) {
  if (!existsSync(optOut) || !existsSync(woptOut)) return { status: 'n/a' };
  const a = body(readFileSync(optOut)), b = body(readFileSync(woptOut));
  if (a.buf.equals(b.buf)) return { status: 'identical' };
  const firstDiff = firstDifference(a, b);
  const res = spawnSync(llvmDiffCmd, [optOut, woptOut], { encoding: 'utf8', maxBuffer: 256 << 20, timeout: timeout * 1000 });
  if (res.error) return { status: 'error', firstDiff, detail: res.error.code === 'ETIMEDOUT' ? 'llvm-diff timeout' : res.error.message };
  if (res.status === 0) return { status: 'equivalent', firstDiff };
  const lines = (res.stderr || '').split('\n').filter((l) => l.trim());
  return { status: 'differs', firstDiff, lines: lines.length, detail: lines.slice(0, 6).join('\n') };
}

const clip = (s, n = 70) => { const t = s.trim(); return t.length > n ? t.slice(0, n - 1) + '…' : t; };
// inline markdown code of a (clipped) IR line, safe in a table cell
const code = (s, n) => `\`${clip(s, n).replace(/`/g, "'").replace(/\|/g, '\\|')}\``;

/** The table cell for a compareOutputs result (markdown). */
export function outputCell(d) {
  if (!d) return '–';
  if (d.status === 'differs' && d.firstDiff) return `differs (first line ${d.firstDiff.line}: ${code(d.firstDiff.wopt)})`;
  return d.status;
}

/** Lines for under a table: what differs, and where equivalent outputs are not identical. */
export function outputNotes(items) {
  const out = [];
  const bad = items.filter(({ diff }) => diff?.status === 'differs' || diff?.status === 'error');
  if (bad.length) {
    out.push('', 'Output differences (first differing line, then llvm-diff\'s first lines):');
    for (const { label, diff } of bad) {
      out.push('', `- ${label}:`, '```');
      if (diff.firstDiff) out.push(`line ${diff.firstDiff.line}:`, `  opt:  ${diff.firstDiff.opt}`, `  wopt: ${diff.firstDiff.wopt}`);
      out.push(diff.detail || '', '```');
    }
  }
  const eq = items.filter(({ diff }) => diff?.status === 'equivalent' && diff.firstDiff);
  if (eq.length) {
    out.push('', 'Equivalent (llvm-diff) but not identical, first differing line:');
    for (const { label, diff } of eq) {
      out.push(`- ${label}, line ${diff.firstDiff.line}: opt ${code(diff.firstDiff.opt, 90)}, wopt ${code(diff.firstDiff.wopt, 90)}`);
    }
  }
  return out;
}

/**
 * compareOutputs for two bitcode outputs: each is disassembled by `llvmDisCmd` (llvm-dis-V) to
 * `<file>.ll` beside it, and the texts are compared as above. Adds the two files' sizes
 * (`bytes: { opt, wopt }`); an output llvm-dis rejects gives { status: 'error', detail } naming it.
 * The .ll files are removed again unless `keep`.
 */
export function compareBitcodeOutputs(optOut, woptOut, llvmDisCmd, llvmDiffCmd, { timeout = 900, keep = false } = {}) {
  if (!existsSync(optOut) || !existsSync(woptOut)) return { status: 'n/a' };
  const bytes = { opt: statSync(optOut).size, wopt: statSync(woptOut).size };
  const texts = [];
  try {
    for (const [who, file] of [['opt', optOut], ['wopt', woptOut]]) {
      const ll = `${file}.ll`;
      texts.push(ll);
      const r = spawnSync(llvmDisCmd, [file, '-o', ll], { encoding: 'utf8', maxBuffer: 64 << 20, timeout: timeout * 1000 });
      if (r.status !== 0) {
        const why = r.error ? (r.error.code === 'ETIMEDOUT' ? 'timeout' : r.error.message) : (r.stderr || '').split('\n').find((l) => l.trim()) || `exit ${r.status}`;
        return { status: 'error', bytes, detail: `llvm-dis rejects ${who}'s output: ${why}` };
      }
    }
    return { ...compareOutputs(texts[0], texts[1], llvmDiffCmd, { timeout }), bytes };
  } finally {
    if (!keep) for (const f of texts) rmSync(f, { force: true });
  }
}

