#!/usr/bin/env node
// Deterministic generator of LLVM 19 textual IR for benchmarks. LLVM 22 reads it too (opt-22
// upgrades it, e.g. `nocapture` to `captures(none)`, and so does wopt --llvm-version=22), so the
// same inputs serve both versions of the comparisons.
//
// Two modes:
//  - default: a module resembling clang -O0 output (allocas, loads/stores, diamonds, loops, switch,
//    calls, globals, strings, structs, GEPs; no phis) sized to roughly --size bytes. A fraction of the
//    functions are exact or renamed-value duplicates (mergefunc food) and some are near-duplicates
//    that differ in one constant.
//  - --shape <kind>: a module of few functions, each a large CFG of --blocks blocks
//    (random, ladder, chain, switch, mix) for dominator-tree / IDF benches.
//
// The same options always produce the same bytes (own PRNG, no Math.random, no Date).
//
//   node bench/gen.js --size 10MB --seed 1 --dup 0.3 -o out.ll
//   node bench/gen.js --shape random --blocks 100000 --functions 2 -o cfg.ll
//
// Exports: generate(opts) -> string, generateToFile(path, opts) -> {bytes, functions},
//          generateTo(write, opts), parseSize(str), DEFAULTS, GEN_VERSION.

import { openSync, writeSync, closeSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { forEachOption } from './options.js';

// Bump when the output for given options changes (side-by-side caches inputs by it).
export const GEN_VERSION = 1;

export const DEFAULTS = Object.freeze({
  size: 1_000_000,   // bytes, approximate (default mode)
  seed: 1,
  dup: 0.3,          // fraction of functions that are exact / renamed-value duplicates
  near: null,        // fraction of near-duplicates (one constant differs); default dup/3
  optnone: 0.05,     // fraction of functions carrying optnone (mem2reg skips those)
  debug: false,      // -g style debug metadata
  shape: null,       // random | ladder | chain | switch | mix
  blocks: 10_000,    // blocks per function in --shape mode
  functions: 1,      // functions in --shape mode
  allocas: 4,        // allocas per function in --shape mode (each stored in the entry block)
});

// ---------------------------------------------------------------------------------------------
// PRNG: xoshiro128** seeded through splitmix32.

class Rng {
  constructor(seed) {
    let s = (seed >>> 0) ^ 0x9e3779b9;
    const sm = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = sm(); this.b = sm(); this.c = sm(); this.d = sm();
    if ((this.a | this.b | this.c | this.d) === 0) this.a = 1;
  }
  u32() {
    const r = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = (this.b << 9) >>> 0;
    this.c ^= this.a; this.d ^= this.b; this.b ^= this.c; this.a ^= this.d;
    this.c ^= t; this.d = rotl(this.d, 11);
    this.a >>>= 0; this.b >>>= 0; this.c >>>= 0; this.d >>>= 0;
    return r;
  }
  float() { return this.u32() / 4294967296; }
  int(n) { return Math.floor(this.float() * n); }            // [0, n)
  range(lo, hi) { return lo + this.int(hi - lo + 1); }         // [lo, hi]
  chance(p) { return this.float() < p; }
  pick(arr) { return arr[this.int(arr.length)]; }
  // Pick by weights: [[w, value], ...]
  weighted(table) {
    let total = 0;
    for (const e of table) total += e[0];
    let r = this.float() * total;
    for (const e of table) { r -= e[0]; if (r < 0) return e[1]; }
    return table[table.length - 1][1];
  }
}
function rotl(x, k) { return ((x << k) | (x >>> (32 - k))) >>> 0; }

// ---------------------------------------------------------------------------------------------
// Helpers

export function parseSize(s) {
  if (typeof s === 'number') return s;
  const m = /^\s*([0-9]*\.?[0-9]+)\s*([kmg]i?b?|b)?\s*$/i.exec(String(s));
  if (!m) throw new Error(`bad size: ${s}`);
  const n = parseFloat(m[1]);
  const u = (m[2] || 'b').toLowerCase();
  const mult = u.startsWith('k') ? (u.includes('i') ? 1024 : 1e3)
    : u.startsWith('m') ? (u.includes('i') ? 1024 ** 2 : 1e6)
      : u.startsWith('g') ? (u.includes('i') ? 1024 ** 3 : 1e9) : 1;
  return Math.round(n * mult);
}

// LLVM prints exactly representable FP constants as %.6e with a two-digit exponent.
function fmtFP(x) {
  const s = x.toExponential(6);
  return s.replace(/e([+-])(\d)$/, 'e$10$2');
}

const isInt = (t) => t[0] === 'i';
const bitsOf = (t) => (t === 'i1' ? 1 : t === 'i8' ? 8 : t === 'i16' ? 16 : t === 'i32' ? 32 : t === 'i64' ? 64 : 0);
const isFP = (t) => t === 'double' || t === 'float';
const SCALAR_SIZE = { i1: 1, i8: 1, i16: 2, i32: 4, i64: 8, float: 4, double: 8, ptr: 8 };

const ATTR_STR = '"frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" ' +
  '"target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic"';
const ATTR_FN = 'noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" ' +
  '"no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" ' +
  '"target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic"';
const ATTRIBUTE_GROUPS = [
  `attributes #0 = { ${ATTR_FN} }`,
  `attributes #1 = { ${ATTR_FN.replace('nounwind ', 'nounwind optnone ')} }`,
  `attributes #2 = { ${ATTR_STR} }`,
  'attributes #3 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }',
  `attributes #4 = { nounwind allocsize(0) ${ATTR_STR} }`,
  'attributes #5 = { nounwind allocsize(0) }',
  'attributes #6 = { nounwind }',
];
const FN_ATTR_COMMENT = ['; Function Attrs: noinline nounwind uwtable', '; Function Attrs: noinline nounwind optnone uwtable'];

const HEADER = (name) => `; ModuleID = '${name}'\nsource_filename = "${name}"\n` +
  'target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"\n' +
  'target triple = "x86_64-pc-linux-gnu"\n\n';

const PRODUCER = 'wopt bench/gen.js (clang -O0 lookalike)';

const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'value', 'count', 'error', 'node', 'tree', 'sum', 'index',
  'result', 'total', 'bytes', 'item', 'state', 'ok', 'failed', 'done', 'buffer', 'size', 'len', 'key', 'map'];

// ---------------------------------------------------------------------------------------------
// Output sink: counts bytes (all output is ASCII, so length == bytes).

class Sink {
  constructor(write) { this.write = write; this.bytes = 0; this.buf = []; this.bufLen = 0; }
  put(s) {
    this.buf.push(s); this.bufLen += s.length; this.bytes += s.length;
    if (this.bufLen >= 1 << 20) this.flush();
  }
  flush() {
    if (this.buf.length) { this.write(this.buf.join('')); this.buf = []; this.bufLen = 0; }
  }
}

// ---------------------------------------------------------------------------------------------
// Function body builder: numbered values in textual order (clang style), blocks laid out in
// the order they are started; terminators keep block objects and are printed at the end, so
// forward branch targets get their numbers from the layout.

