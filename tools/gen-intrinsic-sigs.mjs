// Generates assembly/ir/intrinsic-sigs-table.ts: the type signature LLVM's generic (target-independent)
// intrinsics have under each LLVM version wopt speaks, as the type descriptors of LLVM's
// getIntrinsicInfoTableEntries (the IITDescriptor list: the return type, then each parameter, then
// VarArg for a variadic one), and whether each is overloaded (its name carries mangled types).
// The data is TableGen's own output for that version, IntrinsicImpl.inc of the llvm-N-dev package
// (its IIT_Table, IIT_LongEncodingTable, name table and overload bitset); each version's byte
// encoding is decoded here into one version-neutral descriptor list (ir/intrinsic-sigs.ts matches
// declarations against it). Target intrinsics (llvm.x86.*, llvm.aarch64.*, ...) are left out: only
// the names of the target namespaces are kept, so a lookup knows a name is not a generic one.
// Re-run after adding a version:
//   node tools/gen-intrinsic-sigs.mjs
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const VERSIONS = [19, 22];
const incOf = (v) => `/usr/include/llvm-${v}/llvm/IR/IntrinsicImpl.inc`;
for (const v of VERSIONS) if (!fs.existsSync(incOf(v))) { console.error(`needs ${incOf(v)} (apt-get install llvm-${v}-dev)`); process.exit(2); }

// The version-neutral descriptor kinds (LLVM's IITDescriptor::IITDescriptorKind, with 19's
// HalfVecArgument as OneNthElts of 2). Each descriptor is three u16: kind, a, b.
const K = {
  Void: 0, VarArg: 1, MMX: 2, Token: 3, Metadata: 4, Half: 5, BFloat: 6, Float: 7, Double: 8, Quad: 9,
  Integer: 10,     // a: width
  Vector: 11,      // a: element count, b: 1 when scalable; the element type follows
  Pointer: 12,     // a: address space
  Struct: 13,      // a: element count; the elements follow
  Argument: 14,    // a: overload number << 3 | kind (AK_*)
  Extend: 15, Trunc: 16,              // a: as Argument
  OneNthElts: 17,  // a: divisor, b: overload number
  SameVecWidth: 18, // a: as Argument; the element type follows
  VecOfAnyPtrsToElt: 19, // a: overload number, b: reference overload number
  VecElement: 20, Subdivide2: 21, Subdivide4: 22, VecOfBitcastsToInt: 23, // a: as Argument
  AMX: 24, PPCQuad: 25, AArch64Svcount: 26,
};

function block(text, start) {
  const i = text.indexOf(start);
  if (i < 0) throw new Error(`no ${start}`);
  const j = text.indexOf('};', i);
  return text.slice(i + start.length, j);
}

