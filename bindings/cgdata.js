// cgdata.js — codegen data for global function merging (LLVM 22's global-merge-func): the stable
// function map's serialized forms, as the core reads and writes them (assembly/cgdata/, ABI.md
// "Codegen data"). Environment-neutral (no Node built-ins).
//
// The two rounds LLVM runs, and what wopt does in each:
// 1. each module goes through `global-merge-func` with -codegen-data-generate, which embeds the
//    module's map in a `__llvm_merge` section global; `embeddedFunctionMap` reads it back from
//    the module (IR text or bitcode), `objectMergeSections` from an ELF object file;
// 2. `mergeCodegenData` merges those maps into the .cgdata file llvm-cgdata --merge writes, byte
//    for byte; `readCodegenData` reads one (for the second round's -codegen-data-use-path).
// Hashes are BigInts (unsigned 64-bit).
import { decodeUtf8, toBytes } from './marshal.js';

const encoder = new TextEncoder();

/** What `writeFunctionMap` writes (the core's cgdataWrite kinds). */
export const CGDATA_WRITE = { merged: 0, converted: 1, record: 2 };

function check(r, what) {
  if (r && r.ok === false) throw new Error(`${what}: ${r.message}`);
  return r;
}

/**
 * The merge section contents of a module, as its object file would hold them (the maps
 * global-merge-func embedded): a Uint8Array, empty when the module has none.
 * @param input .ll text or bitcode (string, Uint8Array, ArrayBuffer)
 */
export function embeddedFunctionMap(core, input, { moduleId, llvmVersion = 22 } = {}) {
  const p = core.parse(input, { moduleId, llvmVersion });
  if (!p.ok) throw new Error(`${moduleId ?? '<module>'}:${p.line}:${p.col}: ${p.message}`);
  return check(core.cgdataEmbedded(), 'embedded function map').bytes;
}

/**
 * llvm-cgdata --merge: the codegen data of several objects merged, the map finalized (trimmed
 * unless skipTrim, by `thresholds` as core.cgdataSetThresholds takes them), and written as an
 * indexed .cgdata file. Returns the file's bytes.
 * inputs, in command-line order: a merge section's contents (a Uint8Array: one or more maps back
 * to back), or an object's sections `{ merge: [Uint8Array], outline: [Uint8Array] }` as
 * objectCodegenDataSections finds them (outline: its outlined hash trees).
 */
export function mergeCodegenData(core, inputs, { skipTrim = false, thresholds } = {}) {
  check(core.cgdataBegin(), 'codegen data');
  if (thresholds) check(core.cgdataSetThresholds(thresholds), 'thresholds');
  inputs.forEach((input, i) => {
    const { merge, outline = [] } = ArrayBuffer.isView(input) || input instanceof ArrayBuffer ? { merge: [input] } : input;
    for (const s of outline) check(core.cgdataMergeOutline(toBytes(s)), `input ${i}: outlined hash tree`);
    for (const s of merge) check(core.cgdataMerge(toBytes(s)), `input ${i}: stable function map`);
  });
  check(core.cgdataFinalize({ skipTrim }), 'finalize');
  return check(core.cgdataWrite(CGDATA_WRITE.merged), 'write').bytes;
}

/**
 * llvm-cgdata --merge of object files (Uint8Arrays: ELF, Mach-O or COFF objects, or `ar`
 * archives of them, whose members are taken in order), in that order.
 */
export function mergeObjectFiles(core, files, options) {
  return mergeCodegenData(core, files.flatMap(f => archiveMembers(f) ?? [f]).map(objectCodegenDataSections), options);
}

/**
 * The members of an `ar` archive (GNU or BSD), in order, without its symbol and name tables; null
 * when the bytes are not an archive. (llvm-cgdata-22 aligns a map's names by memory address, so it
 * misreads a member whose data does not start 4-aligned in the archive, and can crash on it; here
 * every map is read as if its section started aligned.)
 */
