// The playground's demangler (playground/src/demangle.js) against llvm-cxxfilt-22: Itanium C++
// (_Z...) and Rust v0 (_R...) names must read exactly as llvm-cxxfilt prints them; Rust's legacy
// names (_ZN...17h<hash>E) as llvm-cxxfilt splits them, with their $-escapes decoded ($LT$ -> <,
// .. -> ::), which llvm-cxxfilt leaves as they are.
//  - always: the names stored in fixtures/demangle/ with the output llvm-cxxfilt-22 gave for them;
//  - with clang-22, rustc and llvm-cxxfilt-22 installed: every function and global name of
//    tests/real/*.cpp and tests/real/*.rs compiled now (Rust both with the legacy and the v0
//    scheme), and the C++ names libstdc++ exports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demangle } from '../../../playground/src/demangle.js';
import { REPO } from '../helpers.js';

const FIX = join(REPO, 'tests/node/fixtures/demangle');
const CXXFILT = '/usr/bin/llvm-cxxfilt-22', CLANG = '/usr/bin/clang-22';
const rustc = spawnSync('rustc', ['--version'], { encoding: 'utf8' }).status === 0;
const haveTools = existsSync(CXXFILT) && existsSync(CLANG);

const readTsv = f => readFileSync(join(FIX, f), 'utf8').trimEnd().split('\n').map(l => l.split('\t'));

// what a legacy Rust name reads as once llvm-cxxfilt has split it into its path
const ESC = { SP: '@', BP: '*', RF: '&', LT: '<', GT: '>', LP: '(', RP: ')', C: ',' };
const decodeLegacy = text => text.split('::').map(part => part.replace(/^_\$/, '$')
  .replace(/\$([A-Z]+|u[0-9a-f]+)\$/g, (_, c) => ESC[c] ?? String.fromCodePoint(parseInt(c.slice(1), 16)))
  .replace(/\.\./g, '::')).join('::');
const isLegacyRust = name => /^_ZN.*17h[0-9a-f]{16}E/.test(name);

// names against llvm-cxxfilt's lines for them: [name, wanted][]
function compare(pairs) {
  const wrong = [];
  let demangled = 0;
  for (const [name, cxxfilt] of pairs) {
    const want = isLegacyRust(name) ? decodeLegacy(cxxfilt) : cxxfilt;
    const got = demangle(name);
    if (got === null) { if (want !== name) wrong.push({ name, want, got }); continue; }
    demangled++;
    if (got !== want) wrong.push({ name, want, got });
  }
  return { wrong, demangled };
}

function cxxfilt(names) {
  const r = spawnSync(CXXFILT, [], { input: names.join('\n') + '\n', encoding: 'utf8', maxBuffer: 1 << 28 });
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.split('\n');
  return names.map((n, i) => [n, lines[i]]);
}

// every defined or declared function and global of an .ll file
const namesOf = ll => [...ll.matchAll(/^(?:define|declare)[^@\n]*@("[^"]+"|[-\w$.]+)|^@("[^"]+"|[-\w$.]+) =/gm)]
  .map(m => (m[1] ?? m[2]).replace(/^"|"$/g, ''));

test('names stored with llvm-cxxfilt-22\'s output read the same', () => {
  const pairs = readTsv('llvm-cxxfilt-22.tsv');
  assert.ok(pairs.length > 250);
  const { wrong, demangled } = compare(pairs);
  assert.deepEqual(wrong, []);
  assert.ok(demangled > 250, `${demangled} demangled`);
});

test('legacy Rust names: llvm-cxxfilt-22\'s path, with the $-escapes decoded', () => {
  const pairs = readTsv('rust-legacy-llvm-cxxfilt-22.tsv');
  assert.deepEqual(compare(pairs).wrong, []);
  assert.equal(demangle('_ZN38_$LT$f64$u20$as$u20$generics..Zero$GT$4zero17h5ab5571780e58f58E'), '<f64 as generics::Zero>::zero::h5ab5571780e58f58');
  assert.equal(demangle('_ZN4core3fmt9Arguments3new17h3887db0ff49e4cc8E.llvm.42'), 'core::fmt::Arguments::new::h3887db0ff49e4cc8 (.llvm.42)');
});

