// Generates assembly/ir/intrinsics-table.ts: the attributes each LLVM version wopt speaks gives
// each intrinsic (opt replaces declared attributes of a recognised intrinsic with these), encoded
// the way ir/attributes.ts stores attributes so ir/intrinsics.ts builds them without the reader. The data
// comes from running that version's opt itself on declarations: those found in the test corpus
// (../shared/llvm-lit, tests/fixtures), in tools/intrinsic-decls.ll (what clang and rustc emit for
// real programs), in tools/intrinsic-decls-generic.ll (one of each other generic intrinsic LLVM 22
// knows) and the common generic intrinsics listed below. Re-run after adding declarations
// or a version:
//   node tools/gen-intrinsics.mjs
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const VERSIONS = [19, 22];
const optOf = (v) => `/usr/lib/llvm-${v}/bin/opt`;
for (const v of VERSIONS) if (!fs.existsSync(optOf(v))) { console.error(`needs ${optOf(v)} (apt-get install llvm-${v})`); process.exit(2); }

const COMMON = `
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memcpy.inline.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @llvm.memset.inline.p0.i64(ptr, i8, i64, i1)
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)
declare void @llvm.lifetime.start.p0(ptr)
declare void @llvm.lifetime.end.p0(ptr)
declare void @llvm.assume(i1)
declare i1 @llvm.expect.i1(i1, i1)
declare i64 @llvm.expect.i64(i64, i64)
declare ptr @llvm.stacksave.p0()
declare void @llvm.stackrestore.p0(ptr)
declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_end.p0(ptr)
declare void @llvm.va_copy.p0(ptr, ptr)
declare void @llvm.trap()
declare void @llvm.debugtrap()
declare void @llvm.ubsantrap(i8)
declare i32 @llvm.ctpop.i32(i32)
declare i32 @llvm.ctlz.i32(i32, i1)
declare i32 @llvm.cttz.i32(i32, i1)
declare i32 @llvm.bswap.i32(i32)
declare i32 @llvm.bitreverse.i32(i32)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare i32 @llvm.fshr.i32(i32, i32, i32)
declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.smin.i32(i32, i32)
declare i32 @llvm.umax.i32(i32, i32)
declare i32 @llvm.umin.i32(i32, i32)
declare i32 @llvm.abs.i32(i32, i1)
declare { i32, i1 } @llvm.sadd.with.overflow.i32(i32, i32)
declare { i32, i1 } @llvm.uadd.with.overflow.i32(i32, i32)
declare { i32, i1 } @llvm.ssub.with.overflow.i32(i32, i32)
declare { i32, i1 } @llvm.usub.with.overflow.i32(i32, i32)
declare { i32, i1 } @llvm.smul.with.overflow.i32(i32, i32)
declare { i32, i1 } @llvm.umul.with.overflow.i32(i32, i32)
declare i32 @llvm.sadd.sat.i32(i32, i32)
declare i32 @llvm.uadd.sat.i32(i32, i32)
declare i32 @llvm.ssub.sat.i32(i32, i32)
declare i32 @llvm.usub.sat.i32(i32, i32)
declare double @llvm.fabs.f64(double)
declare double @llvm.sqrt.f64(double)
declare double @llvm.sin.f64(double)
declare double @llvm.cos.f64(double)
declare double @llvm.pow.f64(double, double)
declare double @llvm.powi.f64.i32(double, i32)
declare double @llvm.exp.f64(double)
declare double @llvm.exp2.f64(double)
declare double @llvm.log.f64(double)
declare double @llvm.log2.f64(double)
declare double @llvm.log10.f64(double)
declare double @llvm.floor.f64(double)
declare double @llvm.ceil.f64(double)
declare double @llvm.trunc.f64(double)
declare double @llvm.rint.f64(double)
declare double @llvm.nearbyint.f64(double)
declare double @llvm.round.f64(double)
declare double @llvm.roundeven.f64(double)
declare double @llvm.fma.f64(double, double, double)
declare double @llvm.fmuladd.f64(double, double, double)
declare double @llvm.minnum.f64(double, double)
declare double @llvm.maxnum.f64(double, double)
declare double @llvm.minimum.f64(double, double)
declare double @llvm.maximum.f64(double, double)
declare double @llvm.copysign.f64(double, double)
declare double @llvm.canonicalize.f64(double)
declare i1 @llvm.is.fpclass.f64(double, i32)
declare i64 @llvm.lround.i64.f64(double)
declare i64 @llvm.llround.i64.f64(double)
declare i64 @llvm.lrint.i64.f64(double)
declare i64 @llvm.objectsize.i64.p0(ptr, i1, i1, i1)
declare void @llvm.prefetch.p0(ptr, i32, i32, i32)
declare ptr @llvm.invariant.start.p0(i64, ptr)
declare void @llvm.invariant.end.p0(ptr, i64, ptr)
declare ptr @llvm.launder.invariant.group.p0(ptr)
declare ptr @llvm.strip.invariant.group.p0(ptr)
declare i32 @llvm.eh.typeid.for.p0(ptr)
declare ptr @llvm.frameaddress.p0(i32)
declare ptr @llvm.returnaddress(i32)
declare i1 @llvm.type.test(ptr, metadata)
declare i1 @llvm.public.type.test(ptr, metadata)
declare { ptr, i1 } @llvm.type.checked.load(ptr, i32, metadata)
declare { ptr, i1 } @llvm.type.checked.load.relative(ptr, i32, metadata)
declare void @llvm.experimental.noalias.scope.decl(metadata)
declare token @llvm.experimental.convergence.entry()
declare token @llvm.experimental.convergence.anchor()
declare token @llvm.experimental.convergence.loop()
declare void @llvm.init.trampoline(ptr, ptr, ptr)
declare i32 @llvm.eh.exceptioncode(token)
declare token @llvm.call.preallocated.setup(i32)
declare ptr @llvm.call.preallocated.arg(token, i32)
declare void @llvm.call.preallocated.teardown(token)
declare ptr @llvm.ptrmask.p0.i64(ptr, i64)
declare ptr @llvm.threadlocal.address.p0(ptr)
declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)
declare i32 @llvm.vector.reduce.mul.v4i32(<4 x i32>)
declare i32 @llvm.vector.reduce.and.v4i32(<4 x i32>)
declare i32 @llvm.vector.reduce.or.v4i32(<4 x i32>)
declare i32 @llvm.vector.reduce.xor.v4i32(<4 x i32>)
declare i32 @llvm.vector.reduce.smax.v4i32(<4 x i32>)
declare i32 @llvm.vector.reduce.smin.v4i32(<4 x i32>)
declare i32 @llvm.vector.reduce.umax.v4i32(<4 x i32>)
declare i32 @llvm.vector.reduce.umin.v4i32(<4 x i32>)
declare float @llvm.vector.reduce.fadd.v4f32(float, <4 x float>)
declare float @llvm.vector.reduce.fmul.v4f32(float, <4 x float>)
declare <4 x i32> @llvm.masked.load.v4i32.p0(ptr, i32, <4 x i1>, <4 x i32>)
declare void @llvm.masked.store.v4i32.p0(<4 x i32>, ptr, i32, <4 x i1>)
declare <4 x i32> @llvm.masked.gather.v4i32.v4p0(<4 x ptr>, i32, <4 x i1>, <4 x i32>)
declare void @llvm.masked.scatter.v4i32.v4p0(<4 x i32>, <4 x ptr>, i32, <4 x i1>)
declare void @llvm.instrprof.increment(ptr, i64, i32, i32)
declare void @llvm.stackprotector(ptr, ptr)
declare void @llvm.sideeffect()
declare void @llvm.donothing()
declare double @llvm.tan.f64(double)
declare double @llvm.asin.f64(double)
declare double @llvm.acos.f64(double)
declare double @llvm.atan.f64(double)
declare double @llvm.atan2.f64(double, double)
declare double @llvm.sinh.f64(double)
declare double @llvm.cosh.f64(double)
declare double @llvm.tanh.f64(double)
declare double @llvm.exp10.f64(double)
declare double @llvm.ldexp.f64.i32(double, i32)
declare { double, i32 } @llvm.frexp.f64.i32(double)
declare { double, double } @llvm.modf.f64(double)
declare { double, double } @llvm.sincos.f64(double)
declare double @llvm.minimumnum.f64(double, double)
declare double @llvm.maximumnum.f64(double, double)
declare i64 @llvm.llrint.i64.f64(double)
declare i32 @llvm.fptosi.sat.i32.f64(double)
declare i32 @llvm.smul.fix.i32(i32, i32, i32)
declare i32 @llvm.umul.fix.i32(i32, i32, i32)
declare i32 @llvm.sshl.sat.i32(i32, i32)
declare i32 @llvm.ushl.sat.i32(i32, i32)
declare i1 @llvm.is.constant.i32(i32)
declare i1 @llvm.allow.ubsan.check(i8)
declare i1 @llvm.allow.runtime.check(metadata)
declare ptr @llvm.sponentry.p0()
declare void @llvm.fake.use(...)
declare float @llvm.vector.reduce.fmax.v4f32(<4 x float>)
declare float @llvm.vector.reduce.fmin.v4f32(<4 x float>)
declare float @llvm.vector.reduce.fmaximum.v4f32(<4 x float>)
declare float @llvm.vector.reduce.fminimum.v4f32(<4 x float>)
declare <4 x i32> @llvm.masked.expandload.v4i32(ptr, <4 x i1>, <4 x i32>)
declare void @llvm.masked.compressstore.v4i32(<4 x i32>, ptr, <4 x i1>)
declare <4 x i1> @llvm.get.active.lane.mask.v4i1.i64(i64, i64)
declare <4 x i32> @llvm.vector.reverse.v4i32(<4 x i32>)
declare <4 x i32> @llvm.vector.splice.v4i32(<4 x i32>, <4 x i32>, i32)
declare <8 x i32> @llvm.vector.interleave2.v8i32(<4 x i32>, <4 x i32>)
declare { <4 x i32>, <4 x i32> } @llvm.vector.deinterleave2.v8i32(<8 x i32>)
declare <4 x i32> @llvm.vector.extract.v4i32.v8i32(<8 x i32>, i64)
declare <8 x i32> @llvm.vector.insert.v8i32.v4i32(<8 x i32>, <4 x i32>, i64)
declare <4 x i32> @llvm.experimental.vector.compress.v4i32(<4 x i32>, <4 x i1>, <4 x i32>)
declare void @llvm.memset.pattern.p0.i64.i32(ptr, i32, i64, i1)
declare void @llvm.experimental.memset.pattern.p0.i32.i64(ptr, i32, i64, i1)
declare i64 @llvm.ctlz.i64(i64, i1)
declare ptr @llvm.objc.retain(ptr)
declare void @llvm.objc.release(ptr)
declare ptr @llvm.objc.autoreleaseReturnValue(ptr)
declare ptr @llvm.objc.retainAutoreleasedReturnValue(ptr)
declare void @llvm.seh.try.begin()
declare void @llvm.seh.try.end()
declare void @llvm.seh.scope.begin()
declare void @llvm.seh.scope.end()
declare void @llvm.eh.unwind.init()
declare i32 @llvm.eh.dwarf.cfa(i32)
declare ptr @llvm.localaddress()
declare void @llvm.localescape(...)
declare ptr @llvm.localrecover(ptr, ptr, i32)
declare void @llvm.pseudoprobe(i64, i64, i32, i64)
declare void @llvm.instrprof.cover(ptr, i64, i32, i32)
declare void @llvm.instrprof.value.profile(ptr, i64, i64, i32, i32)
declare void @llvm.experimental.guard(i1, ...)
declare i1 @llvm.experimental.widenable.condition()
declare void @llvm.experimental.deoptimize.isVoid(...)
declare float @llvm.arithmetic.fence.f32(float)
declare <4 x i32> @llvm.experimental.stepvector.v4i32()
declare <4 x i32> @llvm.stepvector.v4i32()
declare void @llvm.var.annotation.p0.p0(ptr, ptr, ptr, i32, ptr)
declare ptr @llvm.ptr.annotation.p0.p0(ptr, ptr, ptr, i32, ptr)
declare i32 @llvm.annotation.i32.p0(i32, ptr, ptr, i32)
declare void @llvm.codeview.annotation(metadata)
declare float @llvm.experimental.constrained.fadd.f32(float, float, metadata, metadata)
declare float @llvm.experimental.constrained.fsub.f32(float, float, metadata, metadata)
declare float @llvm.experimental.constrained.fmul.f32(float, float, metadata, metadata)
declare float @llvm.experimental.constrained.fdiv.f32(float, float, metadata, metadata)
declare i1 @llvm.experimental.constrained.fcmp.f32(float, float, metadata, metadata)
declare i32 @llvm.eh.sjlj.setjmp(ptr)
declare void @llvm.eh.sjlj.longjmp(ptr)
declare ptr @llvm.eh.exceptionpointer.p0(token)
declare i64 @llvm.readcyclecounter()
declare void @llvm.clear_cache(ptr, ptr)
declare ptr @llvm.icall.branch.funnel(...)
declare token @llvm.experimental.gc.statepoint.p0(i64, i32, ptr, i32, i32, ...)
declare void @llvm.set.loop.iterations.i32(i32)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.end(ptr, i1, token)
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i64 @llvm.coro.size.i64()
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare i1 @llvm.coro.alloc(token)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @llvm.dbg.assign(metadata, metadata, metadata, metadata, metadata, metadata)
declare void @llvm.dbg.label(metadata)
`;