export function archiveMembers(bytes) {
  const b = toBytes(bytes);
  if (b.length < 8 || decodeUtf8(b.subarray(0, 8)) !== '!<arch>\n') return null;
  const field = (at, n) => decodeUtf8(b.subarray(at, at + n)).trimEnd();
  const out = [];
  for (let at = 8; at + 60 <= b.length;) {
    let name = field(at, 16);
    const size = Number(field(at + 48, 10));
    let data = at + 60, len = size;
    if (name.startsWith('#1/')) {   // BSD: the name's length, the name before the data
      const n = Number(name.slice(3));
      name = decodeUtf8(b.subarray(data, data + n)).replace(/\0+$/, '');
      data += n; len -= n;
    }
    // the symbol tables (GNU '/', '/SYM64/'; BSD '__.SYMDEF...') and GNU's long-name table '//'
    if (name !== '/' && name !== '//' && name !== '/SYM64/' && !name.startsWith('__.SYMDEF')) out.push(b.subarray(data, data + len));
    at += 60 + size + (size & 1);
  }
  return out;
}

/**
 * Reads an indexed .cgdata file: { version, hasOutlinedHashTree, tree, map } (tree: see
 * decodeTree, map: decodeFunctionMap; null when the file has none). Throws with LLVM's wording of
 * the error.
 */
export function readCodegenData(core, bytes) {
  check(core.cgdataBegin(), 'codegen data');
  const b = toBytes(bytes);
  check(core.cgdataRead(b), 'read');
  const version = b.length >= 12 ? new DataView(b.buffer, b.byteOffset, b.byteLength).getUint32(8, true) : 0;
  const kinds = b.length >= 16 ? new DataView(b.buffer, b.byteOffset, b.byteLength).getUint32(12, true) : 0;
  const map = (kinds & 2) ? decodeFunctionMap(check(core.cgdataWrite(3), 'describe').bytes) : null;
  const tree = (kinds & 1) ? decodeTree(check(core.cgdataWrite(5), 'describe').bytes) : null;
  return { version, hasOutlinedHashTree: (kinds & 1) !== 0, tree, map };
}

/**
 * A map built from functions, inserted in order as global-merge-func (or a YAML .cgdata) inserts
 * them, then written: `write` 'converted' (a .cgdata as llvm-cgdata --convert writes it),
 * 'merged' (as --merge does: no map part when empty) or 'record' (the serialized map alone, as
 * embedded in __llvm_merge). `finalize` trims first (skipTrim as --skip-trim).
 * functions: [{ hash, name, module, instCount, operandHashes: [{ inst, opnd, hash }] }].
 */
export function writeFunctionMap(core, functions, { write = 'converted', finalize = false, skipTrim = false } = {}) {
  check(core.cgdataBegin(), 'codegen data');
  check(core.cgdataAdd(encodeFunctions(functions)), 'functions');
  if (finalize) check(core.cgdataFinalize({ skipTrim }), 'finalize');
  if (!(write in CGDATA_WRITE)) throw new TypeError(`unknown write kind '${write}'`);
  return check(core.cgdataWrite(CGDATA_WRITE[write]), 'write').bytes;
}

/**
 * The session map as decodeFunctionMap describes it; `stored`: the functions in the order they
 * were added and each one's operand hashes in the order LLVM's DenseMap of them iterates (the
 * order global-merge-func walks them in), rather than the serialized order.
 */
export function sessionFunctionMap(core, { stored = false } = {}) {
  return decodeFunctionMap(check(core.cgdataWrite(stored ? 4 : 3), 'describe').bytes);
}

/** The functions blob of the core's cgdataAdd. */
export function encodeFunctions(functions) {
  const parts = [];
  let size = 4;
  for (const f of functions) {
    const name = typeof f.name === 'string' ? encoder.encode(f.name) : toBytes(f.name);
    const mod = typeof f.module === 'string' ? encoder.encode(f.module) : toBytes(f.module);
    parts.push({ f, name, mod });
    size += 8 + 4 + name.length + 4 + mod.length + 8 + 16 * (f.operandHashes?.length ?? 0);
  }
  const out = new Uint8Array(size);
  const dv = new DataView(out.buffer);
  let at = 0;
  dv.setUint32(at, functions.length, true); at += 4;
  for (const { f, name, mod } of parts) {
    dv.setBigUint64(at, BigInt.asUintN(64, BigInt(f.hash)), true); at += 8;
    dv.setUint32(at, name.length, true); at += 4; out.set(name, at); at += name.length;
    dv.setUint32(at, mod.length, true); at += 4; out.set(mod, at); at += mod.length;
    dv.setUint32(at, f.instCount, true); at += 4;
    const ops = f.operandHashes ?? [];
    dv.setUint32(at, ops.length, true); at += 4;
    for (const o of ops) {
      dv.setUint32(at, o.inst, true); dv.setUint32(at + 4, o.opnd, true);
      dv.setBigUint64(at + 8, BigInt.asUintN(64, BigInt(o.hash)), true); at += 16;
    }
  }
  return out;
}

