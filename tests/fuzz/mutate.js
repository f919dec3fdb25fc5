// Structure-aware mutations of LLVM IR text for the fuzzer (fuzz.mjs): each mutator changes one
// thing a person or a tool could get wrong — a line, a number, a type, an opcode, a name, a
// metadata reference — so that most mutants still parse and reach the verifier and the passes,
// and a few raw byte changes for the lexer. All randomness comes from the seeded `rng`.

/** mulberry32: a small seeded PRNG; returns () => float in [0, 1). */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (rng, list) => list[Math.floor(rng() * list.length)];

const NUMBERS = ['0', '1', '-1', '2', '7', '31', '32', '63', '64', '127', '128', '255', '256', '4096', '65535', '2147483647',
  '-2147483648', '4294967295', '4294967296', '9223372036854775807', '-9223372036854775808', '18446744073709551615',
  '18446744073709551616', '340282366920938463463374607431768211456', '8388608', '8388607', '1073741824', '0x1', '0xK3FFF8',
  '0xH7C00', '0xR3F80', '0xL1', '0xM1', '1.5', '-0.0', '1e308', '0x7FF8000000000000'];
const TYPES = ['i1', 'i8', 'i16', 'i32', 'i64', 'i128', 'i7', 'i8388608', 'half', 'bfloat', 'float', 'double', 'x86_fp80', 'fp128',
  'ppc_fp128', 'ptr', 'ptr addrspace(1)', 'void', 'label', 'metadata', 'token', '<4 x i32>', '<vscale x 2 x i64>', '[2 x i8]',
  '{ i32, ptr }', '<{ i8, i64 }>', 'x86_amx'];
const OPCODE_GROUPS = [
  ['add', 'sub', 'mul', 'sdiv', 'udiv', 'srem', 'urem', 'shl', 'lshr', 'ashr', 'and', 'or', 'xor'],
  ['fadd', 'fsub', 'fmul', 'fdiv', 'frem'],
  ['eq', 'ne', 'ugt', 'uge', 'ult', 'ule', 'sgt', 'sge', 'slt', 'sle', 'oeq', 'ogt', 'true', 'false'],
  ['trunc', 'zext', 'sext', 'bitcast', 'ptrtoint', 'inttoptr', 'addrspacecast', 'fptrunc', 'fpext', 'fptoui', 'sitofp'],
  ['load', 'store', 'alloca', 'getelementptr', 'call', 'invoke', 'select', 'phi', 'freeze'],
  ['private', 'internal', 'external', 'weak', 'linkonce_odr', 'weak_odr', 'common', 'appending', 'available_externally', 'extern_weak', 'linkonce'],
  ['nounwind', 'readonly', 'readnone', 'noinline', 'optnone', 'alwaysinline', 'nocapture', 'noundef', 'nonnull', 'immarg', 'returned',
    'sret(i32)', 'byval(i32)', 'align 8', 'dereferenceable(8)', 'memory(none)', 'willreturn', 'nofree', 'inreg', 'swifterror', 'nest'],
  ['nuw', 'nsw', 'exact', 'disjoint', 'nneg', 'inbounds', 'fast', 'nnan', 'samesign', ''],
  ['fastcc', 'coldcc', 'ccc', 'swiftcc', 'tailcc', 'cc 10', ''],
  ['seq_cst', 'acquire', 'release', 'acq_rel', 'monotonic', 'unordered'],
];
const OPCODE_WORDS = new Map(OPCODE_GROUPS.flatMap((g, i) => g.filter(Boolean).map(w => [w, i])));

// Whole-line mutations.
function deleteLine(rng, lines) { lines.splice(Math.floor(rng() * lines.length), 1); }
function duplicateLine(rng, lines) { const i = Math.floor(rng() * lines.length); lines.splice(i, 0, lines[i]); }
function swapLines(rng, lines) {
  const i = Math.floor(rng() * (lines.length - 1));
  [lines[i], lines[i + 1]] = [lines[i + 1], lines[i]];
}
function moveLine(rng, lines) {
  const [line] = lines.splice(Math.floor(rng() * lines.length), 1);
  lines.splice(Math.floor(rng() * (lines.length + 1)), 0, line);
}
function spliceForeign(rng, lines, donor) {
  if (!donor.length) return;
  lines.splice(Math.floor(rng() * (lines.length + 1)), 0, pick(rng, donor));
}