class FnBuilder {
  constructor(nparams) {
    this.n = nparams;
    this.blocks = [];
    this.cur = null;
    this.dbg = '';
  }
  v() { return '%' + (this.n++); }
  I(s) { this.cur.lines.push('  ' + s + this.dbg); }
  raw(s) { this.cur.lines.push(s); }
  block() { return { num: -1, lines: [], term: null, preds: [] }; }
  start(b) {
    if (this.cur && !this.cur.term) this.br(b);
    b.num = this.n++;
    this.blocks.push(b);
    this.cur = b;
    return b;
  }
  get done() { return this.cur.term !== null; }
  br(b, extra = '') {
    if (this.cur.term) return;
    this.cur.term = { k: 0, t: b, d: this.dbg + extra };
    b.preds.push(this.cur);
  }
  condbr(c, t, f, extra = '') {
    if (this.cur.term) return;
    this.cur.term = { k: 1, c, t, f, d: this.dbg + extra };
    t.preds.push(this.cur); f.preds.push(this.cur);
  }
  sw(ty, v, def, cases) {
    if (this.cur.term) return;
    this.cur.term = { k: 2, ty, v, def, cases, d: this.dbg };
    def.preds.push(this.cur);
    for (const c of cases) c[1].preds.push(this.cur);
  }
  ret(ty, v) {
    if (this.cur.term) return;
    this.cur.term = { k: 3, ty, v, d: this.dbg };
  }
  termText(t) {
    switch (t.k) {
      case 0: return `  br label %${t.t.num}${t.d}`;
      case 1: return `  br i1 ${t.c}, label %${t.t.num}, label %${t.f.num}${t.d}`;
      case 2: {
        let s = `  switch ${t.ty} ${t.v}, label %${t.def.num} [\n`;
        for (const c of t.cases) s += `    ${t.ty} ${c[0]}, label %${c[1].num}\n`;
        return s + '  ]' + t.d;
      }
      default: return t.ty === 'void' ? `  ret void${t.d}` : `  ret ${t.ty} ${t.v}${t.d}`;
    }
  }
  finish(defineLine) {
    const out = [defineLine];
    let first = true;
    for (const b of this.blocks) {
      if (!b.term) throw new Error('generator bug: unterminated block');
      if (!first) {
        out.push('');
        const lbl = (b.num + ':').padEnd(50);
        if (b.preds.length === 0) out.push(lbl + '; No predecessors!');
        else {
          let p = '';
          for (let i = b.preds.length - 1; i >= 0; i--) p += (p ? ', %' : '%') + b.preds[i].num;
          out.push(lbl + '; preds = ' + p);
        }
      }
      first = false;
      for (const l of b.lines) out.push(l);
      out.push(this.termText(b.term));
    }
    out.push('}', '', '');
    return out.join('\n');
  }
}

// ---------------------------------------------------------------------------------------------
// The module generator (clang -O0 lookalike).

class ModuleGen {
  constructor(opts, sink) {
    this.o = opts;
    this.sink = sink;
    this.r = new Rng(opts.seed);
    this.md = [];         // md[id] = text after "!id = "
    this.nextMd = 0;
    this.structs = [];
    this.globals = [];    // {name, ty, isConst, kind: 'scalar'|'array'|'struct', elem, n, st}
    this.strings = [];    // {name, fmt: [types]}
    this.externs = [];    // {name, ret, params, vararg}
    this.funcs = [];      // generated function records usable as callees
    this.fnCount = 0;
    this.usedDecls = new Set();
  }

  allocMd(text) { const id = this.nextMd++; this.md[id] = text; return id; }
  reserveMd() { return this.nextMd++; }

  // ----- module-level pools ------------------------------------------------------------------

  makeStructs(n) {
    for (let i = 0; i < n; i++) {
      const nf = this.r.range(2, 7);
      const fields = [];
      for (let j = 0; j < nf; j++) {
        const k = this.r.weighted([[30, 'i32'], [15, 'i64'], [8, 'i8'], [5, 'i16'], [10, 'double'], [4, 'float'],
          [10, 'ptr'], [8, 'arr'], [6, 'struct']]);
        if (k === 'arr') {
          const elem = this.r.pick(['i32', 'i8', 'i64', 'double']);
          fields.push({ kind: 'arr', elem, n: this.r.range(2, 16) });
        } else if (k === 'struct' && this.structs.length > 0) {
          fields.push({ kind: 'struct', st: this.r.pick(this.structs) });
        } else if (k === 'struct') {
          fields.push({ kind: 'scalar', ty: 'i32' });
        } else {
          fields.push({ kind: 'scalar', ty: k });
        }
      }
      const st = { name: `%struct.S${i}`, cname: `S${i}`, fields, size: 0, align: 1, offsets: [], di: -1 };
      let off = 0;
      for (const f of fields) {
        const [sz, al] = this.fieldLayout(f);
        off = Math.ceil(off / al) * al;
        st.offsets.push(off);
        off += sz;
        st.align = Math.max(st.align, al);
      }
      st.size = Math.ceil(off / st.align) * st.align;
      st.ir = `{ ${fields.map((f) => this.fieldIR(f)).join(', ')} }`;
      this.structs.push(st);
    }
  }
  fieldIR(f) {
    return f.kind === 'scalar' ? f.ty : f.kind === 'arr' ? `[${f.n} x ${f.elem}]` : f.st.name;
  }
  fieldLayout(f) {
    if (f.kind === 'scalar') return [SCALAR_SIZE[f.ty], SCALAR_SIZE[f.ty]];
    if (f.kind === 'arr') return [SCALAR_SIZE[f.elem] * f.n, SCALAR_SIZE[f.elem]];
    return [f.st.size, f.st.align];
  }

  constOf(ty) {
    const r = this.r;
    if (ty === 'ptr') return 'null';
    if (isFP(ty)) return fmtFP(r.range(-400, 400) / 4);
    if (ty === 'i8') return String(r.range(-128, 127));
    if (ty === 'i16') return String(r.range(-1000, 1000));
    if (ty === 'i64') return String(r.chance(0.1) ? r.range(-2e9, 2e9) * 1024 : r.range(-1000, 100000));
    return String(r.chance(0.7) ? r.range(-10, 100) : r.range(-100000, 1000000));
  }
  structInit(st) {
    if (this.r.chance(0.3)) return 'zeroinitializer';
    const parts = st.fields.map((f) => {
      const t = this.fieldIR(f);
      if (f.kind === 'scalar') {
        if (f.ty === 'ptr') {
          const gi = this.globals.find((g) => g.kind === 'scalar');
          return `ptr ${gi && this.r.chance(0.5) ? gi.name : 'null'}`;
        }
        return `${t} ${this.constOf(f.ty)}`;
      }
      if (f.kind === 'arr') return `${t} ${this.arrayInit(f.elem, f.n)}`;
      return `${t} ${this.structInit(f.st)}`;
    });
    return `{ ${parts.join(', ')} }`;
  }
  arrayInit(elem, n) {
    if (this.r.chance(0.3)) return 'zeroinitializer';
    const parts = [];
    for (let i = 0; i < n; i++) parts.push(`${elem} ${this.constOf(elem)}`);
    return `[${parts.join(', ')}]`;
  }

  makeGlobals(n) {
    const r = this.r;
    for (let i = 0; i < n; i++) {
      const kind = r.weighted([[55, 'scalar'], [25, 'array'], [8, 'ptr']]);
      const isConst = r.chance(0.25);
      const link = r.chance(0.3) ? 'internal' : 'dso_local';
      if (kind === 'scalar') {
        const ty = r.weighted([[50, 'i32'], [20, 'i64'], [10, 'double'], [8, 'i8'], [5, 'float'], [5, 'i16']]);
        const name = `@g${i}`;
        this.globals.push({ name, ty, isConst, kind: 'scalar' });
        this.sink.put(`${name} = ${link} ${isConst ? 'constant' : 'global'} ${ty} ${this.constOf(ty)}, align ${SCALAR_SIZE[ty]}\n`);
      } else if (kind === 'array') {
        const elem = r.weighted([[50, 'i32'], [25, 'i64'], [15, 'double'], [10, 'i8']]);
        const cnt = r.range(2, 24);
        const name = `@tab${i}`;
        const sz = SCALAR_SIZE[elem] * cnt;
        this.globals.push({ name, ty: `[${cnt} x ${elem}]`, isConst, kind: 'array', elem, n: cnt });
        this.sink.put(`${name} = ${link} ${isConst ? 'constant' : 'global'} [${cnt} x ${elem}] ${this.arrayInit(elem, cnt)}, align ${sz >= 16 ? 16 : SCALAR_SIZE[elem]}\n`);
      } else {
        const target = this.globals.length ? r.pick(this.globals).name : 'null';
        const name = `@gp${i}`;
        this.globals.push({ name, ty: 'ptr', isConst, kind: 'scalar' });
        this.sink.put(`${name} = ${link} ${isConst ? 'constant' : 'global'} ptr ${target}, align 8\n`);
      }
    }
    // One instance per struct type, so every ptr-to-struct parameter has something to point at.
    for (const st of this.structs) {
      const name = `@inst.${st.cname}`;
      st.inst = name;
      this.sink.put(`${name} = dso_local global ${st.name} ${this.structInit(st)}, align ${st.align}\n`);
    }
  }

