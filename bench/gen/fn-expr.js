// FnExpr: lvalues, expressions, conditions and calls of a generated function (see fn-base.js).
import { FnBase } from './fn-base.js';
import { SCALAR_SIZE, bitsOf, fmtFP, isFP } from './ir-text.js';

export class FnExpr extends FnBase {
  // A non-constant operand of type ty: a load (converted).
  nonConst(ty) {
    const lv = this.lvalue(false);
    return this.convert(this.load(lv.addr, lv.ty), lv.ty, ty);
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
}
