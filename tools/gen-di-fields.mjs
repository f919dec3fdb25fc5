// Generates assembly/ir/di-fields.ts: for each LLVM version, the specialized debug-info node
// classes opt's parser knows, their fields, each field's value kind and limits, which fields are
// required (in the order opt reports them missing), and the names each enumerated kind accepts.
// Everything is learned by probing opt-19 and opt-22 with one-node modules and reading their
// diagnostics; the candidate class and field names are the union of those in LLVM's LLParser.cpp.
//   node tools/gen-di-fields.mjs [--llvm-bin-pattern /usr/lib/llvm-%V/bin]
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const argv = process.argv;
const pattern = argv.includes('--llvm-bin-pattern') ? argv[argv.indexOf('--llvm-bin-pattern') + 1] : '/usr/lib/llvm-%V/bin';
const versions = [19, 22];

const CLASSES = ['DILocation', 'GenericDINode', 'DISubrange', 'DIGenericSubrange', 'DIEnumerator', 'DIBasicType',
  'DIFixedPointType', 'DIStringType', 'DIDerivedType', 'DISubrangeType', 'DICompositeType', 'DISubroutineType',
  'DIFile', 'DICompileUnit', 'DISubprogram', 'DILexicalBlock', 'DILexicalBlockFile', 'DICommonBlock', 'DINamespace',
  'DIMacro', 'DIMacroFile', 'DIModule', 'DITemplateTypeParameter', 'DITemplateValueParameter', 'DIGlobalVariable',
  'DILocalVariable', 'DILabel', 'DIObjCProperty', 'DIImportedEntity', 'DIAssignID', 'DIGlobalVariableExpression'];
const FIELDS = `line column scope inlinedAt isImplicitCode atomGroup atomRank tag header operands name file baseType
  size align flags lowerBound upperBound stride bias count value isUnsigned dataSize encoding num_extra_inhabitants
  kind factor numerator denominator stringLength stringLengthExpression stringLocationExpression offset extraData
  dwarfAddressSpace annotations ptrAuthKey ptrAuthIsAddressDiscriminated ptrAuthExtraDiscriminator ptrAuthIsaPointer
  ptrAuthAuthenticatesNullValues elements runtimeLang enumKind vtableHolder templateParams identifier discriminator
  dataLocation associated allocated rank specification bitStride cc types filename directory checksumkind checksum
  source language sourceLanguageName sourceLanguageVersion producer isOptimized runtimeVersion splitDebugFilename
  emissionKind enums retainedTypes globals imports macros dwoId splitDebugInlining debugInfoForProfiling nameTableKind
  rangesBaseAddress sysroot sdk dialect linkageName type isLocal isDefinition scopeLine containingType virtuality
  virtualIndex thisAdjustment spFlags unit declaration retainedNodes thrownTypes targetFuncName keyInstructions
  exportSymbols configMacros includePath apinotes isDecl defaulted var expr arg isArtificial coroSuspendIdx setter
  getter attributes entity nodes`.split(/\s+/);

