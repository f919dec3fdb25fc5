// The bitcode container layer (assembly/bitcode/bitstream.ts): every block, abbreviation id and
// record operand it reads from LLVM 19's and 22's bitcode equals what that version's
// `llvm-bcanalyzer -dump` shows; malformed containers get an error naming the block and the bit
// offset, and mutated bitcode never traps the core or hangs it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadWopt } from '../../../bindings/node.js';
import { REPO, LLVM_VERSIONS, llvmBin, haveRealCore, NO_CORE } from '../helpers.js';
import { BitcodeBuilder } from '../bc-build.js';

const tool = (v, name) => path.join(llvmBin(v), name);
const haveTools = v => ['llvm-as', 'llvm-bcanalyzer'].every(t => fs.existsSync(tool(v, t)));

// The fixtures each version's llvm-as reads: clang-19 output for 19, clang-22 output for 22, and
// the hand-written printer fixtures for both.
function inputsFor(v) {
  const dir = path.join(REPO, 'tests/fixtures');
  const clang = v === 19 ? 'll' : 'll22';
  const list = fs.readdirSync(path.join(dir, clang)).filter(f => f.endsWith('.ll')).map(f => path.join(dir, clang, f));
  for (const f of fs.readdirSync(dir)) if (f.startsWith('printer-') && f.endsWith('.ll')) list.push(path.join(dir, f));
  return list;
}

// bcanalyzer's dump reduced to what the container says: block lengths and widths, abbreviation
// ids and operands (names, strings it decodes, blob contents and BLOCKINFO left out).
export function structureOf(dump) {
  const out = [];
  for (const line of dump.split('\n')) {
    const t = line.trim().replace(/ ?\(offset[^)]*\)/, '');
    if (t.startsWith('Summary of') || t.startsWith('Stream type')) break;
    if (!t || t.startsWith('<BITCODE_WRAPPER_HEADER') || t.startsWith("'") || t === '}' || t.startsWith('<BLOCKINFO_BLOCK') || t.startsWith('</BLOCKINFO')) continue;
    let m;
    if ((m = /^<\/\S+>$/.exec(t))) { out.push('end'); continue; }
    if ((m = /^<\S+ NumWords=(\d+) BlockCodeSize=(\d+)>$/.exec(t))) { out.push(`block ${m[1]} ${m[2]}`); continue; }
    if ((m = /^<\S+((?: [a-z]+\d*=-?\d+)*)\/>/.exec(t))) {
      out.push(`record${m[1].split(' ').filter(p => p && !p.startsWith('blob=')).map(p => ` ${p}`).join('')}`);
      continue;
    }
    out.push(`unparsed: ${t}`);
  }
  return out;
}

for (const v of LLVM_VERSIONS) {
  test(`bitstream: every record of llvm-as-${v}'s bitcode as llvm-bcanalyzer-${v} reads it`, async t => {
    if (!haveRealCore) return t.skip(NO_CORE);
    if (!haveTools(v)) return t.skip(`llvm-as-${v} / llvm-bcanalyzer-${v} not installed`);
    const core = await loadWopt();
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-bitstream-'));
    let compared = 0;
    try {
      for (const f of inputsFor(v)) {
        const bc = path.join(tmp, `${path.basename(f)}.bc`);
        if (spawnSync(tool(v, 'llvm-as'), [f, '-o', bc]).status !== 0) continue;   // not this version's IR
        const ref = spawnSync(tool(v, 'llvm-bcanalyzer'), ['-dump', bc], { encoding: 'utf8', maxBuffer: 1 << 30 });
        assert.equal(ref.status, 0, ref.stderr);
        const r = core.bitstreamDump(new Uint8Array(fs.readFileSync(bc)));
        assert.ok(r.ok, `${path.basename(f)}: ${r.message}`);
        const ours = structureOf(r.text), theirs = structureOf(ref.stdout);
        assert.ok(!theirs.some(l => l.startsWith('unparsed')), `${path.basename(f)}: bcanalyzer line not understood: ${theirs.find(l => l.startsWith('unparsed'))}`);
        assert.deepEqual(ours, theirs, path.basename(f));
        compared++;
      }
    } finally { fs.rmSync(tmp, { recursive: true, force: true }); }
    assert.ok(compared >= 20, `compared ${compared} modules`);
  });
}

