// Real programs for the side-by-side bench: sources compiled by clang-19 and clang-22 to textual
// IR, the .ll of clang-N going to opt-N and to wopt --llvm-version=N.
//
//   sqlite     the SQLite amalgamation (the copy better-sqlite3 ships in deps/sqlite3/, else
//              ../shared/real-programs/sqlite3.c) at -O0 -g: what mem2reg sees in a debug build
//   telemetry  bench/programs/telemetry.cpp, our own template-heavy C++17 program, at -O2: what
//              mergefunc sees after the optimiser (identical instantiations over many types)
//
// -O0 builds keep optnone off (-Xclang -disable-O0-optnone), as the differential suite does:
// with it every function is optnone and mem2reg would have nothing to do.
//
// The compiled IR is cached in bench/.cache/real/, named by program, clang's full version and a
// hash of the source and the flags, so a new compiler or an edited source compiles again. A
// missing clang or source, or a failed compile, is reported (`missing` / `error`), never thrown.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { which } from './llvm.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');
export const REAL_CACHE = join(HERE, '.cache', 'real');

const TARGET = '--target=x86_64-pc-linux-gnu';

function sqliteSource() {
  for (const p of [join(ROOT, 'node_modules/better-sqlite3/deps/sqlite3/sqlite3.c'),
    resolve(ROOT, '../shared/real-programs/sqlite3.c')]) if (existsSync(p)) return p;
  return null;
}

/**
 * The programs: name, label (for tables and the chart), the source, clang's flags, the flags as a
 * reader sees them (`level`), and the pipelines benched on it ('' is parse+print).
 */
export const REAL_PROGRAMS = [
  {
    name: 'sqlite', label: 'SQLite', what: 'SQLite amalgamation (C)', source: sqliteSource, lang: 'c',
    flags: ['-w', '-O0', '-g', '-Xclang', '-disable-O0-optnone'], level: '-O0 -g', pipelines: ['', 'mem2reg'],
  },
  {
    name: 'telemetry', label: 'telemetry.cpp', what: 'bench/programs/telemetry.cpp (C++17 templates)',
    source: () => join(HERE, 'programs', 'telemetry.cpp'), lang: 'c++',
    flags: ['-std=c++17', '-O2'], level: '-O2', pipelines: ['', 'mergefunc'],
  },
];

/** clang of LLVM v (/usr/lib/llvm-v/bin/clang, else clang-v on PATH), or null. */
export function clangFor(v) {
  return which(`/usr/lib/llvm-${v}/bin/clang`) || which(`clang-${v}`);
}

/** clang's full version ('22.1.8'), or null. */
export function clangVersion(cmd) {
  const r = spawnSync(cmd, ['--version'], { encoding: 'utf8' });
  const m = /clang version ([\w.+-]+)/.exec(r.stdout || '');
  return m ? m[1] : null;
}

const short = (s) => s.slice(0, 12);

/**
 * The IR of `program` compiled by clang of LLVM `v`: { path, bytes, clang, clangVersion, cached },
 * or { missing } (no clang-v or no source) or { error } (the compile failed).
 */