function readVersion(v) {
  const text = fs.readFileSync(incOf(v), 'utf8');
  // IIT_Info names -> numbers, and the reverse
  const code = {};
  const infoText = text.slice(text.indexOf('#ifdef GET_INTRINSIC_IITINFO'), text.indexOf('#endif', text.indexOf('#ifdef GET_INTRINSIC_IITINFO')));
  for (const m of infoText.matchAll(/(IIT_\w+) = (\d+)/g)) code[+m[2]] = m[1];
  // targets
  const targets = [...block(text, 'TargetInfos[] = {').matchAll(/\{(?:llvm::StringLiteral\()?"(\w*)"\)?, (\d+), (\d+)\}/g)].map((m) => ({ name: m[1], offset: +m[2], count: +m[3] }));
  // names, by ID (1-based; 0 is not_intrinsic)
  let names;
  if (v >= 22) {
    const s = text.slice(text.indexOf('IntrinsicNameTableStorage[] ='), text.indexOf('IntrinsicNameTable = '));
    names = [...s.matchAll(/^\s*"(llvm\.[^"\\]*)\\0"$/gm)].map((m) => m[1]);
  } else {
    const s = text.slice(text.indexOf('#ifdef GET_INTRINSIC_NAME_TABLE'), text.indexOf('#endif', text.indexOf('#ifdef GET_INTRINSIC_NAME_TABLE')));
    names = [...s.matchAll(/^\s*"(llvm\.[^"]*)",$/gm)].map((m) => m[1]);
  }
  const total = targets.reduce((n, t) => n + t.count, 0);
  if (names.length !== total) throw new Error(`LLVM ${v}: ${names.length} names, targets count ${total}`);
  // overload bitset, by ID
  const otable = block(text, 'OTable[] = {').split(',').map((e) => [...e.matchAll(/1<<(\d)/g)].reduce((b, m) => b | (1 << +m[1]), 0));
  const overloaded = (id) => (otable[id >> 3] & (1 << (id & 7))) !== 0;
  // the type tables
  // LLVM 19 has 32-bit entries (sentinel bit 31), 22 16-bit ones (bit 15): the sentinel is spelled out
  const table = block(text, 'IIT_Table[] = {').split(',').map((e) => e.trim()).filter((e) => e !== '').map((e) => {
    const m = e.match(/^\(1U<<(\d+)\) \| (\d+)$/);
    if (m) return { long: +m[2] };
    return { short: Number(e) };
  });
  const longEnc = block(text, 'IIT_LongEncodingTable[] = {').replace(/\/\*.*?\*\//g, '').split(',').map((e) => e.trim()).filter((e) => e !== '').map(Number);

  function decode(bytes, pos, out, lastScalable) {
    const info = bytes[pos.i++];
    const name = code[info];
    const arg = () => (pos.i === bytes.length ? 0 : bytes[pos.i++]);
    const push = (k, a = 0, b = 0) => out.push([k, a, b]);
    const vec = name && name.match(/^IIT_V(\d+)$/);
    if (vec) { push(K.Vector, +vec[1], lastScalable ? 1 : 0); decode(bytes, pos, out, false); return; }
    const st = name && name.match(/^IIT_STRUCT(\d)$/);
    if (st) { const n = +st[1]; push(K.Struct, n); for (let i = 0; i < n; i++) decode(bytes, pos, out, false); return; }
    switch (name) {
      case 'IIT_Done': push(K.Void); return;
      case 'IIT_VARARG': push(K.VarArg); return;
      case 'IIT_MMX': push(K.MMX); return;
      case 'IIT_AMX': push(K.AMX); return;
      case 'IIT_TOKEN': push(K.Token); return;
      case 'IIT_METADATA': push(K.Metadata); return;
      case 'IIT_F16': push(K.Half); return;
      case 'IIT_BF16': push(K.BFloat); return;
      case 'IIT_F32': push(K.Float); return;
      case 'IIT_F64': push(K.Double); return;
      case 'IIT_F128': push(K.Quad); return;
      case 'IIT_PPCF128': push(K.PPCQuad); return;
      case 'IIT_AARCH64_SVCOUNT': push(K.AArch64Svcount); return;
      case 'IIT_I1': push(K.Integer, 1); return;
      case 'IIT_I2': push(K.Integer, 2); return;
      case 'IIT_I4': push(K.Integer, 4); return;
      case 'IIT_I8': push(K.Integer, 8); return;
      case 'IIT_I16': push(K.Integer, 16); return;
      case 'IIT_I32': push(K.Integer, 32); return;
      case 'IIT_I64': push(K.Integer, 64); return;
      case 'IIT_I128': push(K.Integer, 128); return;
      case 'IIT_EXTERNREF': push(K.Pointer, 10); return;
      case 'IIT_FUNCREF': push(K.Pointer, 20); return;
      case 'IIT_PTR': push(K.Pointer, 0); return;
      case 'IIT_ANYPTR': push(K.Pointer, bytes[pos.i++]); return;
      case 'IIT_ARG': push(K.Argument, arg()); return;
      case 'IIT_EXTEND_ARG': push(K.Extend, arg()); return;
      case 'IIT_TRUNC_ARG': push(K.Trunc, arg()); return;
      case 'IIT_HALF_VEC_ARG': push(K.OneNthElts, 2, arg() >> 3); return;
      case 'IIT_ONE_NTH_ELTS_VEC_ARG': { const no = arg(), n = arg(); push(K.OneNthElts, n, no); return; }
      case 'IIT_SAME_VEC_WIDTH_ARG': push(K.SameVecWidth, arg()); return;
      case 'IIT_VEC_OF_ANYPTRS_TO_ELT': { const no = arg(), ref = arg(); push(K.VecOfAnyPtrsToElt, no, ref); return; }
      case 'IIT_EMPTYSTRUCT': push(K.Struct, 0); return;
      case 'IIT_STRUCT': { const n = bytes[pos.i++] + 2; push(K.Struct, n); for (let i = 0; i < n; i++) decode(bytes, pos, out, false); return; }
      case 'IIT_SUBDIVIDE2_ARG': push(K.Subdivide2, arg()); return;
      case 'IIT_SUBDIVIDE4_ARG': push(K.Subdivide4, arg()); return;
      case 'IIT_VEC_ELEMENT': push(K.VecElement, arg()); return;
      case 'IIT_VEC_OF_BITCASTS_TO_INT': push(K.VecOfBitcastsToInt, arg()); return;
      case 'IIT_SCALABLE_VEC': decode(bytes, pos, out, true); return;
    }
    throw new Error(`LLVM ${v}: IIT code ${info} (${name})`);
  }
  function descriptors(id) {
    const e = table[id - 1];
    let bytes, pos;
    if (e.long !== undefined) { bytes = longEnc; pos = { i: e.long }; } else {
      bytes = []; let t = e.short;
      do { bytes.push(t & 0xf); t = Math.floor(t / 16); } while (t);
      pos = { i: 0 };
    }
    const out = [];
    decode(bytes, pos, out, false);
    while (pos.i !== bytes.length && bytes[pos.i] !== 0) decode(bytes, pos, out, false);
    return out;
  }
  const generic = targets[0];
  const sigs = new Map();
  for (let k = 0; k < generic.count; k++) {
    const id = generic.offset + k + 1;
    sigs.set(names[id - 1], { overloaded: overloaded(id), desc: descriptors(id) });
  }
  return { targets: targets.slice(1).map((t) => t.name), sigs };
}

const versions = VERSIONS.map(readVersion);
const names = [...new Set(versions.flatMap((r) => [...r.sigs.keys()]))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
const pool = [], poolAt = new Map(), poolText = [];
function offsetOf(desc) {
  const key = JSON.stringify(desc);
  if (!poolAt.has(key)) { poolAt.set(key, pool.length); poolText.push([pool.length, desc.map((d) => Object.keys(K).find((n) => K[n] === d[0]) + (d[1] || d[2] ? `(${d[1]}${d[2] ? ',' + d[2] : ''})` : '')).join(' ')]); pool.push(desc.length, ...desc.flat()); }
  return poolAt.get(key);
}
const perVersion = versions.map((r) => names.map((n) => { const s = r.sigs.get(n); return s ? (offsetOf(s.desc) << 1) | (s.overloaded ? 1 : 0) : -1; }));
const esc = (s) => JSON.stringify(s);
let ts = '// Generated by tools/gen-intrinsic-sigs.mjs from LLVM\'s IntrinsicImpl.inc of each version; do not edit by hand.\n';
ts += '// Long on purpose: generated data, one entry per generic intrinsic per LLVM version.\n';
ts += '// The generic intrinsics\' names, sorted by bytes (ir/intrinsic-sigs.ts searches them as LLVM does).\n';
ts += 'export const SIG_NAMES: string[] = [\n' + names.map((n) => `  ${esc(n)},`).join('\n') + '\n];\n';
ts += '// Type descriptor lists: count, then (kind, a, b) per descriptor (kinds: ir/intrinsic-sigs.ts IIT).\n';
ts += 'export const SIG_POOL: StaticArray<u16> = [\n' + poolText.map(([o, t], j) => {
  const end = j + 1 < poolText.length ? poolText[j + 1][0] : pool.length;
  return `  ${pool.slice(o, end).join(', ')}, // ${o}: ${t}`;
}).join('\n') + '\n];\n';
VERSIONS.forEach((v, i) => {
  ts += `// Per SIG_NAMES entry under LLVM ${v}: its list's offset in SIG_POOL << 1 | 1 when overloaded; -1 when LLVM ${v} has no such intrinsic.\n`;
  ts += `export const SIG_${v}: StaticArray<i32> = [\n` + names.map((n, j) => `  ${perVersion[i][j]}, // ${n}`).join('\n') + '\n];\n';
  ts += `// The target namespaces of LLVM ${v} (llvm.<target>.*): their intrinsics are not in the table above.\n`;
  ts += `export const SIG_TARGETS_${v}: string[] = ${esc(versions[i].targets)};\n`;
});
fs.writeFileSync(path.join(ROOT, 'assembly', 'ir', 'intrinsic-sigs-table.ts'), ts);
console.log(`${names.length} generic intrinsics (${VERSIONS.map((v, i) => `LLVM ${v}: ${versions[i].sigs.size}`).join(', ')}), ${pool.length} pool entries`);