  makeStrings(n) {
    const r = this.r;
    for (let i = 0; i < n; i++) {
      const nw = r.range(1, 5);
      let text = '';
      const fmt = [];
      for (let j = 0; j < nw; j++) {
        if (j) text += r.chance(0.2) ? ', ' : ' ';
        text += r.pick(WORDS);
        if (r.chance(0.35) && fmt.length < 3) {
          const t = r.weighted([[6, 'i32'], [2, 'i64'], [2, 'double']]);
          fmt.push(t);
          text += t === 'i32' ? ' %d' : t === 'i64' ? ' %ld' : ' %f';
        }
      }
      if (r.chance(0.2)) text += ' "quoted"';
      if (r.chance(0.1)) text += '\t|';
      if (r.chance(0.7)) text += '\n';
      let enc = '';
      for (let k = 0; k < text.length; k++) {
        const c = text.charCodeAt(k);
        enc += c < 32 || c === 34 || c === 92 || c > 126 ? '\\' + c.toString(16).toUpperCase().padStart(2, '0') : text[k];
      }
      const name = i === 0 ? '@.str' : `@.str.${i}`;
      this.strings.push({ name, fmt });
      this.sink.put(`${name} = private unnamed_addr constant [${text.length + 1} x i8] c"${enc}\\00", align 1\n`);
    }
  }

  makeExterns(n) {
    const r = this.r;
    for (let i = 0; i < n; i++) {
      const ret = r.weighted([[50, 'i32'], [15, 'i64'], [15, 'void'], [10, 'double'], [10, 'ptr']]);
      const np = r.range(0, 4);
      const params = [];
      for (let j = 0; j < np; j++) params.push(r.weighted([[50, 'i32'], [15, 'i64'], [15, 'ptr'], [10, 'double'], [10, 'i8']]));
      this.externs.push({ name: `@ext_${WORDS[i % WORDS.length]}${i}`, ret, params, vararg: false, decl: true });
    }
    this.printf = { name: '@printf', ret: 'i32', params: ['ptr'], vararg: true, decl: true };
    this.malloc = { name: '@malloc', ret: 'ptr', params: ['i64'], vararg: false, decl: true };
    this.free = { name: '@free', ret: 'void', params: ['ptr'], vararg: false, decl: true };
  }

  // ----- debug info (shared part) ------------------------------------------------------------

  makeDebugTypes() {
    const cu = this.reserveMd();
    const file = this.allocMd('!DIFile(filename: "gen.c", directory: "/bench")');
    this.mdEmpty = this.allocMd('!{}');
    this.md[cu] = `distinct !DICompileUnit(language: DW_LANG_C11, file: !${file}, producer: "${PRODUCER}", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)`;
    this.mdCU = cu; this.mdFile = file;
    const basic = (name, size, enc) => this.allocMd(`!DIBasicType(name: "${name}", size: ${size}, encoding: ${enc})`);
    this.diT = {
      i8: basic('char', 8, 'DW_ATE_signed_char'), i16: basic('short', 16, 'DW_ATE_signed'),
      i32: basic('int', 32, 'DW_ATE_signed'), i64: basic('long', 64, 'DW_ATE_signed'),
      float: basic('float', 32, 'DW_ATE_float'), double: basic('double', 64, 'DW_ATE_float'),
    };
    this.diT.ptr = this.allocMd('!DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)');
    this.diArr = new Map();
    for (const st of this.structs) {
      const id = this.reserveMd();
      st.di = id;
      const members = [];
      st.fields.forEach((f, j) => {
        const base = f.kind === 'scalar' ? this.diT[f.ty] : f.kind === 'arr' ? this.diArray(f.elem, f.n) : f.st.di;
        const [sz] = this.fieldLayout(f);
        members.push(this.allocMd(`!DIDerivedType(tag: DW_TAG_member, name: "f${j}", scope: !${id}, file: !${file}, line: ${j + 2}, baseType: !${base}, size: ${sz * 8}${st.offsets[j] ? `, offset: ${st.offsets[j] * 8}` : ''})`));
      });
      const elems = this.allocMd(`!{${members.map((m) => '!' + m).join(', ')}}`);
      this.md[id] = `distinct !DICompositeType(tag: DW_TAG_structure_type, name: "${st.cname}", file: !${file}, line: 1, size: ${st.size * 8}, elements: !${elems})`;
      st.diPtr = this.allocMd(`!DIDerivedType(tag: DW_TAG_pointer_type, baseType: !${id}, size: 64)`);
    }
    for (const [elem, n] of LOCAL_ARRAYS) this.diArray(elem, n);
  }
  diArray(elem, n) {
    const key = `${elem}x${n}`;
    let id = this.diArr.get(key);
    if (id === undefined) {
      const sub = this.allocMd(`!DISubrange(count: ${n})`);
      const el = this.allocMd(`!{!${sub}}`);
      id = this.allocMd(`!DICompositeType(tag: DW_TAG_array_type, baseType: !${this.diT[elem]}, size: ${SCALAR_SIZE[elem] * n * 8}, elements: !${el})`);
      this.diArr.set(key, id);
    }
    return id;
  }

  // ----- driver ------------------------------------------------------------------------------

  run() {
    const o = this.o;
    const size = o.size;
    this.sink.put(HEADER(`gen-s${o.seed}`));
    const nStructs = Math.min(200, 6 + Math.floor(size / 50_000));
    const nGlobals = Math.min(20_000, 12 + Math.floor(size / 4_000));
    const nStrings = Math.min(20_000, 8 + Math.floor(size / 6_000));
    const nExterns = Math.min(2_000, 8 + Math.floor(size / 40_000));
    this.makeStructs(nStructs);
    for (const st of this.structs) this.sink.put(`${st.name} = type ${st.ir}\n`);
    this.sink.put('\n');
    this.makeGlobals(nGlobals);
    this.makeStrings(nStrings);
    this.sink.put('\n');
    this.makeExterns(nExterns);
    if (o.debug) this.makeDebugTypes();
    this.mdMustProgress = this.allocMd('!{!"llvm.loop.mustprogress"}');

    const near = o.near == null ? o.dup / 3 : o.near;
    let mdBytes = 0;
    const trailerEstimate = 2_000 + nExterns * 60;
    while (this.sink.bytes + mdBytes + trailerEstimate < size || this.fnCount < 2) {
      const mdBefore = this.nextMd;
      const roll = this.r.float();
      let text;
      if (this.funcs.length > 0 && roll < o.dup) text = this.duplicate(this.r.chance(0.5) ? 'exact' : 'renamed');
      else if (this.funcs.length > 0 && roll < o.dup + near) text = this.duplicate('near');
      else text = this.genFunction();
      this.sink.put(text);
      for (let i = mdBefore; i < this.nextMd; i++) mdBytes += this.md[i].length + 8;
    }
    this.finishModule();
  }

  finishModule() {
    const s = this.sink;
    const decl = (f, attrs) => {
      const ps = f.params.map((p) => (p === 'i8' ? 'i8 noundef signext' : `${p} noundef`));
      if (f.vararg) ps.push('...');
      return `declare ${f.ret === 'ptr' && f === this.malloc ? 'noalias ptr' : f.ret} ${f.name}(${ps.join(', ')}) #${attrs}\n`;
    };
    for (const f of this.externs) if (this.usedDecls.has(f.name)) s.put(decl(f, 2));
    if (this.usedDecls.has('@printf')) s.put(decl(this.printf, 2));
    if (this.usedDecls.has('@malloc')) s.put(decl(this.malloc, 4));
    if (this.usedDecls.has('@free')) s.put(decl(this.free, 2));
    if (this.usedDecls.has('memcpy')) {
      s.put('\n; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)\n');
      s.put('declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #3\n');
    }
    s.put('\n' + ATTRIBUTE_GROUPS.join('\n') + '\n\n');
    const flags = [];
    if (this.o.debug) {
      flags.push(this.allocMd('!{i32 7, !"Dwarf Version", i32 5}'));
      flags.push(this.allocMd('!{i32 2, !"Debug Info Version", i32 3}'));
    }
    flags.push(this.allocMd('!{i32 1, !"wchar_size", i32 4}'));
    flags.push(this.allocMd('!{i32 8, !"PIC Level", i32 2}'));
    flags.push(this.allocMd('!{i32 7, !"PIE Level", i32 2}'));
    flags.push(this.allocMd('!{i32 7, !"uwtable", i32 2}'));
    flags.push(this.allocMd('!{i32 7, !"frame-pointer", i32 2}'));
    const ident = this.allocMd(`!{!"${PRODUCER}"}`);
    if (this.o.debug) s.put(`!llvm.dbg.cu = !{!${this.mdCU}}\n`);
    s.put(`!llvm.module.flags = !{${flags.map((f) => '!' + f).join(', ')}}\n`);
    s.put(`!llvm.ident = !{!${ident}}\n\n`);
    for (let i = 0; i < this.nextMd; i++) s.put(`!${i} = ${this.md[i]}\n`);
    s.flush();
  }