export function compileReal(program, v, { log = () => {}, timeout = 900 } = {}) {
  const clang = clangFor(v);
  if (!clang) return { missing: `clang-${v} not installed` };
  const src = program.source();
  if (!src || !existsSync(src)) return { missing: `${program.name}: source not found` };
  const cv = clangVersion(clang) ?? `${v}`;
  // -fdebug-compilation-dir keeps the checkout's path out of the IR (and so out of the cache key)
  const args = ['-x', program.lang, TARGET, ...program.flags, '-fdebug-compilation-dir=.', '-S', '-emit-llvm'];
  const key = createHash('sha256').update(readFileSync(src)).update('\0' + args.join('\0')).digest('hex');
  mkdirSync(REAL_CACHE, { recursive: true });
  const path = join(REAL_CACHE, `${program.name}.clang-${cv}.${short(key)}.ll`);
  const info = { path, clang, clangVersion: cv, source: src };
  if (existsSync(path)) return { ...info, bytes: statSync(path).size, cached: true };
  log(`compiling ${program.name} with clang-${v} (${cv}) ${program.level} ...`);
  const t0 = Date.now();
  const tmp = `${path}.tmp`;
  const r = spawnSync(clang, [...args, src, '-o', tmp], { encoding: 'utf8', maxBuffer: 64 << 20, timeout: timeout * 1000 });
  if (r.status !== 0) {
    rmSync(tmp, { force: true });
    const first = (r.error?.message || r.stderr || `exit ${r.status}`).split('\n').find((l) => l.trim()) || '';
    return { error: `clang-${v} failed: ${first.slice(0, 160)}` };
  }
  renameSync(tmp, path);
  const bytes = statSync(path).size;
  log(`  ${(bytes / 1e6).toFixed(1)} MB in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return { ...info, bytes, cached: false };
}

/**
 * Side-by-side inputs of the real programs for the LLVM versions `versions`: one input per program,
 * its file per version (`perVersion[v]` = { path, bytes } or { missing } / { error }), with the
 * program's own pipelines. `names` limits the programs.
 */
export function realInputs(versions, { names = null, log = () => {}, timeout } = {}) {
  const out = [];
  for (const p of REAL_PROGRAMS) {
    if (names && !names.includes(p.name)) continue;
    const perVersion = {};
    for (const v of versions) perVersion[v] = compileReal(p, v, { log, timeout });
    const sizes = Object.values(perVersion).map((x) => x.bytes).filter(Boolean);
    out.push({
      kind: 'real', program: p.name, label: `${p.label} ${p.level}`, what: p.what, level: p.level,
      bytes: sizes.length ? Math.max(...sizes) : 0, perVersion, passes: p.pipelines,
    });
  }
  return out;
}

// ---- SQLite as a folder of modules, one per source file ----
//
// The amalgamation is the SQLite source tree pasted into one file between `Begin file X` / `End of X`
// markers (a file pasted into the middle of another is announced by `Include X in the middle of Y`
// and followed by `Continuing where we left off in Y`; an #include of a file already pasted is
// commented out). Undoing that gives back the tree: each file's own lines, an `#include "X"` where X
// was pasted, the commented #includes restored. Its .c files compiled one by one are the modules a
// build of SQLite hands to opt: the folder of real modules of the batch rows. SQLITE_CORE is set and
// SQLITE_PRIVATE defined empty, as in a build from the tree (the amalgamation makes it `static`); the
// few files that need more of the build's configuration than that (a missing prototype, say) are
// left out.

const MARK = /^\/\*{14} (?:Begin file (\S+)|End of (\S+)|Include \S+ in the middle of \S+|Continuing where we left off in \S+) \*+\/$/;

/** The files of the amalgamation `text`: Map name -> text. */
export function splitAmalgamation(text) {
  const files = new Map();
  const open = [];
  for (const line of text.split('\n')) {
    const m = MARK.exec(line);
    if (m) {
      if (m[1]) {
        if (open.length) files.get(open.at(-1)).push(`#include "${m[1]}"`);
        open.push(m[1]);
        if (!files.has(m[1])) files.set(m[1], []);
      } else if (m[2]) open.pop();
      continue;
    }
    if (!open.length) continue;   // the amalgamation's own preamble
    const commented = /^\/\* (#include "[^"]+") \*\/$/.exec(line);
    files.get(open.at(-1)).push(commented ? commented[1] : line);
  }
  return new Map([...files].map(([name, lines]) => [name, lines.join('\n') + '\n']));
}

// The clang flags of the levels the folders are built at: -O0 -g keeps optnone off (as the sqlite
// program above), -O2 is what global-merge-func sees in a release build.
export const FOLDER_LEVELS = {
  '-O0 -g': ['-O0', '-g', '-Xclang', '-disable-O0-optnone'],
  '-O2': ['-O2'],
};
function levelFlags(level) {
  const f = FOLDER_LEVELS[level];
  if (!f) throw new Error(`no folder level '${level}' (${Object.keys(FOLDER_LEVELS).join(', ')})`);
  return f;
}

/**
 * SQLite's .c files compiled by clang of LLVM `v` at `level` (default -O0 -g, optnone off, as the
 * sqlite program above; or -O2) into a folder of .ll files, cached like compileReal: { dir,
 * files, bytes, skipped, clangVersion, level } or { missing } / { error }.
 */
export function sqliteFolder(v, { log = () => {}, timeout = 900, level = '-O0 -g' } = {}) {
  const clang = clangFor(v);
  if (!clang) return { missing: `clang-${v} not installed` };
  const src = sqliteSource();
  if (!src) return { missing: 'sqlite: source not found' };
  const cv = clangVersion(clang) ?? `${v}`;
  const flags = ['-x', 'c', TARGET, '-w', ...levelFlags(level), '-DSQLITE_CORE', '-DSQLITE_PRIVATE=', '-fdebug-compilation-dir=.', '-S', '-emit-llvm'];
  const key = createHash('sha256').update(readFileSync(src)).update('\0' + flags.join('\0')).digest('hex');
  const dir = join(REAL_CACHE, `sqlite-files.clang-${cv}.${short(key)}`);
  const done = join(dir, 'modules.txt');   // written last: the folder is complete
  if (!existsSync(done)) {
    log(`splitting the SQLite amalgamation and compiling its files with clang-${v} (${cv}) ${level} ...`);
    const t0 = Date.now();
    const tree = join(dir, 'src');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(tree, { recursive: true });
    const files = splitAmalgamation(readFileSync(src, 'utf8'));
    for (const [name, text] of files) writeFileSync(join(tree, name), text);
    const made = [], skipped = [];
    for (const name of [...files.keys()].filter((n) => n.endsWith('.c')).sort()) {
      const out = join(dir, name.replace(/\.c$/, '.ll'));
      const r = spawnSync(clang, [...flags, `-I${tree}`, join(tree, name), '-o', out], { encoding: 'utf8', timeout: timeout * 1000 });
      if (r.status === 0) made.push(name); else { rmSync(out, { force: true }); skipped.push(name); }
    }
    writeFileSync(done, made.map((n) => n.replace(/\.c$/, '.ll')).join('\n') + '\n' + (skipped.length ? `# not compiled alone: ${skipped.join(' ')}\n` : ''));
    log(`  ${made.length} modules (${skipped.length} files left out) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  const lines = readFileSync(done, 'utf8').split('\n');
  const files = lines.filter((l) => l && !l.startsWith('#')).map((n) => join(dir, n));
  if (files.length === 0) return { error: `clang-${v} compiled none of SQLite's files` };
  const skipped = (lines.find((l) => l.startsWith('# not compiled alone: ')) ?? '').replace('# not compiled alone: ', '').split(' ').filter(Boolean);
  return { dir, files, bytes: files.reduce((s, f) => s + statSync(f).size, 0), skipped, clangVersion: cv, level };
}

// ---- zstd as a folder of modules ----
//
// zstd's library (../shared/real-programs/zstd/lib, facebook/zstd's lib/): 40 .c files in common/,
// compress/, decompress/, dictBuilder/ and legacy/, each compiling alone with the flags its
// README gives (-DZSTD_DISABLE_ASM, lib/ and lib/common/ on the include path): a multi-module
// program with many similar functions, global-merge-func's case across modules.

export const ZSTD_LIB = resolve(ROOT, '../shared/real-programs/zstd/lib');
export const ZSTD_FLAGS = ['-w', '-DZSTD_DISABLE_ASM', `-I${ZSTD_LIB}`, `-I${ZSTD_LIB}/common`];

/** zstd's .c files (absolute paths, sorted), or null when the library is not there. */
export function zstdSources() {
  if (!existsSync(ZSTD_LIB)) return null;
  const files = [];
  for (const d of readdirSync(ZSTD_LIB, { withFileTypes: true })) {
    if (!d.isDirectory()) continue;
    for (const f of readdirSync(join(ZSTD_LIB, d.name))) if (f.endsWith('.c')) files.push(join(ZSTD_LIB, d.name, f));
  }
  return files.sort();
}

/**
 * zstd's .c files compiled by clang of LLVM `v` at `level` (default -O2) into a folder of .ll
 * files mirroring lib/ (common/entropy_common.ll, ...), cached like sqliteFolder (the key: every
 * file of lib/ and the flags): { dir, files, bytes, clangVersion, level } or { missing } / { error }.
 */
export function zstdFolder(v, { log = () => {}, timeout = 900, level = '-O2' } = {}) {
  const clang = clangFor(v);
  if (!clang) return { missing: `clang-${v} not installed` };
  const sources = zstdSources();
  if (!sources?.length) return { missing: `zstd: ${ZSTD_LIB} not there` };
  const cv = clangVersion(clang) ?? `${v}`;
  const flags = ['-x', 'c', TARGET, ...ZSTD_FLAGS.map((f) => f.replace(ZSTD_LIB, '<lib>')), ...levelFlags(level), '-fdebug-compilation-dir=.', '-S', '-emit-llvm'];
  const hash = createHash('sha256').update(flags.join('\0'));
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p); else if (/\.[ch]$/.test(e.name)) hash.update('\0' + p.slice(ZSTD_LIB.length) + '\0').update(readFileSync(p));
    }
  };
  walk(ZSTD_LIB);
  const dir = join(REAL_CACHE, `zstd-files.clang-${cv}.${short(hash.digest('hex'))}`);
  const done = join(dir, 'modules.txt');   // written last: the folder is complete
  const rel = (f) => f.slice(ZSTD_LIB.length + 1).replace(/\.c$/, '.ll');
  if (!existsSync(done)) {
    log(`compiling zstd's ${sources.length} files with clang-${v} (${cv}) ${level} ...`);
    const t0 = Date.now();
    rmSync(dir, { recursive: true, force: true });
    for (const src of sources) {
      const out = join(dir, rel(src));
      mkdirSync(dirname(out), { recursive: true });
      const args = flags.map((f) => f.replace('<lib>', ZSTD_LIB));
      const r = spawnSync(clang, [...args, src, '-o', out], { encoding: 'utf8', timeout: timeout * 1000 });
      if (r.status !== 0) {
        rmSync(dir, { recursive: true, force: true });
        const first = (r.error?.message || r.stderr || `exit ${r.status}`).split('\n').find((l) => l.trim()) || '';
        return { error: `clang-${v} failed on zstd's ${rel(src).replace(/\.ll$/, '.c')}: ${first.slice(0, 160)}` };
      }
    }
    writeFileSync(done, sources.map(rel).join('\n') + '\n');
    log(`  ${sources.length} modules in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  const files = readFileSync(done, 'utf8').split('\n').filter(Boolean).map((n) => join(dir, n));
  return { dir, files, bytes: files.reduce((s, f) => s + statSync(f).size, 0), skipped: [], clangVersion: cv, level };
}