/**
 * The core's description of a map (cgdataWrite kind 3): { uniqueHashCount, totalFunctionCount,
 * mergeableFunctionCount, names, functions: [{ hash, name, module, instCount, operandHashes }] }
 * with the functions in the serialized order.
 */
export function decodeFunctionMap(bytes) {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  const u32 = () => { const v = dv.getUint32(at, true); at += 4; return v; };
  const u64 = () => { const v = dv.getBigUint64(at, true); at += 8; return v; };
  const uniqueHashCount = u32(), totalFunctionCount = u32(), mergeableFunctionCount = u32();
  const names = [];
  for (let i = 0, n = u32(); i < n; i++) { const len = u32(); names.push(decodeUtf8(bytes.subarray(at, at + len))); at += len; }
  const functions = [];
  for (let i = 0, n = u32(); i < n; i++) {
    const hash = u64(), name = names[u32()], module = names[u32()], instCount = u32();
    const operandHashes = [];
    for (let k = 0, m = u32(); k < m; k++) { const inst = u32(), opnd = u32(); operandHashes.push({ inst, opnd, hash: u64() }); }
    functions.push({ hash, name, module, instCount, operandHashes });
  }
  return { uniqueHashCount, totalFunctionCount, mergeableFunctionCount, names, functions };
}

/**
 * The core's description of an outlined hash tree (cgdataWrite kind 5): { nodeCount,
 * terminalCount, depth, nodes: [{ hash, terminals, successors }] } with the nodes by id.
 */
export function decodeTree(bytes) {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  const u32 = () => { const v = dv.getUint32(at, true); at += 4; return v; };
  const nodeCount = u32(), terminalCount = u32(), depth = u32();
  const nodes = [];
  for (let i = 0, n = u32(); i < n; i++) {
    u32();
    const hash = dv.getBigUint64(at, true); at += 8;
    const terminals = u32();
    const successors = [];
    for (let k = 0, m = u32(); k < m; k++) successors.push(u32());
    nodes.push({ hash, terminals, successors });
  }
  return { nodeCount, terminalCount, depth, nodes };
}

/** The text `llvm-cgdata --show` prints for a file read by readCodegenData (`showVersion`: --cgdata-version). */
export function showCodegenData(info, { showVersion = false } = {}) {
  let s = showVersion ? `Version: ${info.version}\n` : '';
  if (info.tree) {
    s += 'Outlined hash tree:\n';
    s += `  Total Node Count: ${info.tree.nodeCount}\n`;
    s += `  Terminal Node Count: ${info.tree.terminalCount}\n`;
    s += `  Depth: ${info.tree.depth}\n`;
  }
  if (info.map) {
    s += 'Stable function map:\n';
    s += `  Unique hash Count: ${info.map.uniqueHashCount}\n`;
    s += `  Total function Count: ${info.map.totalFunctionCount}\n`;
    s += `  Mergeable function Count: ${info.map.mergeableFunctionCount}\n`;
  }
  return s;
}

