// Generates one clang -O0 style function body into a FnBuilder, in three layers: FnBase (this
// file: debug locations, locals, conversions, loads and pointers), FnExpr (fn-expr.js: lvalues and
// expressions) and FnGen (function.js: the body and its statements).
import { FnBuilder } from './builder.js';
import { SCALAR_SIZE, bitsOf, fmtFP, isFP, isInt } from './ir-text.js';

export const LOCAL_ARRAYS = [['i32', 8], ['i32', 16], ['i64', 4], ['double', 6]];

export class FnBase {
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
}