// Enumerated kinds: how opt's lexer spells their tokens (a prefix, or whole words), the message for
// a value of another token kind, and where the candidate names come from (Dwarf.def / DebugInfoFlags.def).
const ENUMS = {
  tag: { expected: 'expected DWARF tag', prefix: 'DW_TAG_', def: 'HANDLE_DW_TAG' },
  ate: { expected: 'expected DWARF type attribute encoding', prefix: 'DW_ATE_', def: 'HANDLE_DW_ATE' },
  virt: { expected: 'expected DWARF virtuality code', prefix: 'DW_VIRTUALITY_', def: 'HANDLE_DW_VIRTUALITY' },
  lang: { expected: 'expected DWARF language', prefix: 'DW_LANG_', def: 'HANDLE_DW_LANG' },
  lname: { expected: 'expected DWARF source language name', prefix: 'DW_LNAME_', def: 'HANDLE_DW_LNAME' },
  dialect: { expected: 'expected DWARF language dialect', prefix: 'DW_LLVM_LANG_DIALECT_', words: ['DW_LLVM_LANG_DIALECT_simt', 'DW_LLVM_LANG_DIALECT_tile'] },
  cc: { expected: 'expected DWARF calling convention', prefix: 'DW_CC_', def: 'HANDLE_DW_CC' },
  macinfo: { expected: 'expected DWARF macinfo type', prefix: 'DW_MACINFO_', enumIn: 'BinaryFormat/Dwarf.h' },
  enumkind: { expected: 'expected DWARF enum kind code', prefix: 'DW_APPLE_ENUM_KIND_', def: 'HANDLE_DW_APPLE_ENUM_KIND' },
  emission: { expected: 'expected emission kind', words: ['NoDebug', 'FullDebug', 'LineTablesOnly', 'DebugDirectivesOnly'] },
  nametable: { expected: 'expected nameTable kind', words: ['Default', 'GNU', 'None', 'Apple'] },
  fixedpoint: { expected: 'expected fixed-point kind', words: ['Binary', 'Decimal', 'Rational'] },
  flags: { expected: 'expected debug info flag', prefix: 'DIFlag', flagDef: 'HANDLE_DI_FLAG' },
  spflags: { expected: 'expected debug info flag', prefix: 'DISPFlag', flagDef: 'HANDLE_DISP_FLAG' },
  csk: { expected: 'invalid checksum kind', prefix: 'CSK_', words: ['CSK_MD5', 'CSK_SHA1', 'CSK_SHA256', 'CSK_None'] },
};

// ---- probing ----
function run(v, text) {
  return new Promise(resolve => {
    const p = spawn(`${pattern.replace('%V', v)}/opt`, ['-disable-output', '-']);
    let err = '';
    p.stderr.on('data', d => { err += d; });
    p.on('close', () => {
      const m = /<stdin>:(\d+):(\d+): error: (.*)/.exec(err);
      resolve(m ? { line: +m[1], col: +m[2], msg: m[3] } : null);
    });
    p.stdin.end(text);
  });
}
// One node `!0 = distinct !C(<body>)`; returns the error (with col relative to the body) or null.
const HEAD = (cls) => `!0 = distinct !${cls}(`;
async function node(v, cls, body) {
  const r = await run(v, HEAD(cls) + body + ')\n');
  if (r) r.at = r.col - 1 - HEAD(cls).length; // 0-based offset in body; -1 and less: before it
  return r;
}
// The error about the value of field f when written as `f: val` alone (one at the value itself),
// or null if it was accepted (a later error, such as a missing required field, is not about it).
async function valueError(v, cls, f, val) {
  const r = await node(v, cls, `${f}: ${val}`);
  return r && r.at === f.length + 2 ? r : null;
}

// A valid value for each kind, to satisfy required fields.
function sample(k) {
  if (k.kind === 'u' || k.kind === 's' || k.kind === 'int' || k.kind === 'umd' || k.kind === 'smd') return '1';
  if (k.kind === 'b') return 'true';
  if (k.kind === 'str') return '"s"';
  if (k.kind === 'md') return '!0';
  if (k.kind === 'list') return '{}';
  if (k.kind === 'flags' || k.kind === 'spflags') return '0';
  if (k.kind === 'csk') return 'CSK_MD5';
  return k.kind === 'dialect' ? '1' : '1';
}