// How LLVM's YAML writer quotes a scalar (yaml::needsQuotes): 0 plain, 1 single, 2 double.
function quoting(s) {
  if (s === '') return 1;
  let q = 0;
  if (/^\s|\s$/.test(s)) q = 1;
  if (/^(null|Null|NULL|~|true|True|TRUE|false|False|FALSE|y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$/.test(s)) q = 1;
  if (/^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/.test(s) || /^0x[0-9a-fA-F]+$/.test(s) || /^0o[0-7]+$/.test(s) ||
      /^[-+]?\.(inf|Inf|INF)$/.test(s) || /^\.(nan|NaN|NAN)$/.test(s)) q = 1;
  if ('-?:\\,[]{}#&*!|>\'"%@`'.includes(s[0])) q = 1;
  for (const ch of encoder.encode(s)) {
    if ((ch >= 0x30 && ch <= 0x39) || (ch >= 0x41 && ch <= 0x5a) || (ch >= 0x61 && ch <= 0x7a)) continue;
    if ('_-^., \t'.includes(String.fromCharCode(ch))) continue;
    if (ch === 0x0a || ch === 0x0d) { q = Math.max(q, 1); continue; }
    if (ch === 0x7f || ch <= 0x1f || ch >= 0x80) return 2;
    q = Math.max(q, 1);
  }
  return q;
}
function yamlScalar(s) {
  const q = quoting(s);
  if (q === 0) return s;
  if (q === 1) return `'${s.replace(/'/g, "''")}'`;
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0);
    if (ch === '"' || ch === '\\') out += '\\' + ch;
    else if (c === 0x0a) out += '\\n';
    else if (c === 0x0d) out += '\\r';
    else if (c === 0x09) out += '\\t';
    else if (c < 0x20 || c === 0x7f) out += '\\x' + c.toString(16).toUpperCase().padStart(2, '0');
    else out += ch;
  }
  return out + '"';
}
// A flow sequence as LLVM's YAML writer prints one after `prefix`: `[ a, b ]`, wrapped (after the
// comma) once a line passes column 70, continuation lines indented two past the `[`.
function flowSequence(prefix, items) {
  const start = prefix.length;
  let s = prefix + '[ ', col = start + 2;
  items.forEach((item, i) => {
    if (i > 0) { s += ', '; col += 2; }
    if (col > 70) { s += '\n' + ' '.repeat(start + 2); col = start + 2; }
    const t = String(item);
    s += t; col += t.length;
  });
  return s + ' ]\n';
}
const key = (k, indent) => `${' '.repeat(indent)}${(k + ':').padEnd(16)} `;

/** The text `llvm-cgdata --convert` writes for a file read by readCodegenData. */
export function codegenDataYAML(info) {
  let s = '';
  if (info.tree) s += '# Outlined stable hash tree\n:outlined_hash_tree\n';
  if (info.map) s += '# Stable function map\n:stable_function_map\n';
  if (info.tree) {
    s += '---\n';
    info.tree.nodes.forEach((n, id) => {
      s += `${id}:\n`;
      s += `${key('Hash', 2)}0x${n.hash.toString(16).toUpperCase()}\n`;
      s += `${key('Terminals', 2)}${n.terminals}\n`;
      s += flowSequence(key('SuccessorIds', 2), n.successors);
    });
    s += '...\n';
  }
  if (!info.map) return s;
  s += '---\n';
  const fns = info.map.functions;
  if (fns.length === 0) return s + '[]\n...\n';
  for (const f of fns) {
    s += `- ${(('Hash') + ':').padEnd(16)} ${f.hash}\n`;
    s += `${key('FunctionName', 2)}${yamlScalar(f.name)}\n`;
    s += `${key('ModuleName', 2)}${yamlScalar(f.module)}\n`;
    s += `${key('InstCount', 2)}${f.instCount}\n`;
    if (f.operandHashes.length === 0) { s += '  IndexOperandHashes: []\n'; continue; }
    s += '  IndexOperandHashes:\n';
    for (const o of f.operandHashes) {
      s += `    - ${('InstIndex:').padEnd(16)} ${o.inst}\n`;
      s += `${key('OpndIndex', 6)}${o.opnd}\n`;
      s += `${key('OpndHash', 6)}${o.hash}\n`;
    }
  }
  return s + '...\n';
}

/**
 * The contents of the codegen data merge sections of an object file, in section order: what
 * llvm-cgdata --merge reads from it. ELF (32/64-bit, either byte order) and Mach-O (32/64-bit)
 * sections named `__llvm_merge`. In a COFF object llvm-cgdata-22 looks for `__llvm_merge` too,
 * not for `.lmerge`, the name LLVM gives the section for a Windows target (the triple it makes of
 * a COFF object names no Windows system, so it takes the ELF name): the maps LLVM embeds for
 * Windows are not read, and neither are they here. [] when there are no such sections or the bytes
 * are none of these formats.
 */
export function objectMergeSections(bytes) { return objectCodegenDataSections(bytes).merge; }

/**
 * The codegen data sections of an object file, as llvm-cgdata --merge reads them: { merge, outline }
 * (the contents of its `__llvm_merge` and `__llvm_outline` sections, in section order; see
 * objectMergeSections for the formats and names).
 */