// Overload suffixes: type manglings LLVM appends to an intrinsic's name.
const MANGLE = /^(p\d+|i\d+|f\d+|bf16|ppcf128|f80|x86_fp80|x86_mmx|x86amx|isVoid|v\d+\w+|nxv\d+\w+|a\d+\w+|s_\w*|sl_\w*|tc\w*|f|t\w*|Sl_\w*)$/;
// A name LLVM 22 knows as it stands is not stripped further: some end in what reads as a suffix
// (llvm.eh.return.i32, llvm.type.test, llvm.init.trampoline).
export function baseName(name, known = KNOWN_SET) {
  const parts = name.split('.');
  while (parts.length > 2 && !known.has(parts.join('.')) && MANGLE.test(parts[parts.length - 1])) parts.pop();
  return parts.join('.');
}

// The verifier fixtures hold modules invalid on purpose, some with a declaration of a signature the
// intrinsic does not have (llvm.ucmp.i1.i32) that opt still gives attributes when it stands alone:
// such a module teaches nothing unless some version's opt accepts it as a whole.
const VERIFIER_FIXTURES = path.join(ROOT, 'tests', 'fixtures', 'verifier') + path.sep;
function invalidOnPurpose(p) {
  if (!p.startsWith(VERIFIER_FIXTURES) || !/^declare\b.*@llvm\./m.test(fs.readFileSync(p, 'utf8'))) return false;
  return !VERSIONS.some((v) => { try { execFileSync(optOf(v), ['-o', '/dev/null', p], { stdio: 'ignore' }); return true; } catch { return false; } });
}
function corpusDeclarations() {
  const out = new Map();
  const dirs = [path.join(ROOT, 'tests', 'fixtures'), path.resolve(ROOT, '..', 'shared', 'llvm-lit'), path.join(ROOT, 'tools')];
  const walk = d => { if (!fs.existsSync(d)) return; for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) walk(p); else if (p.endsWith('.ll') && !invalidOnPurpose(p)) for (const line of fs.readFileSync(p, 'utf8').split('\n')) {
      const m = line.match(/^declare\b.*@(llvm\.[\w.$-]+)\(/);
      if (m && !line.includes('*')) out.set(m[1], line.replace(/\s+#\d+.*$/, '').replace(/\s*;.*$/, ''));
    } } };
  dirs.forEach(walk);
  return out;
}

// One opt run per declaration, so a declaration opt rejects is simply left out. opt prints the
// declaration as its version has it (auto-upgraded), so the parameter sets match that signature.
// The probe carries a string attribute no intrinsic has: opt replaces the attributes of a
// declaration it recognises as an intrinsic, so a probe that keeps it names no intrinsic of that
// version (opt-19 has no "; Unknown intrinsic" comment to tell).
const MARK = '"wopt-probe"';
function attributesOf(opt, decl) {
  let text;
  try { text = execFileSync(opt, ['-S', '-o', '-'], { input: `${decl} #0\nattributes #0 = { ${MARK} }\n`, encoding: 'utf8', stdio: ['pipe', 'pipe', 'ignore'] }); }
  catch { return null; }
  // the declaration of the same name (an upgrade may leave others, e.g. opt-22's stray
  // llvm.lifetime.start.i64 beside the upgraded llvm.lifetime.start.p0)
  const name = decl.match(/@([\w.$-]+)\(/)[1];
  const d = text.split('\n').find(l => l.startsWith('declare') && l.includes(`@${name}(`));
  // a declaration opt-22 does not recognise (wrong signature, unknown name) tells nothing
  if (text.includes('; Unknown intrinsic')) return null;
  if (!d) return null;
  const groups = new Map([...text.matchAll(/^attributes #(\d+) = \{ (.*) \}$/gm)].map(m => [m[1], m[2]]));
  const m = d.match(/^declare (.*?)@([\w.$-]+)\((.*)\)(?: #(\d+))?$/);
  if (!m) return null;
  if (m[4] && groups.get(m[4]).includes(MARK)) return null;
  const retPart = m[1].trim().split(' ');
  retPart.pop(); // the return type is the last word (types here have no spaces... handled below)
  const params = splitParams(m[3]).map(p => p.replace(/^(\{[^}]*\}|<[^>]*>|\[[^\]]*\]|\S+)\s*/, '').trim());
  return { fn: m[4] ? groups.get(m[4]) : '', ret: retAttrs(m[1]), params };
}
function retAttrs(s) {
  // everything before the return type: the return type is the last top-level token
  const t = s.trim();
  const typeStart = t.search(/(\{[^}]*\}|<[^>]*>|\[[^\]]*\]|[\w.]+)\s*$/);
  return t.slice(0, typeStart).trim();
}
function splitParams(s) {
  const out = []; let depth = 0, cur = '';
  for (const c of s) {
    if ('{<[('.includes(c)) depth++; if ('}>])'.includes(c)) depth--;
    if (c === ',' && depth === 0) { out.push(cur.trim()); cur = ''; } else cur += c;
  }
  if (cur.trim()) out.push(cur.trim());
  return out.filter(p => p !== '...');
}

const TARGET_PREFIX = /^llvm\.(aarch64|amdgcn|arm|arm64ec|bpf|dx|hexagon|loongarch|mips|nvvm|ppc|r600|riscv|s390|spv|ve|wasm|x86|xcore)\./;
const known22 = knownIntrinsics22();
const KNOWN_SET = new Set(known22);

// Every declaration, several per base name when the corpus has several forms (one a version
// rejects, such as an old intrinsic signature, gives way to one it reads).
const decls = [...corpusDeclarations()];
for (const line of COMMON.trim().split('\n')) decls.push([line.match(/@([\w.$-]+)\(/)[1], line]);
decls.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
const chosen = VERSIONS.map(() => new Map()); // base name -> [name, decl] each version took
const tables = VERSIONS.map((v, i) => {
  const table = new Map();
  for (const [name, decl] of decls) {
    const base = baseName(name);
    if (table.has(base)) continue;
    const a = attributesOf(optOf(v), decl);
    if (a) { table.set(base, [a.fn, a.ret, ...a.params].join('|')); chosen[i].set(base, [name, decl]); }
  }
  return table;
});
// An intrinsic one version overloads and another does not (llvm.thread.pointer, llvm.thread.pointer.p0):
// a suffixed name the other version does not recognise gets an entry of its own, absent there.
for (const [i, v] of VERSIONS.entries()) for (const [base, [name, decl]] of chosen[i]) {
  if (name === base) continue;
  const others = VERSIONS.map((w, j) => (j === i || chosen[j].get(base)?.[0] === name ? null : j)).filter((j) => j !== null);
  const miss = others.filter((j) => tables[j].has(base) && !attributesOf(optOf(VERSIONS[j]), decl));
  if (miss.length === 0 || tables.some((t) => t.has(name))) continue;
  VERSIONS.forEach((w, j) => { if (!miss.includes(j)) { const a = attributesOf(optOf(w), decl); if (a) tables[j].set(name, [a.fn, a.ret, ...a.params].join('|')); } });
}
const names = [...new Set(tables.flatMap((t) => [...t.keys()]))].sort();
const esc = s => JSON.stringify(s);
let ts = '// Generated by tools/gen-intrinsics.mjs from opt runs of each version; do not edit by hand.\n';
ts += '// Long on purpose: generated data, one entry per intrinsic per LLVM version.\n';
ts += '// Flat literal arrays: AssemblyScript keeps them in static data, which survives the arena reset.\n';
ts += '// Intrinsic base names, sorted by bytes (ir/intrinsics.ts searches them).\n';
ts += 'export const INTRINSIC_NAMES: string[] = [\n' + names.map(k => `  ${esc(k)},`).join('\n') + '\n];\n';
// The generic intrinsics LLVM 22 knows (it prints "; Unknown intrinsic" above a declaration of any
// other llvm.* name): candidates are the llvm.* words in LLVM 22's library outside the target
// namespaces, kept when opt-22 recognises a declaration of the name; a name that extends a kept
// one at a '.' is covered by it (overloads).
function knownIntrinsics22() {
  const lib = fs.readdirSync('/usr/lib/llvm-22/lib').find((f) => /^libLLVM\.so\.22/.test(f));
  const words = execFileSync('strings', ['-n', '6', `/usr/lib/llvm-22/lib/${lib}`], { encoding: 'utf8', maxBuffer: 1 << 28 })
    .split('\n').filter((w) => /^llvm\.[a-z0-9_.]+$/.test(w) && !TARGET_PREFIX.test(w));
  const known = [...new Set(words)].sort().filter((n) => {
    let out;
    try { out = execFileSync(optOf(22), ['-S', '-disable-verify', '-o', '-'], { input: `declare void @${n}()\n`, encoding: 'utf8', stdio: ['pipe', 'pipe', 'ignore'] }); }
    catch { return false; }
    return out.includes('declare') && !out.includes('; Unknown intrinsic');
  });
  return known.filter((n) => !known.some((k) => n.startsWith(k + '.')));
}
ts += '// The generic intrinsics LLVM 22 knows, and the target namespaces it is taken to know all of\n';
ts += '// (printer: "; Unknown intrinsic"). A name is known when it is one of these or extends one at a \'.\'.\n';
ts += 'export const KNOWN_INTRINSICS_22: string[] = [\n' + known22.map((k) => `  ${esc(k)},`).join('\n') + '\n];\n';
ts += `export const INTRINSIC_TARGET_PREFIXES: string[] = ${esc(TARGET_PREFIX.source.replace(/^\^llvm\\\.\(/, '').replace(/\)\\\.$/, '').split('|').map((t) => `llvm.${t}.`))};\n`;

// ---- the attributes, encoded as ir/attributes.ts stores them ----

// Attribute kinds in ir/attributes.ts's order (LLVM's): a set lists its attributes in this order.
const ATTR_KW = (() => {
  const src = fs.readFileSync(path.join(ROOT, 'assembly', 'ir', 'attributes.ts'), 'utf8');
  const body = src.match(/export const ATTR_KW: string\[\] = \[([\s\S]*?)\];/)[1];
  return [...body.replace(/\/\/.*$/gm, '').matchAll(/"([^"]+)"/g)].map((m) => m[1]);
})();
const ENUM_END = ATTR_KW.indexOf('byref'); // enum attributes come first
// memory(...): 2 bits per location (none 0, read 1, write 2, readwrite 3); location 3 is `other`.
const MEM_LOCS = ['argmem', 'inaccessiblemem', 'errnomem', '', 'target_mem0', 'target_mem1'];
const MOD_REF = ['none', 'read', 'write', 'readwrite'];
function memoryBits(body) {
  let me = 0;
  for (const part of body.split(',').map((x) => x.trim())) {
    const c = part.indexOf(':');
    if (c < 0) { const mr = MOD_REF.indexOf(part); if (mr < 0) throw new Error(`memory(${body})`); me = 0; for (let l = 0; l < 6; l++) me |= mr << (l * 2); continue; }
    const loc = MEM_LOCS.indexOf(part.slice(0, c).trim()), mr = MOD_REF.indexOf(part.slice(c + 1).trim());
    if (loc < 0 || mr < 0) throw new Error(`memory(${body})`);
    me = (me & ~(3 << (loc * 2))) | (mr << (loc * 2));
  }
  return me;
}
// captures(...): components address_is_null 1, address 3, read_provenance 4, provenance 12;
// [other, ret].
const CAPTURE_BITS = { address_is_null: 1, address: 3, read_provenance: 4, provenance: 12, none: 0 };
function captureBits(body) {
  let other = 0, ret = -1, cur = 0;
  for (let part of body.split(',').map((x) => x.trim())) {
    if (part.startsWith('ret:')) { other = cur; cur = 0; ret = 0; part = part.slice(4).trim(); }
    if (!(part in CAPTURE_BITS)) throw new Error(`captures(${body})`);
    cur |= CAPTURE_BITS[part];
  }
  return ret < 0 ? [cur, cur] : [other, cur];
}
// One position's attribute text -> [kind, v0, v1] triples in kind order. range(iN lo, hi) keeps
// lo and hi: ir/intrinsics.ts types the range by the declaration's own type.
function encodeSet(text) {
  const out = [];
  for (const m of text.matchAll(/([a-z_0-9]+)(?:\(([^)]*)\))?/g)) {
    const kind = ATTR_KW.indexOf(m[1]);
    if (kind < 0) throw new Error(`unknown attribute ${m[0]} in "${text}"`);
    if (m[2] === undefined) {
      if (kind >= ENUM_END) throw new Error(`attribute ${m[0]} needs a value`);
      out.push([kind, 0, 0]);
    } else if (m[1] === 'memory') out.push([kind, memoryBits(m[2]), 0]);
    else if (m[1] === 'captures') out.push([kind, ...captureBits(m[2])]);
    else if (m[1] === 'range') {
      const r = m[2].match(/^i\d+ (-?\d+), (-?\d+)$/);
      if (!r) throw new Error(`range(${m[2]})`);
      out.push([kind, Number(r[1]), Number(r[2])]);
    } else throw new Error(`attribute ${m[0]} has no encoding here (tools/gen-intrinsics.mjs encodeSet)`);
  }
  return out.sort((a, b) => a[0] - b[0]);
}
// Sets and lists are shared (most intrinsics have one of a few function sets): a set is
// [count, (kind, v0, v1)...], a list [count, fn set, return set, param sets...] with set offsets
// (-1: empty); each version maps a name to a list offset, or -1 when it has no such intrinsic.
const kindsUsed = new Set();
const setPool = [], setAt = new Map(), setText = [];
const listPool = [], listAt = new Map(), listText = [];
function setOffset(text) {
  const enc = encodeSet(text);
  if (enc.length === 0) return -1;
  const key = JSON.stringify(enc);
  if (!setAt.has(key)) { setAt.set(key, setPool.length); setText.push([setPool.length, text]); enc.forEach((e) => kindsUsed.add(e[0])); setPool.push(enc.length, ...enc.flat()); }
  return setAt.get(key);
}
function listOffset(text) {
  if (text === undefined) return -1;
  const sets = text.split('|').map(setOffset);
  const key = sets.join(',');
  if (!listAt.has(key)) { listAt.set(key, listPool.length); listText.push([listPool.length, text]); listPool.push(sets.length, ...sets); }
  return listAt.get(key);
}
const byVersion = VERSIONS.map((v, i) => names.map((k) => listOffset(tables[i].get(k))));
// local kind numbers, in ATTR_KW order, so the runtime maps them by name and keeps the order
const kinds = [...kindsUsed].sort((a, b) => a - b);
const local = (k) => kinds.indexOf(k);
for (let o = 0; o < setPool.length; o += 1 + 3 * setPool[o]) for (let j = 0; j < setPool[o]; j++) setPool[o + 1 + 3 * j] = local(setPool[o + 1 + 3 * j]);
const rows = (pool, texts) => texts.map(([o, t], j) => {
  const end = j + 1 < texts.length ? texts[j + 1][0] : pool.length;
  return `  ${pool.slice(o, end).join(', ')}, // ${o}: ${t}`;
}).join('\n');
ts += '// The attribute kinds used below, by name (ir/attributes.ts ATTR_KW), in that table\'s order.\n';
ts += `export const INTRINSIC_ATTR_KINDS: string[] = ${esc(kinds.map((k) => ATTR_KW[k]))};\n`;
ts += '// Attribute sets: count, then (kind, v0, v1) per attribute in kind order; kind indexes\n';
ts += '// INTRINSIC_ATTR_KINDS, v0/v1 as ir/attributes.ts stores them (memory bits; captures other, ret),\n';
ts += '// range(lo, hi) as signed values (the type is the declaration\'s).\n';
ts += `export const INTRINSIC_SETS: StaticArray<i32> = [\n${rows(setPool, setText)}\n];\n`;
ts += '// Attribute lists: count, then the offsets in INTRINSIC_SETS of the function, return and\n';
ts += '// parameter sets (-1: empty).\n';
ts += `export const INTRINSIC_LISTS: StaticArray<i32> = [\n${rows(listPool, listText)}\n];\n`;
VERSIONS.forEach((v, i) => {
  ts += `// Per INTRINSIC_NAMES entry: its list in INTRINSIC_LISTS under LLVM ${v}, -1 when LLVM ${v} has no such intrinsic.\n`;
  ts += `export const INTRINSIC_ATTRS_${v}: StaticArray<i32> = [\n` + names.map((k, j) => `  ${byVersion[i][j]}, // ${k}`).join('\n') + '\n];\n';
});
fs.writeFileSync(path.join(ROOT, 'assembly', 'ir', 'intrinsics-table.ts'), ts);
console.log(`${names.length} intrinsics (${VERSIONS.map((v, i) => `LLVM ${v}: ${tables[i].size}`).join(', ')})`);
