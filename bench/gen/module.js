// The module generator (clang -O0 lookalike): structs, globals, strings, externs, shared debug
// info, the functions (with exact, renamed-value and near duplicates) and the module's end.
import { ATTRIBUTE_GROUPS, FN_ATTR_COMMENT, HEADER, PRODUCER, SCALAR_SIZE, WORDS, fmtFP, isFP } from './ir-text.js';
import { FnGen } from './function.js';
import { LOCAL_ARRAYS } from './fn-base.js';
import { Rng } from './rng.js';

export class ModuleGen {
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