export function objectCodegenDataSections(bytes) {
  const b = toBytes(bytes);
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let list = [];
  if (b.length >= 52 && b[0] === 0x7f && b[1] === 0x45 && b[2] === 0x4c && b[3] === 0x46) list = elfSections(b, dv);
  else if (b.length >= 28 && (dv.getUint32(0, true) === 0xfeedfacf || dv.getUint32(0, true) === 0xfeedface)) list = machoSections(b, dv, dv.getUint32(0, true) === 0xfeedfacf);
  else if (b.length >= 20 && COFF_MACHINES.has(dv.getUint16(0, true))) list = coffSections(b, dv);
  return { merge: list.filter(s => s.name === '__llvm_merge').map(s => s.bytes), outline: list.filter(s => s.name === '__llvm_outline').map(s => s.bytes) };
}
const WANTED = new Set(['__llvm_merge', '__llvm_outline']);

const cstr = (b, at, max) => { let e = at; while (e < at + max && e < b.length && b[e] !== 0) e++; return decodeUtf8(b.subarray(at, e)); };

function elfSections(b, dv) {
  const is64 = b[4] === 2, le = b[5] === 1;
  const u16 = at => dv.getUint16(at, le), u32 = at => dv.getUint32(at, le);
  const word = at => is64 ? Number(dv.getBigUint64(at, le)) : u32(at);
  const shoff = word(is64 ? 0x28 : 0x20);
  const shentsize = u16(is64 ? 0x3a : 0x2e), shnum = u16(is64 ? 0x3c : 0x30), shstrndx = u16(is64 ? 0x3e : 0x32);
  const sec = i => {
    const h = shoff + i * shentsize;
    return is64 ? { name: u32(h), type: u32(h + 4), offset: word(h + 24), size: word(h + 32) }
      : { name: u32(h), type: u32(h + 4), offset: u32(h + 16), size: u32(h + 20) };
  };
  if (!shoff || shstrndx >= shnum) return [];
  const names = sec(shstrndx);
  const out = [];
  for (let i = 0; i < shnum; i++) {
    const s = sec(i);
    const name = cstr(b, names.offset + s.name, b.length);
    if (!WANTED.has(name)) continue;
    out.push({ name, bytes: s.type === 8 /* SHT_NOBITS */ ? new Uint8Array(0) : b.slice(s.offset, s.offset + s.size) });
  }
  return out;
}

function machoSections(b, dv, is64) {
  const u32 = at => dv.getUint32(at, true);
  const ncmds = u32(16);
  const out = [];
  let at = is64 ? 32 : 28;
  for (let i = 0; i < ncmds && at + 8 <= b.length; i++) {
    const cmd = u32(at), size = u32(at + 4);
    if (cmd === (is64 ? 0x19 : 0x1)) {   // LC_SEGMENT_64 / LC_SEGMENT
      const nsects = u32(at + (is64 ? 64 : 48));
      for (let k = 0; k < nsects; k++) {
        const s = at + (is64 ? 72 + 80 * k : 56 + 68 * k);
        const name = cstr(b, s, 16);
        if (!WANTED.has(name)) continue;
        const secSize = is64 ? Number(dv.getBigUint64(s + 40, true)) : u32(s + 36);
        const offset = u32(s + (is64 ? 48 : 40));
        const zerofill = (u32(s + (is64 ? 64 : 56)) & 0xff) === 1;
        out.push({ name, bytes: zerofill ? new Uint8Array(0) : b.slice(offset, offset + secSize) });
      }
    }
    if (size === 0) break;
    at += size;
  }
  return out;
}

// IMAGE_FILE_MACHINE_ values of the COFF objects LLVM writes: i386, x86-64, ARM (Thumb-2), ARM64,
// ARM64EC, ARM64X.
const COFF_MACHINES = new Set([0x14c, 0x8664, 0x1c4, 0xaa64, 0xa641, 0xa64e]);

function coffSections(b, dv) {
  const u16 = at => dv.getUint16(at, true), u32 = at => dv.getUint32(at, true);
  const nsects = u16(2), symtab = u32(8), nsyms = u32(12), optSize = u16(16);
  const strtab = symtab + nsyms * 18;
  const out = [];
  for (let i = 0; i < nsects; i++) {
    const h = 20 + optSize + 40 * i;
    if (h + 40 > b.length) break;
    let name = cstr(b, h, 8);
    if (name.startsWith('/')) name = cstr(b, strtab + Number(name.slice(1)), b.length);
    if (!WANTED.has(name)) continue;
    const size = u32(h + 16), offset = u32(h + 20);
    out.push({ name, bytes: offset === 0 ? new Uint8Array(0) : b.slice(offset, offset + size) });
  }
  return out;
}