async function fieldKind(v, cls, f) {
  const bad = await valueError(v, cls, f, '@g');
  if (!bad) throw new Error(`${v} ${cls}.${f}: '@g' accepted`);
  const m = bad.msg;
  const limit = async (val, re) => { const r = await valueError(v, cls, f, val); const x = r && re.exec(r.msg); return x ? x[1] : null; };
  const tooLarge = new RegExp(`^value for '${f}' too large, limit is (-?\\d+)$`);
  const tooSmall = new RegExp(`^value for '${f}' too small, limit is (-?\\d+)$`);
  if (m === 'expected unsigned integer') return { kind: 'u', max: await limit('18446744073709551616', tooLarge) };
  if (m === 'expected signed integer')
    return { kind: 's', min: await limit('-9223372036854775809', tooSmall), max: await limit('9223372036854775808', tooLarge) };
  if (m === "expected 'true' or 'false'") return { kind: 'b' };
  if (m === 'expected string constant') {
    const e = await valueError(v, cls, f, '""');
    return { kind: 'str', nonEmpty: !!e };
  }
  if (m === 'expected integer') return { kind: 'int' };
  if (m === "expected '{' here") return { kind: 'list' };
  if (m === 'expected metadata operand') {
    const nonNull = !!(await valueError(v, cls, f, 'null'));
    const neg = await valueError(v, cls, f, '-1');
    if (neg && neg.msg === 'expected metadata operand') return { kind: 'md', nonNull };
    if (neg && neg.msg === 'expected unsigned integer') return { kind: 'umd', nonNull, max: await limit('18446744073709551616', tooLarge) };
    return { kind: 'smd', nonNull, min: await limit('-9223372036854775809', tooSmall), max: await limit('9223372036854775808', tooLarge) };
  }
  for (const [kind, e] of Object.entries(ENUMS)) {
    if (!m.startsWith(e.expected)) continue;
    if (kind === 'flags' && (await valueError(v, cls, f, 'DIFlagPublic'))) continue;
    if (kind === 'csk') return { kind };
    const max = kind === 'flags' || kind === 'spflags' ? null : await limit('18446744073709551616', tooLarge);
    return { kind, max };
  }
  throw new Error(`${v} ${cls}.${f}: unknown message '${m}'`);
}

async function probeClass(v, cls) {
  const exists = await node(v, cls, '');
  if (exists && exists.msg === 'expected metadata type') return null;
  const junk = await node(v, cls, 'zzbogus: 1');
  if (!junk || junk.msg !== "invalid field 'zzbogus'") return { fields: [], noFields: true };
  const fields = [];
  for (const f of FIELDS) {
    const r = await node(v, cls, `${f}: @g`);
    if (r && r.msg === `invalid field '${f}'`) continue;
    fields.push({ name: f, ...(await fieldKind(v, cls, f)) });
  }
  // required fields, in the order opt reports them missing (at the closing parenthesis)
  const required = [];
  while (true) {
    const body = required.map(f => `${f.name}: ${sample(f)}`).join(', ');
    const r = await node(v, cls, body);
    const m = r && /^missing required field '(.*)'$/.exec(r.msg);
    if (!m) break;
    if (r.at !== body.length) throw new Error(`${v} ${cls}: missing-field position ${r.at}`);
    required.push(fields.find(f => f.name === m[1]));
  }
  return { fields: [...required.map(f => ({ ...f, required: true })), ...fields.filter(f => !required.includes(f))] };
}