  // ----- duplicates --------------------------------------------------------------------------

  duplicate(kind) {
    const r = this.r;
    const src = this.funcs[this.funcs.length - 1 - r.int(Math.min(this.funcs.length, 64))];
    const name = `@fn${this.fnCount++}`;
    const base = src.mdBase, end = src.mdEnd, nb = this.nextMd;
    const remap = (t) => (end > base ? t.replace(/!(\d+)/g, (m, d) => {
      const x = +d;
      return x >= base && x < end ? '!' + (x - base + nb) : m;
    }) : t);
    let text = remap(src.text.replace(`${src.name}(`, `${name}(`));
    for (let i = base; i < end; i++) {
      let m = remap(this.md[i]);
      if (i === src.mdSP) m = m.replace(`name: "${src.name.slice(1)}"`, `name: "${name.slice(1)}"`);
      this.md[this.nextMd++] = m;
    }
    if (kind === 'renamed') {
      text = text.replace(/%(\d+)/g, '%v$1').replace(/^(\d+):/gm, 'v$1:');
    } else if (kind === 'near') {
      const hits = [...text.matchAll(/store i32 (-?\d+), ptr/g)];
      if (hits.length) {
        const h = hits[r.int(hits.length)];
        const at = h.index + 'store i32 '.length;
        text = text.slice(0, at) + String(+h[1] + 1 + r.int(7)) + text.slice(at + h[1].length);
      }
    }
    const rec = { ...src, name, text, mdBase: nb, mdEnd: this.nextMd, mdSP: src.mdSP - base + nb };
    this.funcs.push(rec);
    return text;
  }

  // ----- one function ------------------------------------------------------------------------

  genFunction() {
    const r = this.r;
    const name = `@fn${this.fnCount++}`;
    const ret = r.weighted([[50, 'i32'], [15, 'void'], [12, 'i64'], [10, 'double'], [5, 'i8'], [8, 'ptr']]);
    const np = r.weighted([[10, 0], [25, 1], [25, 2], [20, 3], [12, 4], [8, 6]]);
    const params = [];
    for (let i = 0; i < np; i++) {
      const t = r.weighted([[45, 'i32'], [15, 'i64'], [20, 'sptr'], [10, 'double'], [5, 'i8'], [5, 'float']]);
      if (t === 'sptr') params.push({ ty: 'ptr', st: r.pick(this.structs) });
      else params.push({ ty: t, st: null });
    }
    const big = r.chance(0.04);
    const budget = big ? r.range(60, 250) : r.weighted([[30, r.range(1, 6)], [50, r.range(6, 25)], [20, r.range(25, 60)]]);
    const linkage = r.chance(0.2) ? 'internal' : 'dso_local';
    const optnone = r.chance(this.o.optnone) ? 1 : 0;
    const mdBase = this.nextMd;
    const f = new FnGen(this, name, ret, params, budget);
    const body = f.build();
    const sig = params.map((p, i) => `${p.ty === 'i8' ? 'i8 noundef signext' : p.ty + ' noundef'} %${i}`).join(', ');
    const retAttr = ret === 'i8' ? 'signext i8' : ret;
    const dbgAttach = f.sp >= 0 ? ` !dbg !${f.sp}` : '';
    const define = `${FN_ATTR_COMMENT[optnone]}\ndefine ${linkage} ${retAttr} ${name}(${sig}) #${optnone}${dbgAttach} {`;
    const text = body.finish(define);
    const rec = { name, ret, params, text, mdBase, mdEnd: this.nextMd, mdSP: f.sp, decl: false };
    this.funcs.push(rec);
    return text;
  }
}

const LOCAL_ARRAYS = [['i32', 8], ['i32', 16], ['i64', 4], ['double', 6]];

// Generates one clang -O0 style function body into a FnBuilder.
class FnGen {
  constructor(mg, name, ret, params, budget) {
    this.mg = mg; this.r = mg.r; this.name = name; this.ret = ret; this.params = params;
    this.budget = budget;
    this.b = new FnBuilder(params.length);
    this.vars = [];        // scalar vars: {addr, ty, st, name}
    this.arrays = [];      // local arrays: {addr, elem, n}
    this.slocals = [];     // local structs: {addr, st}
    this.loopIdx = [];     // i32 loop counters by nesting depth
    this.loops = [];       // stack of {brk, cont}
    this.sp = -1;
    this.line = 1;
    this.debug = mg.o.debug;
  }

  loc() {
    if (!this.debug) return;
    this.line += 1 + this.r.int(3);
    const id = this.mg.allocMd(`!DILocation(line: ${this.line}, column: ${this.r.range(3, 40)}, scope: !${this.sp})`);
    this.b.dbg = `, !dbg !${id}`;
  }

  build() {
    const r = this.r, b = this.b, mg = this.mg;
    if (this.debug) {
      this.sp = mg.reserveMd();
      const tys = [this.ret === 'void' ? 'null' : '!' + this.diType(this.ret, null)];
      for (const p of this.params) tys.push('!' + this.diType(p.ty, p.st));
      const tl = mg.allocMd(`!{${tys.join(', ')}}`);
      const st = mg.allocMd(`!DISubroutineType(types: !${tl})`);
      mg.md[this.sp] = `distinct !DISubprogram(name: "${this.name.slice(1)}", scope: !${mg.mdFile}, file: !${mg.mdFile}, line: 1, type: !${st}, scopeLine: 1, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !${mg.mdCU}, retainedNodes: !${mg.mdEmpty})`;
    }
    const entry = b.block();
    b.start(entry);
    this.useRetval = this.ret !== 'void' && r.chance(0.3);
    if (this.useRetval) this.retval = this.alloca(this.ret === 'i8' ? 'i8' : this.ret, 'retval');
    const paramVars = this.params.map((p, i) => {
      const v = { addr: this.alloca(p.ty), ty: p.ty, st: p.st, name: `a${i}`, arg: i + 1 };
      this.vars.push(v);
      return v;
    });
    const nl = r.range(1, 4 + Math.min(8, this.budget >> 2));
    const locals = [];
    for (let i = 0; i < nl; i++) {
      const t = r.weighted([[50, 'i32'], [15, 'i64'], [12, 'double'], [6, 'i8'], [4, 'float'], [13, 'sptr']]);
      const v = t === 'sptr'
        ? { addr: this.alloca('ptr'), ty: 'ptr', st: r.pick(mg.structs), name: `p${i}` }
        : { addr: this.alloca(t), ty: t, st: null, name: `l${i}` };
      this.vars.push(v); locals.push(v);
    }
    const depthMax = 3;
    for (let d = 0; d < depthMax; d++) {
      const v = { addr: this.alloca('i32'), ty: 'i32', st: null, name: `i${d}` };
      this.loopIdx.push(v);
    }
    if (r.chance(0.35)) {
      const [elem, n] = r.pick(LOCAL_ARRAYS);
      const addr = b.v();
      b.raw(`  ${addr} = alloca [${n} x ${elem}], align 16`);
      this.arrays.push({ addr, elem, n, name: 'arr' });
    }
    if (r.chance(0.3)) {
      const st = r.pick(mg.structs);
      const addr = b.v();
      b.raw(`  ${addr} = alloca ${st.name}, align ${st.align}`);
      this.slocals.push({ addr, st, name: 'sl' });
    }
    // Parameters are spilled to their allocas first (no !dbg, as clang does).
    paramVars.forEach((v, i) => {
      b.raw(`  store ${v.ty} %${i}, ptr ${v.addr}, align ${SCALAR_SIZE[v.ty]}`);
      if (this.debug) this.declare(v, true);
    });
    if (this.debug) {
      for (const v of locals) this.declare(v, false);
      for (const v of this.loopIdx) this.declare(v, false);
      for (const a of this.arrays) this.declare({ addr: a.addr, name: a.name, di: this.mg.diArray(a.elem, a.n) }, false);
      for (const s of this.slocals) this.declare({ addr: s.addr, name: s.name, di: s.st.di }, false);
    }
    // Initialise most locals (some stay uninitialised: mem2reg turns their loads into undef).
    for (const v of locals) {
      if (r.chance(0.85)) {
        this.loc();
        if (v.ty === 'ptr') {
          if (r.chance(0.2)) this.mallocInto(v);
          else b.I(`store ptr ${this.structAddrFor(v.st, v)}, ptr ${v.addr}, align 8`);
        } else b.I(`store ${v.ty} ${mg.constOf(v.ty)}, ptr ${v.addr}, align ${SCALAR_SIZE[v.ty]}`);
      }
    }
    this.retBlock = this.useRetval ? b.block() : null;
    this.stmts(this.budget, 0);
    this.loc();
    if (this.ret === 'void') {
      if (this.useRetval) { b.br(this.retBlock); b.start(this.retBlock); }
      b.ret('void');
    } else if (this.useRetval) {
      this.storeTo({ addr: this.retval, ty: this.ret }, this.ret === 'ptr' ? this.ptrValue() : this.expr(this.valTy(this.ret), 2));
      b.br(this.retBlock);
      b.start(this.retBlock);
      this.loc();
      const v = b.v();
      b.I(`${v} = load ${this.ret}, ptr ${this.retval}, align ${SCALAR_SIZE[this.ret]}`);
      b.ret(this.ret, v);
    } else {
      const v = this.ret === 'ptr' ? this.ptrValue() : this.convert(this.expr(this.valTy(this.ret), 2), this.valTy(this.ret), this.ret);
      b.ret(this.ret, v);
    }
    return b;
  }