test('what is not a mangled name gives null', () => {
  for (const name of ['main', 'printf', 'llvm.memcpy.p0.p0.i64', '_GLOBAL__sub_I_inventory.cpp', '__cxa_throw', '_Z', '_Zfoo', '_R', '_RNv',
    '_Z1fv junk', '_Z1fILi', '_ZN1A1BIiE', 'sum_to', '']) {
    assert.equal(demangle(name), null, name);
  }
  // a long name that is mangled only up to a point fails fast (no backtracking blow-up)
  assert.equal(demangle(`_ZN${'3abc'.repeat(2000)}@`), null);
});

test('the real programs\' names, compiled now, read as llvm-cxxfilt-22 prints them', { skip: !haveTools && 'clang-22 or llvm-cxxfilt-22 not installed', timeout: 300_000 }, (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'wopt-demangle-'));
  try {
    const names = new Set();
    const real = join(REPO, 'tests/real');
    for (const f of readdirSync(real).filter(f => f.endsWith('.cpp'))) {
      const out = join(dir, `${f}.ll`);
      // catch2-checks.cpp includes Catch2's header from ../shared (left out without it)
      const catch2 = join(REPO, '../shared/real-programs/catch2/extras');
      if (f === 'catch2-checks.cpp' && !existsSync(catch2)) { t.diagnostic(`${f}: ${catch2} not found, left out`); continue; }
      const r = spawnSync(CLANG, ['-S', '-emit-llvm', '-O0', '-std=c++20', '-w', `-I${catch2}`, join(real, f), '-o', out], { encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      for (const n of namesOf(readFileSync(out, 'utf8'))) names.add(n);
    }
    if (rustc) {
      for (const f of readdirSync(real).filter(f => f.endsWith('.rs'))) {
        for (const scheme of ['legacy', 'v0']) {
          const out = join(dir, `${f}.${scheme}.ll`);
          // legacy is stable rustc's default; naming it needs -Z unstable-options
          const mangling = scheme === 'v0' ? ['-C', 'symbol-mangling-version=v0'] : [];
          const r = spawnSync('rustc', ['--crate-type=lib', '--emit=llvm-ir', '-C', 'opt-level=0', ...mangling, '-A', 'warnings', join(real, f), '-o', out], { encoding: 'utf8' });
          if (r.status !== 0) { t.diagnostic(`rustc ${scheme}: ${r.stderr.split('\n')[0]}`); continue; }
          for (const n of namesOf(readFileSync(out, 'utf8'))) names.add(n);
        }
      }
    } else t.diagnostic('rustc not installed: C++ names only');
    const list = [...names].sort();
    const kinds = { itanium: list.filter(n => n.startsWith('_Z') && !isLegacyRust(n)).length, legacy: list.filter(isLegacyRust).length, v0: list.filter(n => n.startsWith('_R')).length };
    assert.ok(kinds.itanium > 1000, JSON.stringify(kinds));
    if (rustc) assert.ok(kinds.legacy > 10 && kinds.v0 > 10, JSON.stringify(kinds));
    const { wrong, demangled } = compare(cxxfilt(list));
    t.diagnostic(`${list.length} names (${JSON.stringify(kinds)}), ${demangled} demangled, ${wrong.length} differ`);
    assert.deepEqual(wrong.slice(0, 5), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('libstdc++\'s exported names read as llvm-cxxfilt-22 prints them', { skip: (!haveTools || !existsSync('/usr/lib/x86_64-linux-gnu/libstdc++.so.6')) && 'no libstdc++.so.6 or llvm-cxxfilt-22', timeout: 120_000 }, (t) => {
  const nm = spawnSync('/usr/bin/llvm-nm-22', ['-D', '--defined-only', '/usr/lib/x86_64-linux-gnu/libstdc++.so.6'], { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (nm.status !== 0) { t.skip('llvm-nm-22 failed'); return; }
  const list = [...new Set(nm.stdout.split('\n').map(l => l.split(' ').pop().replace(/@.*/, '')).filter(n => n.startsWith('_Z')))].sort();
  assert.ok(list.length > 1000);
  const { wrong, demangled } = compare(cxxfilt(list));
  t.diagnostic(`${list.length} names, ${demangled} demangled, ${wrong.length} differ`);
  assert.deepEqual(wrong.slice(0, 5), []);
});