// Candidate names of an enumerated kind (from that version's headers), kept if opt accepts them.
async function enumNames(v, kind, table) {
  const e = ENUMS[kind];
  let cands = e.words ?? [];
  const inc = `${pattern.replace('%V', v)}/../include/llvm`;
  if (e.def) {
    const src = fs.readFileSync(`${inc}/BinaryFormat/Dwarf.def`, 'utf8');
    cands = [...src.matchAll(new RegExp(`^${e.def}\\(\\s*[^,]+,\\s*([A-Za-z0-9_]+)`, 'gm'))].map(m => e.prefix + m[1]);
  }
  if (e.enumIn) { // enumerators `DW_X_name = value` of a header
    const src = fs.readFileSync(`${inc}/${e.enumIn}`, 'utf8');
    cands = [...src.matchAll(new RegExp(`\\b(${e.prefix}[A-Za-z0-9_]+) =`, 'g'))].map(m => m[1]);
  }
  if (e.flagDef) {
    const src = fs.readFileSync(`${inc}/IR/DebugInfoFlags.def`, 'utf8');
    cands = [...src.matchAll(new RegExp(`^${e.flagDef}\\(\\s*[^,]+,\\s*([A-Za-z0-9_]+)`, 'gm'))].map(m => e.prefix + m[1]);
  }
  // a field of this kind to try them in
  let where = null;
  for (const [cls, c] of Object.entries(table)) { const f = c?.fields.find(f => f.kind === kind); if (f) { where = [cls, f.name]; break; } }
  if (!where) return [];
  const ok = [];
  for (const n of [...new Set(cands)]) if (!(await valueError(v, where[0], where[1], n))) ok.push(n);
  // the message for a token of this kind with an unknown name
  const inv = await valueError(v, where[0], where[1], (e.prefix ?? '') + 'zzbogus');
  return { names: ok, invalid: inv ? inv.msg.replace(/ '.*'$/, '') : null, expected: e.expected, prefix: e.prefix ?? '', words: e.prefix ? [] : e.words };
}

async function probeVersion(v) {
  const table = {};
  for (const cls of CLASSES) { table[cls] = await probeClass(v, cls); process.stderr.write(`${v} ${cls}\n`); }
  const enums = {};
  for (const kind of Object.keys(ENUMS)) enums[kind] = await enumNames(v, kind, table);
  return { table, enums };
}

const results = await Promise.all(versions.map(probeVersion));

// ---- output ----
// A field: [*]name:kind[:args]; args are the limits (unsigned: max; signed: min:max), '!' after
// the kind marks non-null metadata or a non-empty string.
function encodeField(f) {
  let s = (f.required ? '*' : '') + f.name + ':' + f.kind + (f.nonNull || f.nonEmpty ? '!' : '');
  if (f.kind === 's' || f.kind === 'smd') s += ':' + f.min + ':' + f.max;
  else if (f.max != null) s += ':' + f.max;
  return s;
}
let out = `// Generated by tools/gen-di-fields.mjs from opt-19 and opt-22 (long on purpose). Do not edit;
// run the generator (it needs both opts) when a version is added or LLVM's DI syntax changes.
//
// DI_CLASSES_<V>: one string per specialized DI node class LLVM <V>'s parser knows: the class name,
// then its fields, space-separated, as [*]name:kind[!][:limits]. '*' marks a required field;
// required fields come first, in the order opt reports them missing. Kinds: u unsigned (max),
// s signed (min:max), b bool, str string, md metadata, umd/smd unsigned/signed integer or metadata,
// int arbitrary integer, list '{...}' operands, and the enumerated kinds of DI_ENUMS_<V>. '!' after
// the kind: metadata that cannot be null, a string that cannot be empty. A class written as
// "Name -" takes no fields at all.
// DI_ENUMS_<V>: per enumerated kind "kind|token prefix or empty|whole words|expected message|invalid
// message|valid names", names space-separated.
`;
for (let i = 0; i < versions.length; i++) {
  const { table, enums } = results[i];
  out += `export const DI_CLASSES_${versions[i]}: string[] = [\n`;
  for (const [cls, c] of Object.entries(table)) {
    if (!c) continue;
    out += `  "${cls}${c.noFields ? ' -' : ''}${c.fields.map(f => ' ' + encodeField(f)).join('')}",\n`;
  }
  out += `];\nexport const DI_ENUMS_${versions[i]}: string[] = [\n`;
  for (const [kind, e] of Object.entries(enums)) {
    if (!e.names) continue;
    out += `  "${kind}|${e.prefix}|${e.words.join(' ')}|${e.expected}|${e.invalid ?? ''}|${e.names.join(' ')}",\n`;
  }
  out += '];\n';
}
fs.writeFileSync(new URL('../assembly/ir/di-fields.ts', import.meta.url), out);
console.log(`DI fields for LLVM ${versions.join(', ')}`);