  diType(ty, st) {
    const mg = this.mg;
    if (ty === 'ptr') return st ? st.diPtr : mg.diT.ptr;
    return mg.diT[ty];
  }
  declare(v, isArg) {
    const mg = this.mg;
    this.line++;
    const di = v.di !== undefined ? v.di : this.diType(v.ty, v.st);
    const lv = mg.allocMd(`!DILocalVariable(name: "${v.name}", ${isArg ? `arg: ${v.arg}, ` : ''}scope: !${this.sp}, file: !${mg.mdFile}, line: ${this.line}, type: !${di})`);
    const l = mg.allocMd(`!DILocation(line: ${this.line}, column: ${this.r.range(5, 30)}, scope: !${this.sp})`);
    this.b.raw(`    #dbg_declare(ptr ${v.addr}, !${lv}, !DIExpression(), !${l})`);
  }

  alloca(ty) {
    const a = this.b.v();
    this.b.raw(`  ${a} = alloca ${ty}, align ${SCALAR_SIZE[ty]}`);
    return a;
  }

  // Arithmetic value types: i8/i16 promote to i32 and float to double, as in C.
  valTy(t) { return t === 'i8' || t === 'i16' ? 'i32' : t === 'float' ? 'double' : t; }

  convert(v, from, to) {
    if (from === to) return v;
    if (v[0] !== '%') { // fold constants, as clang does
      const f = this.foldConvert(v, from, to);
      if (f !== null) return f;
    }
    const b = this.b, o = b.v();
    if (isInt(from) && isInt(to)) {
      if (from === 'i1') b.I(`${o} = zext i1 ${v} to ${to}`);
      else b.I(`${o} = ${bitsOf(from) < bitsOf(to) ? 'sext' : 'trunc'} ${from} ${v} to ${to}`);
    } else if (isInt(from) && isFP(to)) b.I(`${o} = sitofp ${from} ${v} to ${to}`);
    else if (isFP(from) && isInt(to)) b.I(`${o} = fptosi ${from} ${v} to ${to}`);
    else b.I(`${o} = ${from === 'float' ? 'fpext' : 'fptrunc'} ${from} ${v} to ${to}`);
    return o;
  }

  foldConvert(v, from, to) {
    if (from === 'i1' || v === 'null') return null;
    if (isInt(from) && isInt(to)) return bitsOf(to) >= bitsOf(from) ? v : String(BigInt.asIntN(bitsOf(to), BigInt(v)));
    if (isInt(from)) { const n = Number(v); return Math.abs(n) < 1e6 ? fmtFP(n) : null; }
    if (isInt(to)) return String(BigInt.asIntN(bitsOf(to), BigInt(Math.trunc(Number(v)))));
    return v; // float <-> double: all generated FP constants are exact in float
  }
  // A non-constant operand of type ty: a load (converted).
  nonConst(ty) {
    const lv = this.lvalue(false);
    return this.convert(this.load(lv.addr, lv.ty), lv.ty, ty);
  }

  load(addr, ty) {
    const v = this.b.v();
    this.b.I(`${v} = load ${ty}, ptr ${addr}, align ${SCALAR_SIZE[ty]}`);
    return v;
  }

  // An address of a struct of type st: a ptr variable of that type, a local struct or its global.
  structAddrFor(st, exclude) {
    const cands = this.vars.filter((v) => v.st === st && v !== exclude);
    if (cands.length && this.r.chance(0.6)) return this.load(this.r.pick(cands).addr, 'ptr');
    const loc = this.slocals.find((s) => s.st === st);
    if (loc && this.r.chance(0.7)) return loc.addr;
    return st.inst;
  }
  ptrValue() {
    const ps = this.vars.filter((v) => v.ty === 'ptr');
    if (ps.length && this.r.chance(0.8)) return this.load(this.r.pick(ps).addr, 'ptr');
    return this.r.pick(this.mg.structs).inst;
  }

  mallocInto(v) {
    const mg = this.mg, b = this.b;
    mg.usedDecls.add('@malloc');
    const p = b.v();
    b.I(`${p} = call noalias ptr @malloc(i64 noundef ${v.st.size}) #5`);
    b.I(`store ptr ${p}, ptr ${v.addr}, align 8`);
  }

  // An lvalue of scalar type: {addr, ty}. Loads through pointers emit the GEPs on the way.
  lvalue(forStore) {
    this.lvDepth = (this.lvDepth || 0) + 1;
    try {
      return this.lvalue1(forStore, this.lvDepth > 2);
    } finally {
      this.lvDepth--;
    }
  }
  lvalue1(forStore, flat) {
    const r = this.r, mg = this.mg;
    const k = flat ? 'var' : r.weighted([[55, 'var'], [15, 'field'], [10, 'arr'], [12, 'global'], [8, 'garr']]);
    if (k === 'field') {
      const ps = this.vars.filter((v) => v.ty === 'ptr' && v.st);
      let base, st;
      if (this.slocals.length && r.chance(0.3)) ({ addr: base, st } = r.pick(this.slocals));
      else if (ps.length) { const p = r.pick(ps); base = this.load(p.addr, 'ptr'); st = p.st; }
      if (base) { const lv = this.fieldOf(base, st, 0); if (lv) return lv; }
    } else if (k === 'arr' && this.arrays.length) {
      const a = r.pick(this.arrays);
      return { addr: this.gepIndex(`[${a.n} x ${a.elem}]`, a.addr, a.n), ty: a.elem };
    } else if (k === 'global' || k === 'garr') {
      const gs = mg.globals;
      for (let tries = 0; tries < 4; tries++) {
        const g = gs[r.int(gs.length)];
        if ((forStore && g.isConst) || g.ty === 'ptr') continue;
        if (g.kind === 'scalar') return { addr: g.name, ty: g.ty };
        if (r.chance(0.4)) {
          // constant-expression GEP operand, as clang emits for constant indices
          return { addr: `getelementptr inbounds ([${g.n} x ${g.elem}], ptr ${g.name}, i64 0, i64 ${r.int(g.n)})`, ty: g.elem };
        }
        return { addr: this.gepIndex(g.ty, g.name, g.n), ty: g.elem };
      }
    }
    const sv = this.vars.filter((v) => v.ty !== 'ptr');
    if (sv.length) { const v = r.pick(sv); return { addr: v.addr, ty: v.ty }; }
    return { addr: this.loopIdx[0].addr, ty: 'i32' };
  }
  fieldOf(base, st, depth) {
    const r = this.r;
    const j = r.int(st.fields.length);
    const f = st.fields[j];
    const b = this.b;
    const g = b.v();
    b.I(`${g} = getelementptr inbounds ${st.name}, ptr ${base}, i32 0, i32 ${j}`);
    if (f.kind === 'scalar') return f.ty === 'ptr' ? null : { addr: g, ty: f.ty };
    if (f.kind === 'arr') return { addr: this.gepIndex(`[${f.n} x ${f.elem}]`, g, f.n), ty: f.elem };
    return depth < 3 ? this.fieldOf(g, f.st, depth + 1) : null;
  }
  gepIndex(aty, base, n) {
    const r = this.r, b = this.b;
    let idx;
    if (this.loops.length && r.chance(0.5)) {
      const i = this.load(this.loopIdx[this.loops.length - 1].addr, 'i32');
      idx = this.convert(i, 'i32', 'i64');
    } else if (r.chance(0.6)) idx = String(r.int(n));
    else idx = this.convert(this.nonConst('i32'), 'i32', 'i64');
    const g = b.v();
    b.I(`${g} = getelementptr inbounds ${aty}, ptr ${base}, i64 0, i64 ${idx}`);
    return g;
  }