// A small valid module's bitcode, made once (llvm-as of either version).
function sampleBitcode() {
  const v = LLVM_VERSIONS.find(haveTools);
  if (v === undefined) return null;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wopt-bitstream-'));
  try {
    const src = path.join(REPO, 'tests/fixtures/printer-instructions.ll');
    const out = path.join(tmp, 'x.bc');
    assert.equal(spawnSync(tool(v, 'llvm-as'), [src, '-o', out]).status, 0);
    return new Uint8Array(fs.readFileSync(out));
  } finally { fs.rmSync(tmp, { recursive: true, force: true }); }
}

test('bitstream: malformed containers name the block and the bit offset', async t => {
  if (!haveRealCore) return t.skip(NO_CORE);
  const bc = sampleBitcode();
  if (!bc) return t.skip('no llvm-as installed');
  const core = await loadWopt();
  const expectError = (bytes, re) => {
    const r = core.bitstreamDump(bytes);
    assert.equal(r.ok, false);
    assert.ok(!r.internal, r.message);
    assert.match(r.message, re);
  };
  expectError(new Uint8Array([0x42, 0x43, 0xc0, 0xdf]), /^Invalid bitcode signature \(top level, bit offset 0\)$/);
  expectError(bc.slice(0, 6), /^Bitcode stream should be a multiple of 4 bytes in length/);
  // cut inside the module block: its length claims more than the file has
  expectError(bc.slice(0, (bc.length >> 1) & ~3), /Malformed block: (IDENTIFICATION|MODULE)_BLOCK claims \d+ words, more than the file has \(top level, bit offset \d+\)|Unexpected end of bitcode/);
  // a block header whose word count is huge
  const big = bc.slice();
  // the identification block starts right after the magic: id (2 bits), block id, width, align, length word at byte 8
  new DataView(big.buffer).setUint32(8, 0x7fffffff, true);
  expectError(big, /^Malformed block: IDENTIFICATION_BLOCK claims 2147483647 words, more than the file has \(top level, bit offset 32\)$/);
  // an abbreviation id the block never defined: the first record of IDENTIFICATION_BLOCK uses
  // abbreviation 4, which its own DEFINE_ABBREV makes; a stream of only a block header and an
  // abbreviated record has none
  const bits = new BitcodeBuilder().enter(13, 5);
  bits.fixed(4, 5);   // abbreviation 4, undefined
  expectError(bits.end().bytes(), /^Invalid abbreviation id 4 \(IDENTIFICATION_BLOCK, bit offset \d+\)$/);
});

test('bitstream: mutated bitcode never traps or hangs the core', async t => {
  if (!haveRealCore) return t.skip(NO_CORE);
  const bc = sampleBitcode();
  if (!bc) return t.skip('no llvm-as installed');
  let core = await loadWopt();
  let seed = 7;
  const rnd = () => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed / 0x7fffffff; };
  let errors = 0, oks = 0;
  for (let i = 0; i < 3000; i++) {
    let m = bc.slice();
    const kind = i % 3;
    if (kind === 0) m = m.slice(0, Math.floor(rnd() * m.length));
    else if (kind === 1) for (let k = 0; k < 1 + rnd() * 4; k++) m[Math.floor(rnd() * m.length)] ^= 1 << Math.floor(rnd() * 8);
    else for (let k = 0; k < 1 + rnd() * 3; k++) m[Math.floor(rnd() * m.length)] = Math.floor(rnd() * 256);
    const r = core.bitstreamDump(m);
    assert.ok(!r.internal && !r.outOfMemory, `mutant ${i}: ${r.message}`);
    if (r.ok) oks++; else { errors++; assert.match(r.message, /\(.+, bit offset \d+\)$/); }
  }
  assert.ok(errors > 1000, `${errors} mutants rejected`);
  assert.ok(oks > 0, 'some mutants are still well-formed containers');
});

