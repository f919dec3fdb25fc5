// FnGen: the body of a generated function and its statements (see fn-base.js).
import { FnExpr } from './fn-expr.js';
import { LOCAL_ARRAYS } from './fn-base.js';
import { SCALAR_SIZE, isFP } from './ir-text.js';

export class FnGen extends FnExpr {
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