  leafInt(ty) {
    if (this.r.chance(0.3)) return this.mg.constOf(ty);
    const lv = this.lvalue(false);
    return this.convert(this.load(lv.addr, lv.ty), lv.ty, ty);
  }

  // Expression of arithmetic type ty (i32, i64, double); returns an operand.
  expr(ty, depth) {
    const r = this.r, b = this.b;
    if (depth <= 0 || r.chance(0.3)) {
      if (r.chance(0.3)) return this.mg.constOf(ty);
      const lv = this.lvalue(false);
      return this.convert(this.load(lv.addr, lv.ty), lv.ty, ty);
    }
    const k = r.weighted([[55, 'bin'], [10, 'call'], [8, 'cmp'], [7, 'neg'], [20, 'leaf']]);
    if (k === 'bin') {
      const op = isFP(ty) ? r.pick(['fadd', 'fsub', 'fmul', 'fdiv'])
        : r.weighted([[30, 'add nsw'], [20, 'sub nsw'], [15, 'mul nsw'], [5, 'sdiv'], [5, 'srem'], [6, 'and'],
          [5, 'or'], [6, 'xor'], [4, 'shl'], [4, 'ashr']]);
      let a = this.expr(ty, depth - 1);
      let c;
      if (op === 'sdiv' || op === 'srem') c = String(r.range(2, 97));
      else if (op === 'shl' || op === 'ashr') c = String(r.int(bitsOf(ty) >> 1));
      else if (r.chance(0.4)) c = isFP(ty) ? fmtFP(r.range(1, 40) / 4) : this.mg.constOf(ty);
      else c = this.expr(ty, depth - 1);
      // clang folds constant-only arithmetic: keep one operand a load
      if (a[0] !== '%' && c[0] !== '%') a = this.nonConst(ty);
      const o = b.v();
      b.I(`${o} = ${op} ${ty} ${a}, ${c}`);
      return o;
    }
    if (k === 'call') {
      const v = this.call(ty);
      if (v) return v;
      return this.expr(ty, depth - 1);
    }
    if (k === 'cmp') {
      const c = this.cond(depth - 1);
      return this.convert(this.convert(c, 'i1', 'i32'), 'i32', ty);
    }
    if (k === 'neg') {
      let a = this.expr(ty, depth - 1);
      if (a[0] !== '%') a = this.nonConst(ty);
      const o = b.v();
      if (isFP(ty)) b.I(`${o} = fneg ${ty} ${a}`);
      else if (r.chance(0.5)) b.I(`${o} = sub nsw ${ty} 0, ${a}`);
      else b.I(`${o} = xor ${ty} ${a}, -1`);
      return o;
    }
    const lv = this.lvalue(false);
    return this.convert(this.load(lv.addr, lv.ty), lv.ty, ty);
  }

  cond(depth) {
    const r = this.r, b = this.b;
    const ty = r.weighted([[70, 'i32'], [18, 'i64'], [12, 'double']]);
    let a = this.expr(ty, Math.min(depth, 1));
    if (a[0] !== '%') a = this.nonConst(ty);
    if (isFP(ty)) {
      const rhs = r.chance(0.5) ? this.expr(ty, 0) : fmtFP(r.range(-40, 40) / 4);
      const o = b.v();
      b.I(`${o} = fcmp ${r.pick(['olt', 'ogt', 'oeq', 'une', 'oge', 'ole'])} double ${a}, ${rhs}`);
      return o;
    }
    if (r.chance(0.3)) {
      const o = b.v();
      b.I(`${o} = icmp ne ${ty} ${a}, 0`);
      return o;
    }
    const rhs = r.chance(0.5) ? this.expr(ty, 0) : this.mg.constOf(ty);
    const o = b.v();
    b.I(`${o} = icmp ${r.pick(['slt', 'sgt', 'sle', 'sge', 'eq', 'ne'])} ${ty} ${a}, ${rhs}`);
    return o;
  }

  // A call returning wantTy (or anything when wantTy is null, result ignored). Returns the value.
  call(wantTy) {
    const r = this.r, mg = this.mg, b = this.b;
    let callee = null;
    for (let tries = 0; tries < 6 && !callee; tries++) {
      const c = mg.funcs.length && r.chance(0.65)
        ? mg.funcs[mg.funcs.length - 1 - r.int(Math.min(mg.funcs.length, 400))]
        : r.pick(mg.externs);
      const rv = c.ret === 'void' || c.ret === 'ptr' ? null : this.valTy(c.ret);
      if (wantTy === null || rv !== null) callee = c;
    }
    if (!callee) return null;
    const args = callee.params.map((p) => {
      const pt = typeof p === 'string' ? p : p.ty;
      const st = typeof p === 'string' ? null : p.st;
      if (pt === 'ptr') return `ptr noundef ${st ? this.structAddrFor(st, null) : this.ptrValue()}`;
      const v = this.convert(this.expr(this.valTy(pt), 1), this.valTy(pt), pt);
      return pt === 'i8' ? `i8 noundef signext ${v}` : `${pt} noundef ${v}`;
    });
    if (callee.decl) mg.usedDecls.add(callee.name);
    const rt = callee.ret === 'i8' ? 'signext i8' : callee.ret;
    const attrs = callee.decl && r.chance(0.2) ? ' #6' : '';
    if (callee.ret === 'void') {
      b.I(`call void ${callee.name}(${args.join(', ')})${attrs}`);
      return null;
    }
    const v = b.v();
    b.I(`${v} = call ${rt} ${callee.name}(${args.join(', ')})${attrs}`);
    if (wantTy === null || callee.ret === 'ptr') return v;
    return this.convert(v, callee.ret, wantTy);
  }

  storeTo(lv, val) {
    const vt = lv.ty === 'ptr' ? 'ptr' : this.valTy(lv.ty);
    const v = lv.ty === 'ptr' ? val : this.convert(val, vt, lv.ty);
    this.b.I(`store ${lv.ty} ${v}, ptr ${lv.addr}, align ${SCALAR_SIZE[lv.ty]}`);
  }

  // ----- statements --------------------------------------------------------------------------

  stmts(budget, depth) {
    while (budget > 0 && !this.b.done) {
      const used = this.stmt(budget, depth);
      budget -= used;
    }
  }