// Token mutations on one line (replace the n-th match of `re` by `f(match)`).
function replaceToken(rng, lines, re, f) {
  const candidates = [];
  lines.forEach((l, i) => { for (const m of l.matchAll(re)) candidates.push([i, m.index, m[0]]); });
  if (!candidates.length) return false;
  const [i, at, tok] = pick(rng, candidates);
  lines[i] = lines[i].slice(0, at) + f(tok) + lines[i].slice(at + tok.length);
  return true;
}
const NUMBER_RE = /(?<![\w%@!#.$"-])-?\d+(\.\d+(e[+-]?\d+)?)?(?![\w.])/g;
const TYPE_RE = /\b(i\d+|half|bfloat|float|double|x86_fp80|fp128|ppc_fp128|ptr|void)\b/g;
const WORD_RE = /\b[a-z_][a-z_0-9]*\b/g;
const LOCAL_RE = /%[\w.$-]+/g;
const MD_RE = /!\d+/g;

function mutateNumber(rng, lines) { return replaceToken(rng, lines, NUMBER_RE, () => pick(rng, NUMBERS)); }
function mutateType(rng, lines) { return replaceToken(rng, lines, TYPE_RE, () => pick(rng, TYPES)); }
function mutateWord(rng, lines) {
  const words = [];
  lines.forEach((l, i) => { for (const m of l.matchAll(WORD_RE)) if (OPCODE_WORDS.has(m[0])) words.push([i, m.index, m[0]]); });
  if (!words.length) return false;
  const [i, at, w] = pick(rng, words);
  lines[i] = lines[i].slice(0, at) + pick(rng, OPCODE_GROUPS[OPCODE_WORDS.get(w)]) + lines[i].slice(at + w.length);
  return true;
}
function mutateLocal(rng, lines) {
  const names = [...new Set(lines.flatMap(l => l.match(LOCAL_RE) ?? []))];
  return names.length > 1 && replaceToken(rng, lines, LOCAL_RE, () => pick(rng, names));
}
function mutateMetadata(rng, lines) {
  const refs = [...new Set(lines.flatMap(l => l.match(MD_RE) ?? []))];
  return refs.length > 1 && replaceToken(rng, lines, MD_RE, () => pick(rng, [...refs, '!999']));
}

// Byte mutations (the lexer's share).
function mutateBytes(rng, text) {
  const at = Math.floor(rng() * (text.length + 1));
  switch (Math.floor(rng() * 4)) {
    case 0: return text.slice(0, at);                                               // truncate
    case 1: return text.slice(0, at) + text.slice(at + 1 + Math.floor(rng() * 8));   // delete a few bytes
    case 2: return text.slice(0, at) + pick(rng, ['"', '\\', '(', ')', '{', '}', '<', '>', ',', '=', '\0', '\n', '#', '!', '@', '%', 'c"', '\u00e9', ';']) + text.slice(at);
    default: return text.slice(0, at) + String.fromCharCode(Math.floor(rng() * 128)) + text.slice(at + 1);
  }
}

// Line ends (the lexer's and the diagnostics' share): every one as CR, as CRLF, or mixed; a CR in
// a comment (what follows it is code, as in LLVM's lexer) or in a string.
function mutateLineEnds(rng, text) {
  const insertAfter = (re, what) => {
    const at = [...text.matchAll(re)].map(m => m.index + m[0].length);
    if (!at.length) return text;
    const i = pick(rng, at), j = i + Math.floor(rng() * Math.max(1, text.indexOf('\n', i) - i));
    return text.slice(0, j) + what + text.slice(j);
  };
  switch (Math.floor(rng() * 5)) {
    case 0: return text.replace(/\n/g, '\r');
    case 1: return text.replace(/\n/g, '\r\n');
    case 2: return text.replace(/\n/g, () => pick(rng, ['\n', '\r', '\r\n', '\n\r']));
    case 3: return insertAfter(/;/g, pick(rng, ['\r', '\r\n']));
    default: return insertAfter(/"/g, pick(rng, ['\r', '\r\n', '\n']));
  }
}

// Deep nesting: a global of a type, a constant expression or a metadata node nested about as
// deep as wopt's limit (assembly/ir/nesting.ts, 1024 levels: every level counts, the innermost
// too), on either side of it, or of a chain of named structs; now and then far deeper, where opt
// still reads it (wopt refuses it: the fuzzer's `limit`).
const LEVELS = [511, 512, 513, 1023, 1024, 1025, 1100, 5000];
function addDeepNesting(rng, lines) {
  const levels = pick(rng, LEVELS), n = levels - 1;
  switch (Math.floor(rng() * 4)) {
    case 0: lines.push(`@fuzz.deep = global ${'[1 x '.repeat(n)}i8${']'.repeat(n)} zeroinitializer`); break;
    case 1: lines.push(`@fuzz.deep = global ptr ${'getelementptr (i8, ptr '.repeat(n)}@fuzz.deep${', i64 1)'.repeat(n)}`); break;
    case 2: lines.push(`!fuzz.deep = !{!9999999}`, `!9999999 = ${'!{'.repeat(levels)}${'}'.repeat(levels)}`); break;
    default:
      for (let i = 0; i < n; i++) lines.push(`%fuzz.deep${i} = type { %fuzz.deep${i + 1} }`);
      lines.push(`%fuzz.deep${n} = type { i8 }`, '@fuzz.deep = global %fuzz.deep0 zeroinitializer');
  }
}

const LINE_MUTATORS = [deleteLine, duplicateLine, swapLines, moveLine, mutateNumber, mutateNumber, mutateType, mutateType,
  mutateWord, mutateWord, mutateWord, mutateLocal, mutateLocal, mutateMetadata];

/**
 * One mutant of `text`: 1-3 structure-aware changes, sometimes a line from `donor` (lines of
 * other modules) or a deeply nested global, and now and then a raw byte or line-end change.
 * Returns { text, ops: [names] }.
 */
export function mutate(rng, text, donor = []) {
  const ops = [];
  const r = rng();
  if (r < 0.1) { ops.push('bytes'); return { text: mutateBytes(rng, text), ops }; }
  if (r < 0.13) { ops.push('lineEnds'); return { text: mutateLineEnds(rng, text), ops }; }
  if (r < 0.15) {
    const lines = text.split('\n');
    addDeepNesting(rng, lines);
    ops.push('deepNesting');
    return { text: lines.join('\n'), ops };
  }
  const lines = text.split('\n');
  for (let n = 1 + Math.floor(rng() * 3); n > 0 && lines.length > 1; n--) {
    if (rng() < 0.08) { spliceForeign(rng, lines, donor); ops.push('splice'); continue; }
    const m = pick(rng, LINE_MUTATORS);
    m(rng, lines);
    ops.push(m.name);
  }
  return { text: lines.join('\n'), ops };
}

// Byte-level mutations of LLVM bitcode (fuzz.mjs --bitcode): one to four of flipping a bit,
// setting a byte or a 32-bit word to a boundary value, cutting the file short (at a word), deleting,
// repeating or copying over a run of bytes. The 4-byte magic is left alone half the time, so that
// most mutants reach the block and record readers. Returns { bytes, ops }.
const WORDS = [0, 1, 0x7f, 0x80, 0xff, 0xffff, 0x7fffffff, 0x80000000, 0xffffffff];
export function mutateBitcode(rng, bytes) {
  let b = new Uint8Array(bytes);
  const ops = [];
  const n = 1 + Math.floor(rng() * 4);
  const from = rng() < 0.5 ? 4 : 0;
  const at = () => from + Math.floor(rng() * Math.max(1, b.length - from));
  for (let k = 0; k < n && b.length > from + 4; k++) {
    const r = rng();
    if (r < 0.35) { b[at()] ^= 1 << Math.floor(rng() * 8); ops.push('flip'); }
    else if (r < 0.55) { b[at()] = Math.floor(rng() * 256); ops.push('byte'); }
    else if (r < 0.65) {
      const i = at() & ~3, w = pick(rng, WORDS);
      if (i + 4 <= b.length) { b[i] = w & 255; b[i + 1] = (w >>> 8) & 255; b[i + 2] = (w >>> 16) & 255; b[i + 3] = w >>> 24; }
      ops.push('word');
    } else if (r < 0.75) { b = b.slice(0, Math.max(from + 4, at() & ~3)); ops.push('cut'); }
    else {
      const i = at(), len = 4 * (1 + Math.floor(rng() * 16)), j = at();   // whole words: the length stays a multiple of 4
      const run = b.slice(i, i + len);
      if (r < 0.85) { b = new Uint8Array([...b.slice(0, i), ...b.slice(i + len)]); ops.push('delete'); }
      else if (r < 0.93) { b = new Uint8Array([...b.slice(0, j), ...run, ...b.slice(j)]); ops.push('repeat'); }
      else { b.set(run.slice(0, Math.max(0, b.length - j)), j); ops.push('copy'); }
    }
  }
  return { bytes: b, ops };
}