  stmt(budget, depth) {
    const r = this.r, b = this.b, mg = this.mg;
    const canNest = depth < 3 && budget > 2;
    const k = r.weighted([
      [30, 'assign'], [12, 'compound'], [8, 'callstmt'], [4, 'printf'], [2, 'memcpy'], [2, 'free'],
      [canNest ? 12 : 0, 'if'], [canNest ? 8 : 0, 'ifelse'], [canNest ? 7 : 0, 'for'], [canNest ? 3 : 0, 'while'],
      [canNest ? 2 : 0, 'dowhile'], [canNest ? 4 : 0, 'switch'],
      [this.loops.length ? 3 : 0, 'break'], [this.loops.length ? 2 : 0, 'continue'],
      [this.useRetval && depth > 0 ? 2 : 0, 'return'],
    ]);
    this.loc();
    switch (k) {
      case 'assign': {
        const lv = this.lvalue(true);
        if (lv.ty === 'ptr') { this.storeTo(lv, this.ptrValue()); return 1; }
        const e = this.expr(this.valTy(lv.ty), r.range(1, 3));
        this.storeTo(lv, e);
        return 1;
      }
      case 'compound': {
        const sv = this.vars.filter((v) => v.ty !== 'ptr');
        if (!sv.length) return 1;
        const v = r.pick(sv);
        const vt = this.valTy(v.ty);
        const e = this.expr(vt, 1);
        const cur = this.convert(this.load(v.addr, v.ty), v.ty, vt);
        const o = b.v();
        if (isFP(vt)) b.I(`${o} = ${r.pick(['fadd', 'fsub', 'fmul'])} ${vt} ${cur}, ${e}`);
        else b.I(`${o} = ${r.pick(['add nsw', 'sub nsw', 'mul nsw', 'xor', 'or'])} ${vt} ${cur}, ${e}`);
        this.storeTo(v, o);
        return 1;
      }
      case 'callstmt': {
        const sv = this.vars.filter((x) => x.ty === 'i32');
        if (sv.length && r.chance(0.4)) {
          const v = this.call('i32');
          if (v) this.storeTo(r.pick(sv), v);
        } else this.call(null);
        return 1;
      }
      case 'printf': {
        const s = r.pick(mg.strings);
        const args = [`ptr noundef ${s.name}`];
        for (const t of s.fmt) args.push(`${t} noundef ${this.expr(t, 1)}`);
        mg.usedDecls.add('@printf');
        const v = b.v();
        b.I(`${v} = call i32 (ptr, ...) @printf(${args.join(', ')})`);
        return 1;
      }
      case 'memcpy': {
        if (!this.slocals.length) return 1;
        const s = r.pick(this.slocals);
        const src = this.structAddrFor(s.st, null);
        if (src === s.addr) return 1;
        mg.usedDecls.add('memcpy');
        b.I(`call void @llvm.memcpy.p0.p0.i64(ptr align ${s.st.align} ${s.addr}, ptr align ${s.st.align} ${src}, i64 ${s.st.size}, i1 false)`);
        return 1;
      }
      case 'free': {
        const ps = this.vars.filter((v) => v.ty === 'ptr' && v.st);
        if (!ps.length) return 1;
        const v = r.pick(ps);
        if (r.chance(0.5)) { this.mallocInto(v); return 1; }
        mg.usedDecls.add('@free');
        b.I(`call void @free(ptr noundef ${this.load(v.addr, 'ptr')}) #6`);
        return 1;
      }
      case 'if': case 'ifelse': {
        const c = this.cond(2);
        const then = b.block(), end = b.block();
        const els = k === 'ifelse' ? b.block() : end;
        b.condbr(c, then, els);
        const n1 = Math.max(1, r.int(Math.min(budget, 12)));
        b.start(then);
        this.stmts(n1, depth + 1);
        let n2 = 0;
        if (k === 'ifelse') {
          this.loc(); b.br(end);
          n2 = Math.max(1, r.int(Math.min(budget, 10)));
          b.start(els);
          this.stmts(n2, depth + 1);
        }
        this.loc(); b.br(end);
        b.start(end);
        return 1 + n1 + n2;
      }
      case 'for': case 'while': case 'dowhile': {
        const iv = this.loopIdx[this.loops.length];
        const bound = () => (r.chance(0.5) ? this.leafInt('i32') : String(r.range(2, 200)));
        const loopMd = mg.allocMd('');
        mg.md[loopMd] = `distinct !{!${loopMd}, !${mg.mdMustProgress}}`;
        const lm = `, !llvm.loop !${loopMd}`;
        const n = Math.max(1, r.int(Math.min(budget, 16)));
        const condB = b.block(), body = b.block(), end = b.block();
        if (k === 'for') {
          const inc = b.block();
          b.I(`store i32 0, ptr ${iv.addr}, align 4`);
          b.br(condB);
          b.start(condB);
          this.loc();
          const i = this.load(iv.addr, 'i32');
          const bd = bound();
          const c = b.v();
          b.I(`${c} = icmp slt i32 ${i}, ${bd}`);
          b.condbr(c, body, end);
          b.start(body);
          this.loops.push({ brk: end, cont: inc });
          this.stmts(n, depth + 1);
          this.loops.pop();
          this.loc();
          b.br(inc);
          b.start(inc);
          const i2 = this.load(iv.addr, 'i32');
          const i3 = b.v();
          b.I(`${i3} = add nsw i32 ${i2}, 1`);
          b.I(`store i32 ${i3}, ptr ${iv.addr}, align 4`);
          b.br(condB, lm);
        } else if (k === 'while') {
          b.br(condB);
          b.start(condB);
          this.loc();
          const c = this.cond(1);
          b.condbr(c, body, end);
          b.start(body);
          this.loops.push({ brk: end, cont: condB });
          this.stmts(n, depth + 1);
          this.loops.pop();
          // make progress on the loop variable so the loop looks like one
          this.loc();
          b.br(condB, lm);
        } else {
          b.br(body);
          b.start(body);
          this.loops.push({ brk: end, cont: condB });
          this.stmts(n, depth + 1);
          this.loops.pop();
          this.loc();
          b.br(condB);
          b.start(condB);
          const c = this.cond(1);
          b.condbr(c, body, end, lm);
        }
        b.start(end);
        return 2 + n;
      }
      case 'switch': {
        const ty = r.chance(0.85) ? 'i32' : 'i64';
        let v = this.expr(ty, 1);
        if (v[0] !== '%') v = this.nonConst(ty);
        if (r.chance(0.5)) { const m = b.v(); b.I(`${m} = srem ${ty} ${v}, ${r.range(3, 17)}`); v = m; }
        const nc = r.range(1, r.chance(0.1) ? 24 : 6);
        const vals = new Set();
        while (vals.size < nc) vals.add(r.range(-3, 40));
        const cases = [...vals].map((x) => [String(x), b.block()]);
        const hasDef = r.chance(0.7);
        const end = b.block();
        const def = hasDef ? b.block() : end;
        b.sw(ty, v, def, cases);
        let used = 1;
        this.loops.push({ brk: end, cont: this.loops.length ? this.loops[this.loops.length - 1].cont : end, sw: true });
        for (let i = 0; i < cases.length; i++) {
          b.start(cases[i][1]);
          const n = Math.max(1, r.int(Math.min(budget, 4)));
          this.stmts(n, depth + 1);
          used += n;
          this.loc();
          // fallthrough into the next case sometimes, as C allows
          if (i + 1 < cases.length && r.chance(0.15)) b.br(cases[i + 1][1]);
          else b.br(end);
        }
        if (hasDef) {
          b.start(def);
          this.stmts(1, depth + 1);
          this.loc();
          b.br(end);
        }
        this.loops.pop();
        b.start(end);
        return used;
      }
      case 'break': case 'continue': {
        // `if (cond) break;`
        const L = this.loops[this.loops.length - 1];
        const c = this.cond(1);
        const then = b.block(), end = b.block();
        b.condbr(c, then, end);
        b.start(then);
        this.loc();
        b.br(k === 'break' ? L.brk : L.cont);
        b.start(end);
        return 1;
      }
      case 'return': {
        const c = this.cond(1);
        const then = b.block(), end = b.block();
        b.condbr(c, then, end);
        b.start(then);
        this.loc();
        this.storeTo({ addr: this.retval, ty: this.ret }, this.ret === 'ptr' ? this.ptrValue() : this.expr(this.valTy(this.ret), 1));
        b.br(this.retBlock);
        b.start(end);
        return 1;
      }
    }
    return 1;
  }
}

// ---------------------------------------------------------------------------------------------
// --shape mode: large CFGs for dominator-tree / IDF benches.

const SHAPES = ['random', 'ladder', 'chain', 'switch'];

function genShapeFunction(r, kind, idx, N, NV) {
  const b = new FnBuilder(1);
  const entry = b.block();
  b.start(entry);
  const vars = [];
  for (let i = 0; i < NV; i++) vars.push(b.v());
  for (const v of vars) b.raw(`  ${v} = alloca i32, align 4`);
  // With more than 4 allocas, locals beyond the first 4 are block-scoped, as after inlining: local
  // k is initialised in the first block of its window of blocks and used only there, so the
  // promoted function stays linear in size (every local live everywhere would need allocas x
  // blocks phis).
  const NG = Math.min(NV, 4);
  b.raw(`  store i32 %0, ptr ${vars[0]}, align 4`);
  for (let i = 1; i < NG; i++) b.raw(`  store i32 ${i * 7}, ptr ${vars[i]}, align 4`);
  const localOf = (i) => NG + Math.floor(i * (NV - NG) / N);
  const pick = (i) => (NV > NG && i >= 0 && r.chance(0.7) ? vars[localOf(i)] : vars[r.int(NG)]);

  const body = (i = -1) => {
    if (NV > NG && i >= 0 && (i === 0 || localOf(i - 1) !== localOf(i)) && localOf(i) < NV)
      b.I(`store i32 ${i & 1023}, ptr ${vars[localOf(i)]}, align 4`);
    if (r.chance(0.3)) {
      const a = b.v(), c = b.v();
      b.I(`${a} = load i32, ptr ${pick(i)}, align 4`);
      b.I(`${c} = add nsw i32 ${a}, ${r.range(1, 9)}`);
      b.I(`store i32 ${c}, ptr ${pick(i)}, align 4`);
    }
  };
  // Conditions test the argument (one line) or a loaded variable (two lines, more mem2reg work).
  const cond = () => {
    if (r.chance(0.5)) {
      const c = b.v();
      b.I(`${c} = icmp slt i32 %0, ${r.range(0, 100)}`);
      return c;
    }
    const a = b.v(), c = b.v();
    b.I(`${a} = load i32, ptr ${vars[r.int(NG)]}, align 4`);
    b.I(`${c} = icmp slt i32 ${a}, ${r.range(0, 100)}`);
    return c;
  };
  const swv = () => {
    if (r.chance(0.5)) return '%0';
    const a = b.v();
    b.I(`${a} = load i32, ptr ${vars[r.int(NG)]}, align 4`);
    return a;
  };

  const blocks = [];
  for (let i = 0; i < N; i++) blocks.push(b.block());
  const exit = b.block();
  b.br(blocks[0]);

  if (kind === 'chain') {
    for (let i = 0; i < N; i++) {
      b.start(blocks[i]);
      body(i);
      const next = i + 1 < N ? blocks[i + 1] : exit;
      if (next !== exit && r.chance(0.2)) b.condbr(cond(), next, exit);
      else b.br(next);
    }
  } else if (kind === 'ladder') {
    // blocks[2k] = left rail, blocks[2k+1] = right rail; each rung crosses over.
    for (let i = 0; i < N; i++) {
      b.start(blocks[i]);
      body(i);
      const even = (i & 1) === 0;
      const same = i + 2 < N ? blocks[i + 2] : exit;
      const other = even ? (i + 3 < N ? blocks[i + 3] : exit) : (i + 1 < N ? blocks[i + 1] : exit);
      if (i === 0 && N > 1) b.condbr(cond(), blocks[1], same);
      else if (same === other) b.br(same);
      else b.condbr(cond(), same, other);
    }
  } else if (kind === 'random') {
    const target = (i) => {
      const x = r.float();
      if (x < 0.7) return blocks[Math.max(0, Math.min(N - 1, i + r.range(-20, 20)))];
      if (x < 0.95) return blocks[r.int(N)];
      return exit;
    };
    for (let i = 0; i < N; i++) {
      b.start(blocks[i]);
      body(i);
      const next = i + 1 < N ? blocks[i + 1] : exit;
      const x = r.float();
      if (next === exit) b.br(exit);
      else if (x < 0.45) b.condbr(cond(), next, target(i));
      else if (x < 0.7) b.br(next);
      else if (x < 0.82) {
        const k = r.range(2, 8), cases = [];
        for (let j = 0; j < k; j++) cases.push([String(j), target(i)]);
        b.sw('i32', swv(), next, cases);
      } else b.condbr(cond(), target(i), next);
    }
  } else { // switch fans: hub -> w case blocks -> join (the next hub)
    let i = 0;
    while (i < N) {
      b.start(blocks[i]);
      body(i);
      const remaining = N - i - 1;
      if (remaining < 3) { b.br(i + 1 < N ? blocks[i + 1] : exit); i++; continue; }
      const w = Math.min(remaining - 1, r.chance(0.1) ? r.range(256, 2048) : r.range(4, 128));
      const join = blocks[i + w + 1];
      const cases = [];
      for (let j = 0; j < w; j++) cases.push([String(j), blocks[i + 1 + j]]);
      b.sw('i32', swv(), join, cases);
      for (let j = 0; j < w; j++) {
        b.start(blocks[i + 1 + j]);
        if (r.chance(0.5)) b.I(`store i32 ${j}, ptr ${vars[r.int(NG)]}, align 4`);
        b.br(join);
      }
      i += w + 1;
    }
  }
  b.start(exit);
  const acc = vars.slice(0, NG).map((v) => { const x = b.v(); b.I(`${x} = load i32, ptr ${v}, align 4`); return x; });
  let s = acc[0];
  for (let i = 1; i < acc.length; i++) { const x = b.v(); b.I(`${x} = add i32 ${s}, ${acc[i]}`); s = x; }
  b.ret('i32', s);
  return b.finish(`${FN_ATTR_COMMENT[0]}\ndefine dso_local i32 @${kind}_${idx}(i32 noundef %0) #0 {`);
}

function generateShape(opts, sink) {
  const r = new Rng(opts.seed);
  sink.put(HEADER(`shape-${opts.shape}-s${opts.seed}`));
  for (let f = 0; f < opts.functions; f++) {
    const kind = opts.shape === 'mix' ? SHAPES[f % SHAPES.length] : opts.shape;
    if (!SHAPES.includes(kind)) throw new Error(`unknown --shape ${opts.shape} (random|ladder|chain|switch|mix)`);
    sink.put(genShapeFunction(r, kind, f, Math.max(1, opts.blocks), Math.max(1, opts.allocas)));
  }
  sink.put(ATTRIBUTE_GROUPS[0] + '\n');
  sink.flush();
}

// ---------------------------------------------------------------------------------------------
// API

function normalize(opts = {}) {
  const o = { ...DEFAULTS, ...opts };
  o.size = parseSize(o.size);
  o.blocks = parseSize(o.blocks);
  o.allocas = parseSize(o.allocas);
  o.seed = Number(o.seed) >>> 0;
  o.dup = Number(o.dup);
  o.functions = Number(o.functions);
  return o;
}

export function generateTo(write, opts) {
  const o = normalize(opts);
  const sink = new Sink(write);
  let functions;
  if (o.shape) { generateShape(o, sink); functions = o.functions; } else {
    const mg = new ModuleGen(o, sink);
    mg.run();
    functions = mg.fnCount;
  }
  return { bytes: sink.bytes, functions };
}

export function generate(opts) {
  const parts = [];
  generateTo((s) => parts.push(s), opts);
  return parts.join('');
}

export function generateToFile(path, opts) {
  const fd = openSync(path, 'w');
  try {
    return generateTo((s) => writeSync(fd, s), opts);
  } finally {
    closeSync(fd);
  }
}

// ---------------------------------------------------------------------------------------------
// CLI

const USAGE = `usage: node bench/gen.js [options] [-o out.ll]
  --size N        approximate output size (1KB, 10MB, 1.5MiB, ...; default 1MB)
  --seed N        PRNG seed (default 1)
  --dup F         fraction of exact / renamed-value duplicate functions (default 0.3)
  --near F        fraction of near-duplicates differing in one constant (default dup/3)
  --optnone F     fraction of functions with optnone (default 0.05)
  -g, --debug     emit -g style debug metadata (#dbg_declare, !dbg, DISubprogram, ...)
  --shape K       large-CFG module instead: random | ladder | chain | switch | mix
  --blocks N      blocks per function in --shape mode (default 10000; 1K, 1M accepted)
  --functions N   functions in --shape mode (default 1)
  --allocas N     allocas per function in --shape mode, all stored in the entry block (default 4)
  -o FILE         output file (default stdout)`;

export function parseArgs(argv) {
  const o = {};
  let out = null, help = false;
  forEachOption(argv, (key, val, a) => {
    switch (key) {
      case '--size': o.size = val(); break;
      case '--seed': o.seed = val(); break;
      case '--dup': o.dup = val(); break;
      case '--near': o.near = Number(val()); break;
      case '--optnone': o.optnone = Number(val()); break;
      case '-g': case '--debug': o.debug = true; break;
      case '--shape': o.shape = val(); break;
      case '--allocas': o.allocas = val(); break;
      case '--blocks': o.blocks = val(); break;
      case '--functions': o.functions = val(); break;
      case '-o': case '--output': out = val(); break;
      case '-h': case '--help': help = true; break;
      default: throw new Error(`unknown option ${a}\n${USAGE}`);
    }
  });
  return help ? { help: true } : { opts: o, out };
}

export function main(argv = process.argv.slice(2)) {
  let parsed;
  try { parsed = parseArgs(argv); } catch (e) { console.error(e.message); return 2; }
  if (parsed.help) { console.log(USAGE); return 0; }
  const t0 = process.hrtime.bigint();
  let res;
  if (parsed.out) res = generateToFile(parsed.out, parsed.opts);
  else res = generateTo((s) => process.stdout.write(s), parsed.opts);
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (parsed.out) console.error(`wrote ${parsed.out}: ${res.bytes} bytes, ${res.functions} functions in ${(ms / 1000).toFixed(2)} s`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main();
