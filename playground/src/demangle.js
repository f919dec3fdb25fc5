// demangle.js — symbol names as people read them, for the playground's pass list, function menu
// and CFG titles: Itanium C++ (_Z...), Rust v0 (_R...) and Rust's legacy scheme (_ZN...17h<hash>E).
// The text follows llvm-cxxfilt's (LLVM 22) layout, so a name reads as it does in LLVM's own tools;
// legacy Rust names also get their $-escapes decoded ($LT$ -> <), as rustc's demangler does.
// A name this does not understand gives null, and the page shows it as it is.
//
//   demangle('_Z5countIiEiPKT_iS0_')  -> 'int count<int>(int const*, int, int)'
//   demangle('main')                  -> null

/** The readable form of `name`, or null when it is not a mangled name this understands. */
export function demangle(name) {
  if (typeof name !== 'string' || name.length < 3) return null;
  try {
    if (name.startsWith('_R')) return rust(name);
    if (name.startsWith('_Z')) return legacyRust(name) ?? itanium(name);
  } catch (e) {
    if (e !== FAIL) throw e;
  }
  return null;
}

/**
 * A shorter readable form for narrow places: a C++ function's qualified name and template
 * arguments without its return type and parameters ('count<int>' for the example above); other
 * names as demangle() gives them. Null when demangle() gives null.
 */
export function demangleShort(name) {
  if (typeof name !== 'string' || !name.startsWith('_Z') || legacyRust(name) !== null) return demangle(name);
  try {
    const p = new Parser(name);
    p.need('_Z');
    const enc = p.encoding();
    if (p.left() && p.look() !== '.') return null;
    const suffix = p.left() ? ` (${name.slice(p.i)})` : '';
    return (enc.k === 'encoding' ? print(enc.name) : print(enc)) + suffix;
  } catch (e) {
    if (e !== FAIL) throw e;
    return null;
  }
}

const FAIL = Symbol('demangle failure');
const fail = () => { throw FAIL; };

// ---------------------------------------------------------------------------------------------
// Itanium C++
// ---------------------------------------------------------------------------------------------

const BUILTIN = {
  v: 'void', w: 'wchar_t', b: 'bool', c: 'char', a: 'signed char', h: 'unsigned char', s: 'short', t: 'unsigned short',
  i: 'int', j: 'unsigned int', l: 'long', m: 'unsigned long', x: 'long long', y: 'unsigned long long', n: '__int128',
  o: 'unsigned __int128', f: 'float', d: 'double', e: 'long double', g: '__float128', z: '...',
};
const BUILTIN_D = {
  d: 'decimal64', e: 'decimal128', f: 'decimal32', h: 'half', i: 'char32_t', s: 'char16_t', u: 'char8_t', a: 'auto',
  c: 'decltype(auto)', n: 'std::nullptr_t',
};
// literal suffixes of integer template arguments; other types print as a cast
const LITERAL_SUFFIX = { i: '', j: 'u', l: 'l', m: 'ul', x: 'll', y: 'ull' };

// operator codes: [name, kind, precedence] (kind: 'bin', 'pre', 'post', 'call', 'idx', 'cond', 'new', 'del', 'member', 'arrow')
const P = { primary: 0, postfix: 1, unary: 2, cast: 3, ptrmem: 4, mul: 5, add: 6, shift: 7, spaceship: 8, rel: 9, eq: 10,
  and: 11, xor: 12, or: 13, andif: 14, orif: 15, cond: 16, assign: 17, comma: 18 };
const OPS = {
  aa: ['&&', 'bin', P.andif], ad: ['&', 'pre', P.unary], an: ['&', 'bin', P.and], aN: ['&=', 'bin', P.assign], aS: ['=', 'bin', P.assign],
  aw: ['co_await', 'pre', P.unary], cl: ['()', 'call', P.postfix], cm: [',', 'bin', P.comma], co: ['~', 'pre', P.unary],
  da: ['delete[]', 'del', P.unary], de: ['*', 'pre', P.unary], dl: ['delete', 'del', P.unary], ds: ['.*', 'bin', P.ptrmem],
  dt: ['.', 'member', P.postfix], dv: ['/', 'bin', P.mul], dV: ['/=', 'bin', P.assign], eo: ['^', 'bin', P.xor], eO: ['^=', 'bin', P.assign],
  eq: ['==', 'bin', P.eq], ge: ['>=', 'bin', P.rel], gt: ['>', 'bin', P.rel], ix: ['[]', 'idx', P.postfix], le: ['<=', 'bin', P.rel],
  ls: ['<<', 'bin', P.shift], lS: ['<<=', 'bin', P.assign], lt: ['<', 'bin', P.rel], mi: ['-', 'bin', P.add], mI: ['-=', 'bin', P.assign],
  ml: ['*', 'bin', P.mul], mL: ['*=', 'bin', P.assign], mm: ['--', 'post', P.postfix], na: ['new[]', 'new', P.unary], ne: ['!=', 'bin', P.eq],
  ng: ['-', 'pre', P.unary], nt: ['!', 'pre', P.unary], nw: ['new', 'new', P.unary], oo: ['||', 'bin', P.orif], or: ['|', 'bin', P.or],
  oR: ['|=', 'bin', P.assign], pl: ['+', 'bin', P.add], pL: ['+=', 'bin', P.assign], pm: ['->*', 'bin', P.ptrmem], pp: ['++', 'post', P.postfix],
  ps: ['+', 'pre', P.unary], pt: ['->', 'arrow', P.postfix], qu: ['?', 'cond', P.cond], rm: ['%', 'bin', P.mul], rM: ['%=', 'bin', P.assign],
  rs: ['>>', 'bin', P.shift], rS: ['>>=', 'bin', P.assign], ss: ['<=>', 'bin', P.spaceship],
};
const CASTS = { dc: 'dynamic_cast', sc: 'static_cast', cc: 'const_cast', rc: 'reinterpret_cast' };

// Nodes are plain objects { k: kind, ... }; print() renders them with llvm-cxxfilt's spacing.
const N = (k, props) => ({ k, ...props });
const name = s => N('name', { s });

class Parser {
  constructor(s) {
    this.s = s; this.i = 0;
    this.subs = [];       // substitution candidates, in order
    this.tparams = null;  // { args } of the encoding being read: what T_ refers to
    this.constraint = 0;  // inside a requires-clause: template parameters print by name
    this.depth = 0;
  }
  look(k = 0) { return this.s[this.i + k] ?? ''; }
  eat(str) { if (this.s.startsWith(str, this.i)) { this.i += str.length; return true; } return false; }
  need(str) { if (!this.eat(str)) fail(); }
  left() { return this.s.length - this.i; }
  number() {
    const neg = this.eat('n');
    const m = /^\d+/.exec(this.s.slice(this.i, this.i + 12));
    if (!m) fail();
    this.i += m[0].length;
    return (neg ? '-' : '') + m[0];
  }
  seqId() { // base-36 substitution index, upper-case letters
    let n = 0, any = false;
    while (/[0-9A-Z]/.test(this.look())) { n = n * 36 + parseInt(this.look(), 36); this.i++; any = true; }
    if (!this.eat('_')) fail();
    return any ? n + 1 : 0;
  }
  guard() { if (++this.depth > 400) fail(); }

  // <encoding> ::= <name> <bare-function-type> | <name> | <special-name>
  encoding() {
    if (this.look() === 'T' || (this.look() === 'G' && /[VRATHW]/.test(this.look(1)))) return this.specialName();
    const saved = this.tparams;
    const ctx = { args: null };
    this.tparams = ctx;
    const info = { endsWithArgs: false, ctorDtorConv: false, cv: '', ref: '' };
    const nm = this.name(info, ctx);
    let result;
    if (this.left() === 0 || this.look() === 'E' || this.look() === '.') result = nm;
    else {
      const ret = info.endsWithArgs && !info.ctorDtorConv ? this.type() : null;
      const params = this.bareParams();
      let requires = null;
      if (this.eat('Q')) { this.constraint++; requires = this.expr(); this.constraint--; }
      result = N('encoding', { ret, name: nm, params, cv: info.cv, ref: info.ref, requires });
    }
    this.tparams = saved;
    return result;
  }

  bareParams() {
    const params = [];
    while (this.left() && this.look() !== 'E' && this.look() !== '.' && this.look() !== 'Q' && this.look() !== '_') params.push(this.type());
    if (!params.length) fail();
    return params.length === 1 && params[0].k === 'name' && params[0].s === 'void' ? [] : params;
  }

  specialName() {
    const two = this.s.slice(this.i, this.i + 2);
    const simple = { TV: 'vtable for ', TT: 'VTT for ', TI: 'typeinfo for ', TS: 'typeinfo name for ' };
    if (simple[two]) { this.i += 2; return N('prefix', { p: simple[two], n: this.type() }); }
    if (two === 'Th' || two === 'Tv') {
      this.i += 1;
      this.callOffset();
      return N('prefix', { p: two === 'Th' ? 'non-virtual thunk to ' : 'virtual thunk to ', n: this.encoding() });
    }
    if (two === 'Tc') { this.i += 2; this.callOffset(); this.callOffset(); return N('prefix', { p: 'covariant return thunk to ', n: this.encoding() }); }
    if (two === 'TW' || two === 'TH') {
      this.i += 2;
      return N('prefix', { p: two === 'TW' ? 'thread-local wrapper routine for ' : 'thread-local initialization routine for ', n: this.name({}, null) });
    }
    if (two === 'TC') {
      this.i += 2;
      const first = this.type();
      this.number();
      this.need('_');
      const second = this.type();
      return N('ctorvtable', { first, second });
    }
    if (two === 'GV') { this.i += 2; return N('prefix', { p: 'guard variable for ', n: this.name({}, null) }); }
    if (two === 'GR') {
      this.i += 2;
      const n = this.name({}, null);
      if (!this.eat('_')) this.seqId();
      return N('prefix', { p: 'reference temporary for ', n });
    }
    fail();
  }

  callOffset() {
    if (this.eat('h')) { this.number(); this.need('_'); return; }
    if (this.eat('v')) { this.number(); this.need('_'); this.number(); this.need('_'); return; }
    fail();
  }

  // <name>; `info` collects what the encoding needs (ends with template args, ctor/dtor/conversion,
  // the method's cv and ref qualifiers); `ctx` receives the template args T_ refers to
  name(info = {}, ctx = null) {
    this.guard();
    const c = this.look();
    if (c === 'N') return this.nestedName(info, ctx);
    if (c === 'Z') return this.localName(info, ctx);
    let n;
    if (c === 'S' && this.look(1) !== 't') {
      n = this.substitution();
      if (this.look() !== 'I') fail();
    } else {
      const std = this.eat('St');
      this.eat('L');
      n = this.unqualifiedName(info, null);
      if (std) n = N('qual', { q: name('std'), n });
      if (this.look() === 'I') this.subs.push(n);
    }
    if (this.look() === 'I') {
      const args = this.templateArgs();
      if (ctx) ctx.args = args.args;
      n = N('tmpl', { n, args });
      info.endsWithArgs = true;
    } else info.endsWithArgs = false;
    return n;
  }

  localName(info, ctx) {
    this.need('Z');
    const fn = this.encoding();
    this.need('E');
    if (this.eat('s')) { this.discriminator(); return N('qual', { q: fn, n: name('string literal') }); }
    if (this.eat('d')) {
      if (this.look() !== '_') this.number();
      this.need('_');
    }
    const entity = this.name(info, ctx);
    this.discriminator();
    return N('qual', { q: fn, n: entity });
  }

  discriminator() {
    if (this.look() !== '_') return;
    if (/\d/.test(this.look(1))) { this.i += 2; return; }
    if (this.look(1) === '_') {
      const save = this.i;
      this.i += 2;
      if (/\d/.test(this.look())) { this.number(); if (this.eat('_')) return; }
      this.i = save;
    }
  }

  nestedName(info, ctx) {
    this.need('N');
    let cv = '';
    if (this.eat('r')) cv = ' restrict' + cv;
    if (this.eat('V')) cv = ' volatile' + cv;
    if (this.eat('K')) cv = ' const' + cv;
    info.cv = reorderCv(cv);
    info.ref = this.eat('R') ? ' &' : this.eat('O') ? ' &&' : '';
    let so = null;
    info.endsWithArgs = false;
    info.ctorDtorConv = false;
    while (!this.eat('E')) {
      this.guard();
      if (!this.left()) fail();
      const c = this.look();
      info.endsWithArgs = false;
      if (c === 'I') {
        if (!so) fail();
        const args = this.templateArgs();
        if (ctx) ctx.args = args.args;
        so = N('tmpl', { n: so, args });
        info.endsWithArgs = true;
        this.subs.push(so);
        continue;
      }
      if (c === 'S' && this.look(1) === 't') { if (so) fail(); this.i += 2; so = name('std'); continue; }
      if (c === 'S') {
        if (so) fail();
        so = this.substitution(/* forCtor */ /^[CD]/.test(this.look(2) === '_' ? this.look(3) : this.look(2)));
        continue;
      }
      if (c === 'T') { if (so) fail(); so = this.templateParam(); this.subs.push(so); continue; }
      if (c === 'D' && (this.look(1) === 't' || this.look(1) === 'T')) { if (so) fail(); so = this.type(); continue; }
      if (c === 'M') { this.i++; continue; } // a closure's context (data member initialiser)
      this.eat('L');
      const u = this.unqualifiedName(info, so);
      so = so ? N('qual', { q: so, n: u }) : u;
      this.subs.push(so);
    }
    if (!so) fail();
    this.subs.pop(); // the complete name is not a candidate here (a type adds itself)
    return so;
  }

  // the last plain name of a scope: what a constructor is called
  baseName(scope) {
    while (scope) {
      if (scope.k === 'qual') scope = scope.n;
      else if (scope.k === 'tmpl') scope = scope.n;
      else if (scope.k === 'special') return scope.base;
      else if (scope.k === 'name' || scope.k === 'abitag') return scope.k === 'abitag' ? this.baseName(scope.n) : scope.s;
      else if (scope.k === 'tparam') { const r = resolveTparam(scope); if (r === scope) fail(); scope = r; }
      else fail();
    }
    fail();
  }

  unqualifiedName(info, scope) {
    const c = this.look();
    let n;
    if (/\d/.test(c)) n = this.sourceName();
    else if (c === 'C' || (c === 'D' && /[0-25]/.test(this.look(1)))) {
      const dtor = c === 'D';
      this.i++;
      if (!dtor && this.eat('I')) { this.i++; this.name(); } // inheriting constructor: C I 1/2 <base class>
      else this.i++;
      info.ctorDtorConv = true;
      n = name((dtor ? '~' : '') + this.baseName(scope));
    } else if (c === 'U') {
      if (this.look(1) === 't') {
        this.i += 2;
        const num = this.look() === '_' ? '' : this.number();
        this.need('_');
        n = name(`'unnamed${num}'`);
      } else if (this.look(1) === 'l') {
        this.i += 2;
        // a generic lambda's parameters are its own template parameters: T_ there is `auto`
        // or, when declared, the name the declaration gets
        const saved = this.tparams;
        const ctx = { args: null, lambda: true, names: [] };
        this.tparams = ctx;
        const tps = [];
        while (this.look() === 'T' && /[yntkp]/.test(this.look(1))) { const d = this.templateParamDecl(); tps.push(d); ctx.names.push(d.replace(/^.* /, '').replace(/\.\.\.$/, '')); }
        const params = this.bareParams();
        this.tparams = saved;
        this.need('E');
        const num = this.look() === '_' ? '' : this.number();
        this.need('_');
        n = N('lambda', { num, params, tps });
      } else fail();
    } else if (c === 'D' && this.look(1) === 'C') {
      this.i += 2;
      const names = [];
      while (!this.eat('E')) names.push(this.sourceName().s);
      n = name(`[${names.join(', ')}]`);
    } else if (/[a-z]/.test(c)) {
      n = this.operatorName(info);
    } else fail();
    while (this.look() === 'B') { this.i++; n = N('abitag', { n, tag: this.sourceName().s }); }
    return n;
  }

  // <template-param-decl>: what a lambda's explicit template parameters print as
  templateParamDecl() {
    if (this.eat('Ty')) return 'typename $T';
    if (this.eat('Tn')) return `${print(this.type())} $N`;
    if (this.eat('Tk')) { const c = this.name(); return `${print(c)} $T`; }
    if (this.eat('Tt')) {
      const inner = [];
      while (!this.eat('E')) { if (!this.left()) fail(); inner.push(this.templateParamDecl()); }
      return `template<${inner.join(', ')}> typename $TT`;
    }
    if (this.eat('Tp')) return `${this.templateParamDecl()}...`;
    fail();
  }

  sourceName() {
    const len = Number(this.number());
    if (!(len > 0) || len > this.left()) fail();
    const id = this.s.slice(this.i, this.i + len);
    this.i += len;
    if (id.startsWith('_GLOBAL__N')) return name('(anonymous namespace)');
    return name(id);
  }

  operatorName(info) {
    const two = this.s.slice(this.i, this.i + 2);
    if (two === 'cv') {
      this.i += 2;
      info.ctorDtorConv = true;
      // template args after `cv T_` belong to the operator, and T_ to them (a forward reference)
      const save = this.noTemplateArgsAfterParam;
      this.noTemplateArgsAfterParam = true;
      const t = this.type();
      this.noTemplateArgsAfterParam = save;
      return N('conv', { t });
    }
    if (two === 'li') { this.i += 2; return name(`operator"" ${this.sourceName().s}`); }
    if (this.look() === 'v' && /\d/.test(this.look(1))) { this.i += 2; return name(`operator ${this.sourceName().s}`); }
    const op = OPS[two];
    if (!op) fail();
    this.i += 2;
    const sym = op[0];
    return name(/^[a-z]/.test(sym) ? `operator ${sym}` : `operator${sym}`);
  }

  substitution(forCtor = false) {
    this.need('S');
    const c = this.look();
    const SPECIAL = {
      a: ['std::allocator', 'std::allocator', 'allocator'],
      b: ['std::basic_string', 'std::basic_string', 'basic_string'],
      s: ['std::string', 'std::basic_string<char, std::char_traits<char>, std::allocator<char>>', 'basic_string'],
      i: ['std::istream', 'std::basic_istream<char, std::char_traits<char>>', 'basic_istream'],
      o: ['std::ostream', 'std::basic_ostream<char, std::char_traits<char>>', 'basic_ostream'],
      d: ['std::iostream', 'std::basic_iostream<char, std::char_traits<char>>', 'basic_iostream'],
    };
    if (SPECIAL[c]) {
      this.i++;
      const [short, long, base] = SPECIAL[c];
      return N('special', { s: forCtor ? long : short, base });
    }
    const idx = this.seqId();
    if (idx >= this.subs.length) fail();
    return this.subs[idx];
  }

  templateParam() {
    this.need('T');
    let level = 0;
    if (this.eat('L')) { level = Number(this.number()) + 1; this.need('_'); }
    const start = this.i;
    const idx = this.look() === '_' ? 0 : Number(this.number()) + 1;
    this.need('_');
    const raw = level ? `TL${level - 1}_${this.s.slice(start, this.i - 1)}` : `T${this.s.slice(start, this.i - 1)}`;
    if (this.constraint || level) return N('tparam', { ctx: null, idx, raw });
    return N('tparam', { ctx: this.tparams, idx, raw });
  }

  templateArgs() {
    this.need('I');
    const args = [];
    let requires = null;
    while (!this.eat('E')) {
      if (!this.left()) fail();
      if (this.eat('Q')) { this.constraint++; requires = this.expr(); this.constraint--; continue; }
      args.push(this.templateArg());
    }
    return { args, requires };
  }

  templateArg() {
    this.guard();
    const c = this.look();
    if (c === 'X') { this.i++; const e = this.expr(); this.need('E'); return e; }
    if (c === 'J') {
      this.i++;
      const items = [];
      while (!this.eat('E')) { if (!this.left()) fail(); items.push(this.templateArg()); }
      return N('pack', { items });
    }
    if (c === 'L') return this.exprPrimary();
    if (c === 'T' && /[yntkp]/.test(this.look(1))) {
      // a declared parameter and its argument: only the argument prints, and it is no pack to expand
      this.templateParamDecl();
      return N('qualarg', { arg: this.templateArg() });
    }
    return this.type();
  }

  // <type>
  type() {
    this.guard();
    const c = this.look();
    let t;
    if (BUILTIN[c]) { this.i++; return name(BUILTIN[c]); }
    switch (c) {
      case 'r': case 'V': case 'K': {
        let cv = '';
        if (this.eat('r')) cv += ' restrict';
        if (this.eat('V')) cv += ' volatile';
        if (this.eat('K')) cv += ' const';
        // a cv-qualified function type (a const method's type) is one candidate, not two
        const base = this.look() === 'F' ? this.functionType() : this.type();
        t = base.k === 'fn' ? { ...base, cv: reorderCv(cv + base.cv) } : N('cv', { base, q: reorderCv(cv) });
        break;
      }
      case 'U': {
        this.i++;
        const q = this.sourceName().s;
        let args = null;
        if (this.look() === 'I') args = this.templateArgs();
        const base = this.type();
        t = N('vendor', { base, q, args });
        break;
      }
      case 'P': this.i++; t = N('ptr', { base: this.type() }); break;
      case 'R': this.i++; t = N('ref', { base: this.type(), rv: false }); break;
      case 'O': this.i++; t = N('ref', { base: this.type(), rv: true }); break;
      case 'C': this.i++; t = N('post', { base: this.type(), s: ' complex' }); break;
      case 'G': this.i++; t = N('post', { base: this.type(), s: ' imaginary' }); break;
      case 'F': t = this.functionType(); break;
      case 'A': {
        this.i++;
        let dim = '';
        if (/\d/.test(this.look())) dim = this.number();
        else if (this.look() !== '_') dim = this.exprText(this.expr());
        this.need('_');
        t = N('array', { base: this.type(), dim });
        break;
      }
      case 'M': {
        this.i++;
        const cls = this.type();
        t = N('memptr', { cls, mem: this.type() });
        break;
      }
      case 'T': {
        if (/[sue]/.test(this.look(1))) {
          this.i += 2;
          const kw = { s: 'struct', u: 'union', e: 'enum' }[this.s[this.i - 1]];
          t = N('elab', { kw, n: this.name() });
          break;
        }
        t = this.templateParam();
        if (this.look() === 'I' && !this.noTemplateArgsAfterParam) {
          this.subs.push(t);
          t = N('tmpl', { n: t, args: this.templateArgs() });
        }
        break;
      }
      case 'D': {
        const d = this.look(1);
        if (BUILTIN_D[d]) { this.i += 2; return name(BUILTIN_D[d]); }
        if (d === 'F') { // _FloatN, std::bfloat16_t
          this.i += 2;
          if (this.eat('16b')) return name('std::bfloat16_t');
          const n = this.number();
          const x = this.eat('x');
          this.need('_');
          return name(`_Float${n}${x ? 'x' : ''}`);
        }
        if (d === 'B' || d === 'U') {
          this.i += 2;
          const n = /\d/.test(this.look()) ? this.number() : this.exprText(this.expr());
          this.need('_');
          return name(`${d === 'U' ? 'unsigned ' : ''}_BitInt(${n})`);
        }
        if (d === 'p') { this.i += 2; t = N('expansion', { base: this.type() }); break; }
        if (d === 't' || d === 'T') {
          this.i += 2;
          const e = this.expr();
          this.need('E');
          t = N('decltype', { e });
          break;
        }
        if (d === 'v') {
          this.i += 2;
          let dim;
          if (/\d/.test(this.look())) dim = this.number(); else if (this.look() === '_') dim = ''; else dim = this.exprText(this.expr());
          this.need('_');
          t = N('post', { base: this.type(), s: ` vector[${dim}]` });
          break;
        }
        if (d === 'o' || d === 'O' || d === 'w' || d === 'x') {
          // exception specs before a function type
          this.i += 2;
          let spec = ' noexcept';
          if (d === 'O') { const e = this.expr(); this.need('E'); spec = ` noexcept(${this.exprText(e)})`; }
          else if (d === 'w') { const ts = []; while (!this.eat('E')) ts.push(this.type()); spec = ` throw(${ts.map(x => print(x)).join(', ')})`; }
          else if (d === 'x') fail();
          const f = this.functionType();
          t = { ...f, except: spec };
          break;
        }
        fail();
        break;
      }
      case 'S': {
        if (this.look(1) === 't') {
          this.i += 2;
          t = N('qual', { q: name('std'), n: this.unqualifiedName({}, null) });
          this.subs.push(t);
          if (this.look() === 'I') { t = N('tmpl', { n: t, args: this.templateArgs() }); this.subs.push(t); }
          return t;
        }
        t = this.substitution();
        if (this.look() === 'I') { t = N('tmpl', { n: t, args: this.templateArgs() }); break; }
        return t;
      }
      case 'N': case 'Z': default: {
        if (!(c === 'N' || c === 'Z' || /\d/.test(c))) fail();
        t = this.name();
        break;
      }
    }
    this.subs.push(t);
    return t;
  }

  functionType() {
    this.need('F');
    this.eat('Y');
    const ret = this.type();
    const params = [];
    let ref = '';
    for (;;) {
      if (this.eat('E')) break;
      if (this.look() === 'R' && this.look(1) === 'E') { this.i += 2; ref = ' &'; break; }
      if (this.look() === 'O' && this.look(1) === 'E') { this.i += 2; ref = ' &&'; break; }
      if (!this.left()) fail();
      params.push(this.type());
    }
    const ps = params.length === 1 && params[0].k === 'name' && params[0].s === 'void' ? [] : params;
    return N('fn', { ret, params: ps, cv: '', ref, except: '' });
  }

  // <expr-primary> ::= L <type> <value> E | L <mangled-name> E | L_Z <encoding> E
  exprPrimary() {
    this.need('L');
    if (this.eat('_Z') || this.eat('Z')) {
      const e = this.encoding();
      this.need('E');
      return N('enc-expr', { e });
    }
    const save = this.i;
    const t = this.type();
    if (t.k === 'name' && t.s === 'std::nullptr_t' && this.eat('E')) return N('lit', { s: 'nullptr' });
    if (this.look() === 'E') { this.i++; return N('lit', { s: `(${print(t)})` }); }
    const start = this.i;
    while (this.left() && this.look() !== 'E') this.i++;
    let v = this.s.slice(start, this.i);
    this.need('E');
    if (t.k === 'name') {
      const code = this.s[save];
      if (code === 'b' && (v === '0' || v === '1')) return N('lit', { s: v === '1' ? 'true' : 'false' });
      if (/^n?\d+$/.test(v)) {
        v = v.replace(/^n/, '-');
        if (code in LITERAL_SUFFIX && this.s.slice(save, start).length === 1) return N('lit', { s: v + LITERAL_SUFFIX[code] });
        return N('lit', { s: `(${t.s})${v}` });
      }
      fail();
    }
    if (/^n?\d+$/.test(v)) return N('lit', { s: `(${print(t)})${v.replace(/^n/, '-')}` });
    fail();
  }

  // <expression>, kept as a node tree and printed with precedence
  expr() {
    this.guard();
    const two = this.s.slice(this.i, this.i + 2);
    const c = this.look();
    if (c === 'L') return this.exprPrimary();
    if (c === 'T') return this.templateParam();
    if (two === 'fp' || (two === 'fL' && /\d/.test(this.look(2)))) {
      this.i += 2;
      if (two === 'fL') { this.number(); this.need('p'); }
      while (/[rVK]/.test(this.look())) this.i++;
      const n = this.look() === '_' ? '' : this.number();
      this.need('_');
      return N('lit', { s: `fp${n}` });
    }
    if (CASTS[two]) { this.i += 2; const t = this.type(); return N('cast', { kw: CASTS[two], t, e: this.expr() }); }
    switch (two) {
      case 'cv': {
        this.i += 2;
        const t = this.type();
        if (this.eat('_')) {
          const es = [];
          while (!this.eat('E')) es.push(this.expr());
          return N('ccast', { t, es, list: true });
        }
        return N('ccast', { t, es: [this.expr()], list: false });
      }
      case 'cl': {
        this.i += 2;
        const f = this.expr();
        const args = [];
        while (!this.eat('E')) { if (!this.left()) fail(); args.push(this.expr()); }
        return N('call', { f, args });
      }
      case 'dt': case 'pt': { this.i += 2; const a = this.expr(); return N('member', { a, op: two === 'dt' ? '.' : '->', m: this.expr() }); }
      case 'st': case 'at': { this.i += 2; return N('kwtype', { kw: two === 'st' ? 'sizeof' : 'alignof', t: this.type() }); }
      case 'sz': case 'az': { this.i += 2; return N('kwexpr', { kw: two === 'sz' ? 'sizeof' : 'alignof', e: this.expr() }); }
      case 'nx': { this.i += 2; return N('kwexpr', { kw: 'noexcept', e: this.expr() }); }
      case 'te': { this.i += 2; return N('kwexpr', { kw: 'typeid', e: this.expr() }); }
      case 'ti': { this.i += 2; return N('kwtype', { kw: 'typeid', t: this.type() }); }
      case 'tw': { this.i += 2; return N('prefix-e', { p: 'throw ', e: this.expr(), prec: P.assign }); }
      case 'tr': { this.i += 2; return N('lit', { s: 'throw' }); }
      case 'sZ': {
        this.i += 2;
        const x = this.look() === 'T' ? this.templateParam() : this.expr();
        return N('sizeofpack', { x });
      }
      case 'sp': { this.i += 2; return N('packexp', { e: this.expr() }); }
      case 'tl': {
        this.i += 2;
        const t = this.type();
        const es = [];
        while (!this.eat('E')) es.push(this.initItem());
        return N('braced', { t, es });
      }
      case 'il': {
        this.i += 2;
        const es = [];
        while (!this.eat('E')) es.push(this.initItem());
        return N('braced', { t: null, es });
      }
      case 'nw': case 'na': return this.newExpr('');
      case 'gs': {
        this.i += 2;
        const t = this.s.slice(this.i, this.i + 2);
        if (t === 'nw' || t === 'na') return this.newExpr('::');
        if (t === 'dl' || t === 'da') { this.i += 2; return N('prefix-e', { p: t === 'da' ? '::delete[] ' : '::delete ', e: this.expr(), prec: P.unary }); }
        return N('prefix-e', { p: '::', e: this.unresolvedName(), prec: P.primary });
      }
      case 'dl': case 'da': { this.i += 2; return N('prefix-e', { p: two === 'da' ? 'delete[] ' : 'delete ', e: this.expr(), prec: P.unary }); }
      case 'fl': case 'fr': case 'fL': case 'fR': {
        this.i += 2;
        const op = OPS[this.s.slice(this.i, this.i + 2)];
        if (!op) fail();
        this.i += 2;
        const a = this.expr();
        const b = two === 'fL' || two === 'fR' ? this.expr() : null;
        return N('fold', { kind: two, op: op[0], a, b });
      }
      case 'rq': case 'rQ': {
        this.i += 2;
        let params = null;
        if (two === 'rQ') { params = this.bareParams(); this.need('_'); }
        const reqs = [];
        while (!this.eat('E')) reqs.push(this.requirement());
        return N('requires', { params, reqs });
      }
      case 'sr': case 'on': case 'dn': return this.unresolvedName();
      default: break;
    }
    if (/\d/.test(c)) return this.unresolvedName();
    if (c === 'u') { // vendor extended expression: u <source-name> <template-arg>* E
      this.i++;
      const n = this.sourceName().s;
      const a = [];
      while (!this.eat('E')) { if (!this.left()) fail(); a.push(this.templateArg()); }
      return N('vendor-e', { n, args: a });
    }
    const op = OPS[two];
    if (!op) fail();
    this.i += 2;
    const [sym, kind, prec] = op;
    if (kind === 'bin') { const a = this.expr(); return N('bin', { op: sym, prec, a, b: this.expr() }); }
    if (kind === 'pre' || kind === 'del') {
      if ((two === 'pp' || two === 'mm')) fail();
      return N('prefix-e', { p: sym, e: this.expr(), prec: P.unary });
    }
    if (kind === 'post') {
      if (this.eat('_')) return N('prefix-e', { p: sym, e: this.expr(), prec: P.unary });
      return N('postfix', { op: sym, e: this.expr() });
    }
    if (kind === 'idx') { const a = this.expr(); return N('index', { a, b: this.expr() }); }
    if (kind === 'cond') { const a = this.expr(), b = this.expr(); return N('cond', { a, b, c: this.expr() }); }
    fail();
  }

  // [gs] nw|na <placement expression>* _ <type> (E | pi <expression>* E | <braced init>)
  newExpr(global) {
    const arr = this.s.slice(this.i, this.i + 2) === 'na';
    this.i += 2;
    const place = [];
    while (!this.eat('_')) { if (!this.left()) fail(); place.push(this.expr()); }
    const t = this.type();
    let init = null;
    if (this.eat('pi')) { init = []; while (!this.eat('E')) { if (!this.left()) fail(); init.push(this.expr()); } }
    else if (this.look() === 'i' && this.look(1) === 'l') { init = this.expr(); this.need('E'); }
    else this.need('E');
    return N('new', { global, arr, place, t, init });
  }

  initItem() {
    if (this.eat('di')) { const n = this.sourceName().s; return N('desig', { n, e: this.initItem() }); }
    return this.expr();
  }

  requirement() {
    if (this.eat('X')) {
      const e = this.expr();
      const noexcept = this.eat('N');
      let constraint = null;
      if (this.eat('R')) constraint = this.name();
      const text = this.exprText(e);
      if (!noexcept && !constraint) return N('req', { s: text });
      return N('req', { s: `{${text}}${noexcept ? ' noexcept' : ''}${constraint ? ` -> ${print(constraint)}` : ''}` });
    }
    if (this.eat('T')) return N('req', { s: `typename ${print(this.type())}` });
    if (this.eat('Q')) { this.constraint++; const e = this.expr(); this.constraint--; return N('req', { s: `requires ${this.exprText(e)}` }); }
    fail();
  }

  // [gs] sr ... <base-unresolved-name>, or a plain <base-unresolved-name>
  unresolvedName() {
    if (this.eat('sr')) {
      if (this.eat('N')) {
        let q = this.unresolvedType();
        while (!this.eat('E')) q = N('qual', { q, n: this.simpleId() });
        return N('qual', { q, n: this.baseUnresolved() });
      }
      let q;
      if (/\d/.test(this.look())) {
        q = this.simpleId();
        while (!this.eat('E')) q = N('qual', { q, n: this.simpleId() });
      } else q = this.unresolvedType();
      return N('qual', { q, n: this.baseUnresolved() });
    }
    return this.baseUnresolved();
  }

  unresolvedType() {
    if (this.look() === 'T') { const t = this.templateParam(); if (this.look() === 'I') { this.subs.push(t); const r = N('tmpl', { n: t, args: this.templateArgs() }); this.subs.push(r); return r; } this.subs.push(t); return t; }
    if (this.look() === 'D') { const t = this.type(); return t; }
    if (this.look() === 'S') { const t = this.substitution(); if (this.look() === 'I') return N('tmpl', { n: t, args: this.templateArgs() }); return t; }
    fail();
  }

  simpleId() {
    const n = this.sourceName();
    if (this.look() === 'I') return N('tmpl', { n, args: this.templateArgs() });
    return n;
  }

  baseUnresolved() {
    if (/\d/.test(this.look())) return this.simpleId();
    if (this.eat('dn')) {
      const t = /\d/.test(this.look()) ? this.simpleId() : this.unresolvedType();
      return N('dtorname', { t });
    }
    this.eat('on');
    const n = this.operatorName({});
    if (this.look() === 'I') return N('tmpl', { n, args: this.templateArgs() });
    return n;
  }

  exprText(e) { return print(e); }
}

function reorderCv(cv) {
  const has = q => cv.includes(q);
  return `${has(' const') ? ' const' : ''}${has(' volatile') ? ' volatile' : ''}${has(' restrict') ? ' restrict' : ''}`;
}

// ---- printing ---------------------------------------------------------------------------------

// the printing state: the pack element being expanded, and whether a '>' would close template args
class Out {
  constructor() { this.s = ''; this.packIndex = -1; this.packMax = -1; this.gtIsGt = 0; this.depth = 0; }
  add(x) { this.s += x; }
  last() { return this.s[this.s.length - 1] ?? ''; }
}

function print(n) {
  const o = new Out();
  out(n, o);
  return o.s;
}

function resolveTparam(n, o) {
  if (n.ctx?.lambda) return name(n.idx < n.ctx.names.length ? n.ctx.names[n.idx] : 'auto');
  if (!n.ctx || !n.ctx.args || n.idx >= n.ctx.args.length) return n;
  return n.ctx.args[n.idx];
}

// sees through template parameters and (inside a pack expansion) packs
function resolve(n, o) {
  for (let k = 0; k < 50; k++) {
    if (n.k === 'tparam') { const r = resolveTparam(n, o); if (r === n) return n; n = r; continue; }
    if (n.k === 'pack' && o) {
      if (o.packIndex >= 0 && o.packMax < 0) o.packMax = n.items.length;
      if (o.packIndex < 0 || o.packIndex >= n.items.length) return n;
      n = n.items[o.packIndex];
      continue;
    }
    return n;
  }
  fail();
}

function hasRHS(n, o) {
  n = resolve(n, o);
  switch (n.k) {
    case 'fn': case 'array': return true;
    case 'cv': case 'ptr': case 'post': case 'vendor': return hasRHS(n.base, o);
    case 'ref': return hasRHS(collapse(n, o).base, o);
    case 'memptr': return hasRHS(n.mem, o);
    case 'pack': return n.items.length === 1 && hasRHS(n.items[0], o);
    default: return false;
  }
}
function hasArray(n, o) {
  n = resolve(n, o);
  if (n.k === 'array') return true;
  if (n.k === 'cv') return hasArray(n.base, o);
  return false;
}
function hasFunction(n, o) {
  n = resolve(n, o);
  if (n.k === 'fn') return true;
  if (n.k === 'cv') return hasFunction(n.base, o);
  return false;
}

// reference collapsing: T& && is T&, T&& && is T&&
function collapse(n, o) {
  let rv = n.rv, base = n.base;
  for (let k = 0; k < 50; k++) {
    const r = resolve(base, o);
    if (r.k !== 'ref') return { rv, base: r };
    rv = rv && r.rv;
    base = r.base;
  }
  fail();
}

function out(n, o) {
  left(n, o);
  right(n, o);
}

// items separated by ', ', leaving out any that print nothing (an empty pack)
function list(items, o) {
  let first = true;
  for (const x of items) {
    const before = o.s.length;
    if (!first) o.add(', ');
    const mark = o.s.length;
    out(x, o);
    if (o.s.length === mark) o.s = o.s.slice(0, before); else first = false;
  }
}

function args(a, o) {
  const saved = o.gtIsGt;
  o.gtIsGt = 0;
  o.add('<');
  list(a.args.flatMap(x => (x.k === 'pack' ? x.items : [x])), o);
  o.add('>');
  o.gtIsGt = saved; // (a requires-clause of template arguments is not printed, as llvm-cxxfilt does not)
}

function params(ps, o) {
  o.add('(');
  const saved = o.gtIsGt;
  o.gtIsGt = 1;
  list(ps, o);
  o.gtIsGt = saved;
  o.add(')');
}

function left(n, o) {
  if (++o.depth > 800) fail();
  try { leftInner(n, o); } finally { o.depth--; }
}

function leftInner(n, o) {
  switch (n.k) {
    case 'name': o.add(n.s); return;
    case 'special': o.add(n.s); return;
    case 'qual': out(n.q, o); o.add('::'); out(n.n, o); return;
    case 'abitag': out(n.n, o); o.add(`[abi:${n.tag}]`); return;
    case 'tmpl': out(n.n, o); args(n.args, o); return;
    case 'conv': o.add('operator '); out(n.t, o); return;
    case 'lambda': {
      o.add(`'lambda${n.num}'`);
      if (n.tps.length) o.add(`<${n.tps.join(', ')}>`);
      params(n.params, o);
      return;
    }
    case 'prefix': o.add(n.p); out(n.n, o); return;
    case 'ctorvtable': o.add('construction vtable for '); out(n.second, o); o.add('-in-'); out(n.first, o); return;
    case 'elab': o.add(`${n.kw} `); out(n.n, o); return;
    case 'tparam': {
      const r = resolveTparam(n, o);
      if (r === n) { o.add(n.raw); return; }
      left(r, o);
      return;
    }
    case 'pack': {
      if (o.packIndex >= 0) {
        if (o.packMax < 0) o.packMax = n.items.length;
        if (o.packIndex < n.items.length) left(n.items[o.packIndex], o);
        return;
      }
      n.items.forEach((x, i) => { if (i) o.add(', '); out(x, o); });
      return;
    }
    case 'expansion': {
      // prints the pattern once per element of the pack it names
      const saveIdx = o.packIndex, saveMax = o.packMax, start = o.s.length;
      o.packIndex = 0; o.packMax = -1;
      out(n.base, o);
      const max = o.packMax;
      if (max < 0) { o.add('...'); }
      else if (max === 0) o.s = o.s.slice(0, start);
      else for (let i = 1; i < max; i++) { o.add(', '); o.packIndex = i; out(n.base, o); }
      o.packIndex = saveIdx; o.packMax = saveMax;
      return;
    }
    case 'cv': {
      const b = resolve(n.base, o);
      if (b.k === 'fn') { left(b, o); return; }
      left(n.base, o);
      o.add(n.q);
      return;
    }
    case 'vendor': left(n.base, o); o.add(` ${n.q}`); if (n.args) args(n.args, o); return;
    case 'post': left(n.base, o); o.add(n.s); return;
    case 'ptr': case 'ref': {
      let base = n.base, sym = '*';
      if (n.k === 'ref') { const c = collapse(n, o); base = c.base; sym = c.rv ? '&&' : '&'; }
      left(base, o);
      if (hasArray(base, o)) o.add(' ');
      if (hasArray(base, o) || hasFunction(base, o)) o.add('(');
      o.add(sym);
      return;
    }
    case 'memptr': {
      left(n.mem, o);
      if (hasArray(n.mem, o) || hasFunction(n.mem, o)) o.add('('); else o.add(' ');
      out(n.cls, o);
      o.add('::*');
      return;
    }
    case 'array': left(n.base, o); return;
    case 'fn': left(n.ret, o); o.add(' '); return;
    case 'encoding': {
      if (n.ret) { left(n.ret, o); if (!hasRHS(n.ret, o)) o.add(' '); }
      out(n.name, o);
      return;
    }
    case 'decltype': o.add('decltype('); out(n.e, o); o.add(')'); return;
    case 'enc-expr': out(n.e, o); return;
    case 'qualarg': { const save = o.packIndex; o.packIndex = -1; out(n.arg, o); o.packIndex = save; return; }
    default: expr(n, o); return;
  }
}

function right(n, o) {
  switch (n.k) {
    case 'tparam': { const r = resolveTparam(n, o); if (r !== n) right(r, o); return; }
    case 'pack':
      if (o.packIndex >= 0 && o.packIndex < n.items.length) right(n.items[o.packIndex], o);
      return;
    case 'cv': {
      const b = resolve(n.base, o);
      if (b.k === 'fn') { right({ ...b, cv: reorderCv(b.cv + n.q) }, o); return; }
      right(n.base, o);
      return;
    }
    case 'vendor': case 'post': right(n.base, o); return;
    case 'ptr': case 'ref': {
      let base = n.base;
      if (n.k === 'ref') base = collapse(n, o).base;
      if (hasArray(base, o) || hasFunction(base, o)) o.add(')');
      right(base, o);
      return;
    }
    case 'memptr':
      if (hasArray(n.mem, o) || hasFunction(n.mem, o)) o.add(')');
      right(n.mem, o);
      return;
    case 'array':
      if (o.last() !== ']') o.add(' ');
      o.add(`[${n.dim}]`);
      right(n.base, o);
      return;
    case 'fn':
      params(n.params, o);
      right(n.ret, o);
      o.add(n.cv); o.add(n.ref); o.add(n.except);
      return;
    case 'encoding':
      params(n.params, o);
      if (n.ret) right(n.ret, o);
      o.add(n.cv); o.add(n.ref);
      if (n.requires) { o.add(' requires '); out(n.requires, o); }
      return;
    default: return;
  }
}

function precOf(n) {
  switch (n.k) {
    case 'bin': return n.prec;
    case 'prefix-e': return n.prec;
    case 'cond': return P.cond;
    case 'ccast': return n.list ? P.postfix : P.cast;
    case 'call': case 'member': case 'index': case 'postfix': case 'cast': case 'braced': return P.postfix;
    case 'kwtype': case 'kwexpr': case 'sizeofpack': case 'new': return P.unary;
    default: return P.primary;
  }
}

// prints a subexpression, in parentheses when it binds more loosely than `prec` allows
function operand(n, prec, strict, o) {
  const paren = precOf(n) >= prec + (strict ? 1 : 0);
  if (paren) { o.add('('); o.gtIsGt++; }
  out(n, o);
  if (paren) { o.gtIsGt--; o.add(')'); }
}

function expr(n, o) {
  switch (n.k) {
    case 'lit': o.add(n.s); return;
    case 'bin': {
      const gt = o.gtIsGt === 0 && (n.op === '>' || n.op === '>>');
      if (gt) { o.add('('); o.gtIsGt++; }
      const assign = n.prec === P.assign;
      operand(n.a, assign ? P.orif : n.prec, !assign, o);
      o.add(n.op === ',' ? ', ' : ` ${n.op} `);
      operand(n.b, n.prec, assign, o);
      if (gt) { o.gtIsGt--; o.add(')'); }
      return;
    }
    case 'prefix-e': o.add(n.p); operand(n.e, n.prec, false, o); return;
    case 'postfix': operand(n.e, P.postfix, true, o); o.add(n.op); return;
    case 'call': {
      operand(n.f, P.postfix, true, o);
      o.add('(');
      o.gtIsGt++;
      n.args.forEach((a, i) => { if (i) o.add(', '); out(a, o); });
      o.gtIsGt--;
      o.add(')');
      return;
    }
    case 'member': operand(n.a, P.postfix, true, o); o.add(n.op); out(n.m, o); return;
    case 'vendor-e': o.add(`${n.n}(`); n.args.forEach((a, i) => { if (i) o.add(', '); out(a, o); }); o.add(')'); return;
    case 'index': operand(n.a, P.postfix, true, o); o.add('['); out(n.b, o); o.add(']'); return;
    case 'cond':
      operand(n.a, P.cond, false, o); o.add(' ? '); operand(n.b, P.assign, false, o); o.add(' : '); operand(n.c, P.assign, false, o);
      return;
    case 'cast': o.add(`${n.kw}<`); out(n.t, o); o.add('>('); out(n.e, o); o.add(')'); return;
    case 'ccast':
      o.add('('); out(n.t, o); o.add(')(');
      n.es.forEach((a, i) => { if (i) o.add(', '); out(a, o); });
      o.add(')');
      return;
    case 'kwtype': o.add(`${n.kw} (`); out(n.t, o); o.add(')'); return;
    case 'kwexpr': o.add(`${n.kw} (`); out(n.e, o); o.add(')'); return;
    case 'sizeofpack': {
      o.add('sizeof...(');
      const r = resolve(n.x, o);
      if (r.k === 'pack') r.items.forEach((x, i) => { if (i) o.add(', '); out(x, o); });
      else out(N('expansion', { base: n.x }), o);
      o.add(')');
      return;
    }
    case 'packexp': out(N('expansion', { base: n.e }), o); return;
    case 'braced':
      if (n.t) out(n.t, o);
      o.add('{');
      n.es.forEach((a, i) => { if (i) o.add(', '); out(a, o); });
      o.add('}');
      return;
    case 'desig': o.add(`.${n.n} = `); out(n.e, o); return;
    case 'new': {
      o.add(`${n.global}${n.arr ? 'new[]' : 'new'}`);
      if (n.place.length) { o.add('('); o.gtIsGt++; n.place.forEach((a, i) => { if (i) o.add(', '); out(a, o); }); o.gtIsGt--; o.add(')'); }
      o.add(' ');
      out(n.t, o);
      if (Array.isArray(n.init)) { o.add('('); o.gtIsGt++; n.init.forEach((a, i) => { if (i) o.add(', '); out(a, o); }); o.gtIsGt--; o.add(')'); }
      else if (n.init) out(n.init, o);
      return;
    }
    case 'fold': {
      // (... op pack), (pack op ...), (init op ... op pack)
      o.add('(');
      const pack = x => { o.add('('); out(N('expansion', { base: x }), o); o.add(')'); };
      if (n.kind === 'fl') { o.add(`... ${n.op} `); pack(n.a); }
      else if (n.kind === 'fr') { pack(n.a); o.add(` ${n.op} ...`); }
      else if (n.kind === 'fL') { out(n.a, o); o.add(` ${n.op} ... ${n.op} `); pack(n.b); }
      else { pack(n.a); o.add(` ${n.op} ... ${n.op} `); out(n.b, o); }
      o.add(')');
      return;
    }
    case 'requires': {
      o.add('requires');
      if (n.params) { o.add(' '); params(n.params, o); }
      o.add(' {');
      for (const r of n.reqs) o.add(` ${r.s};`);
      o.add(' }');
      return;
    }
    case 'dtorname': o.add('~'); out(n.t, o); return;
    default: fail();
  }
}

function itanium(mangled) {
  const p = new Parser(mangled);
  p.need('_Z');
  const enc = p.encoding();
  let text = print(enc);
  if (p.left()) {
    if (p.look() !== '.') return null;
    text += ` (${mangled.slice(p.i)})`;
  }
  return text;
}

// ---------------------------------------------------------------------------------------------
// Rust, legacy scheme: _ZN <len><ident>... 17h<16 hex>E, idents with $-escapes
// ---------------------------------------------------------------------------------------------

const ESCAPES = { SP: '@', BP: '*', RF: '&', LT: '<', GT: '>', LP: '(', RP: ')', C: ',' };

function legacyRust(mangled) {
  if (!mangled.startsWith('_ZN')) return null;
  const parts = [];
  let i = 3;
  while (i < mangled.length && mangled[i] !== 'E') {
    const d = /^\d+/.exec(mangled.slice(i, i + 10));
    if (!d) return null;
    i += d[0].length;
    const len = Number(d[0]);
    if (!len || i + len > mangled.length) return null;
    parts.push(mangled.slice(i, i + len));
    i += len;
  }
  if (i >= mangled.length) return null;
  const rest = mangled.slice(i + 1);
  if (parts.length < 2 || !/^h[0-9a-f]{16}$/.test(parts[parts.length - 1])) return null;
  if (rest && !rest.startsWith('.')) return null;
  const text = [];
  for (const part of parts) {
    const s = unescapeLegacy(part);
    if (s === null) return null;
    text.push(s);
  }
  return text.join('::') + (rest ? ` (${rest})` : '');
}

function unescapeLegacy(p) {
  if (p.startsWith('_$')) p = p.slice(1);
  let s = '';
  for (let i = 0; i < p.length;) {
    if (p[i] === '$') {
      const end = p.indexOf('$', i + 1);
      if (end < 0) return null;
      const code = p.slice(i + 1, end);
      if (ESCAPES[code]) s += ESCAPES[code];
      else if (/^u[0-9a-f]{1,6}$/.test(code)) s += String.fromCodePoint(parseInt(code.slice(1), 16));
      else return null;
      i = end + 1;
    } else if (p.startsWith('..', i)) { s += '::'; i += 2; }
    else { s += p[i]; i++; }
  }
  return s;
}

// ---------------------------------------------------------------------------------------------
// Rust v0: _R [<version>] <path> [<instantiating-crate>] [.suffix]
// ---------------------------------------------------------------------------------------------

const RUST_BASIC = {
  a: 'i8', b: 'bool', c: 'char', d: 'f64', e: 'str', f: 'f32', h: 'u8', i: 'isize', j: 'usize', l: 'i32', m: 'u32',
  n: 'i128', o: 'u128', s: 'i16', t: 'u16', u: '()', v: '...', x: 'i64', y: 'u64', z: '!', p: '_',
};

class RustPrinter {
  constructor(s, start) { this.s = s; this.i = start; this.base = start; this.out = ''; this.depth = 0; this.bound = 0; }
  look() { return this.s[this.i] ?? ''; }
  eat(c) { if (this.s[this.i] === c) { this.i++; return true; } return false; }
  guard() { if (++this.depth > 300) fail(); }
  b62() { // <base-62-number>: "_" is 0, "<digits>_" is digits + 1
    if (this.eat('_')) return 0;
    let n = 0;
    for (;;) {
      const c = this.look();
      if (c === '_') { this.i++; return n + 1; }
      const d = /[0-9]/.test(c) ? c.charCodeAt(0) - 48 : /[a-z]/.test(c) ? c.charCodeAt(0) - 87 : /[A-Z]/.test(c) ? c.charCodeAt(0) - 29 : -1;
      if (d < 0) fail();
      n = n * 62 + d;
      this.i++;
    }
  }
  optB62(tag) { return this.eat(tag) ? this.b62() + 1 : 0; }
  decimal() {
    const m = /^(0|[1-9]\d*)/.exec(this.s.slice(this.i, this.i + 12));
    if (!m) fail();
    this.i += m[0].length;
    return Number(m[0]);
  }
  ident() {
    const puny = this.eat('u');
    const len = this.decimal();
    this.eat('_');
    if (this.i + len > this.s.length) fail();
    const raw = this.s.slice(this.i, this.i + len);
    this.i += len;
    return puny ? punycode(raw) : raw;
  }
  // runs `fn` with the cursor at a back-reference's target, then comes back
  backref(fn) {
    const start = this.i - 1;
    const at = this.base + this.b62();
    if (at >= start) fail();
    const save = this.i;
    this.i = at;
    this.guard();
    fn();
    this.depth--;
    this.i = save;
  }

  path(inValue) {
    this.guard();
    const c = this.s[this.i++];
    switch (c) {
      case 'C': this.optB62('s'); this.out += this.ident(); break;
      case 'M': this.optB62('s'); this.skipPath(); this.out += '<'; this.type(); this.out += '>'; break;
      case 'X': this.optB62('s'); this.skipPath(); this.out += '<'; this.type(); this.out += ' as '; this.path(false); this.out += '>'; break;
      case 'Y': this.out += '<'; this.type(); this.out += ' as '; this.path(false); this.out += '>'; break;
      case 'N': {
        const ns = this.s[this.i++];
        if (!/[a-zA-Z]/.test(ns ?? '')) fail();
        this.path(inValue);
        const dis = this.optB62('s');
        const id = this.ident();
        if (/[A-Z]/.test(ns)) {
          this.out += '::{' + (ns === 'C' ? 'closure' : ns === 'S' ? 'shim' : ns) + (id ? `:${id}` : '') + `#${dis}}`;
        } else if (id) this.out += `::${id}`;
        break;
      }
      case 'I':
        this.path(inValue);
        if (inValue) this.out += '::';
        this.out += '<';
        for (let k = 0; !this.eat('E'); k++) { if (k) this.out += ', '; this.genericArg(); }
        this.out += '>';
        break;
      case 'B': this.backref(() => this.path(inValue)); break;
      default: fail();
    }
    this.depth--;
  }

  // an impl-path is parsed but not printed
  skipPath() {
    const save = this.out;
    this.path(false);
    this.out = save;
  }

  genericArg() {
    if (this.eat('L')) { this.lifetime(this.b62()); return; }
    if (this.eat('K')) { this.constant(); return; }
    this.type();
  }

  lifetime(n) {
    if (n === 0) { this.out += "'_"; return; }
    const depth = this.bound - n;
    if (depth < 0) fail();
    this.out += depth < 26 ? `'${String.fromCharCode(97 + depth)}` : `'_${depth}`;
  }

  binder() {
    const n = this.optB62('G');
    if (!n) return 0;
    this.out += 'for<';
    for (let k = 0; k < n; k++) { if (k) this.out += ', '; this.bound++; this.lifetime(1); }
    this.out += '> ';
    return n;
  }

  type() {
    this.guard();
    const c = this.s[this.i++];
    if (RUST_BASIC[c]) { this.out += RUST_BASIC[c]; this.depth--; return; }
    switch (c) {
      case 'A': this.out += '['; this.type(); this.out += '; '; this.constant(); this.out += ']'; break;
      case 'S': this.out += '['; this.type(); this.out += ']'; break;
      case 'T': {
        this.out += '(';
        let k = 0;
        for (; !this.eat('E'); k++) { if (k) this.out += ', '; this.type(); }
        if (k === 1) this.out += ',';
        this.out += ')';
        break;
      }
      case 'R': case 'Q': {
        this.out += c === 'R' ? '&' : '&mut ';
        if (this.eat('L')) { const n = this.b62(); if (n) { this.lifetime(n); this.out += ' '; } }
        this.type();
        break;
      }
      case 'P': this.out += '*const '; this.type(); break;
      case 'O': this.out += '*mut '; this.type(); break;
      case 'F': {
        const save = this.bound;
        this.binder();
        if (this.eat('U')) this.out += 'unsafe ';
        if (this.eat('K')) {
          const abi = this.eat('C') ? 'C' : this.ident().replace(/_/g, '-');
          this.out += `extern "${abi}" `;
        }
        this.out += 'fn(';
        for (let k = 0; !this.eat('E'); k++) { if (k) this.out += ', '; this.type(); }
        this.out += ')';
        if (this.look() === 'u') this.i++;
        else { this.out += ' -> '; this.type(); }
        this.bound = save;
        break;
      }
      case 'D': {
        const save = this.bound;
        this.out += 'dyn ';
        this.binder();
        for (let k = 0; !this.eat('E'); k++) {
          if (k) this.out += ' + ';
          this.dynTrait();
        }
        if (!this.eat('L')) fail();
        const n = this.b62();
        if (n) { this.out += ' + '; this.lifetime(n); }
        this.bound = save;
        break;
      }
      case 'B': this.backref(() => this.type()); break;
      default: this.i--; this.path(false); break;
    }
    this.depth--;
  }

  dynTrait() {
    // <path> {p <ident> <type>}: the path's generic args and the bindings share one <...>
    const before = this.out;
    this.path(false);
    let open = this.out.endsWith('>') && this.out.length > before.length;
    while (this.eat('p')) {
      if (open) { this.out = this.out.slice(0, -1); this.out += ', '; } else { this.out += '<'; open = true; }
      this.out += `${this.ident()} = `;
      this.type();
      this.out += '>';
    }
  }

  constant() {
    this.guard();
    if (this.eat('p')) { this.out += '_'; this.depth--; return; }
    if (this.eat('B')) { this.backref(() => this.constant()); this.depth--; return; }
    const t = this.s[this.i++];
    const neg = this.eat('n');
    const start = this.i;
    while (/[0-9a-f]/.test(this.look())) this.i++;
    const hex = this.s.slice(start, this.i);
    if (!this.eat('_')) fail();
    const value = hex ? BigInt(`0x${hex}`) : 0n;
    if ('ahijlmnostxy'.includes(t)) this.out += `${neg ? '-' : ''}${value}`;
    else if (t === 'b' && !neg && value <= 1n) this.out += value ? 'true' : 'false';
    else if (t === 'c' && !neg) this.out += charLit(Number(value));
    else fail();
    this.depth--;
  }
}

function charLit(cp) {
  const special = { 9: '\\t', 10: '\\n', 13: '\\r', 39: "\\'", 92: '\\\\' };
  if (special[cp]) return `'${special[cp]}'`;
  if (cp < 0x20 || cp === 0x7f) return `'\\u{${cp.toString(16)}}'`;
  return `'${String.fromCodePoint(cp)}'`;
}

// RFC 3492 punycode, with '_' standing for the '-' delimiter as Rust's mangling writes it
function punycode(raw) {
  const cut = raw.lastIndexOf('_');
  const output = cut >= 0 ? [...raw.slice(0, cut)].map(c => c.codePointAt(0)) : [];
  const rest = cut >= 0 ? raw.slice(cut + 1) : raw;
  let n = 128, bias = 72, i = 0;
  const digit = c => (/[a-z]/.test(c) ? c.charCodeAt(0) - 97 : /[0-9]/.test(c) ? c.charCodeAt(0) - 22 : fail());
  for (let p = 0; p < rest.length;) {
    const old = i;
    let w = 1;
    for (let k = 36; ; k += 36) {
      if (p >= rest.length) fail();
      const d = digit(rest[p++]);
      i += d * w;
      const t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
      if (d < t) break;
      w *= 36 - t;
    }
    const len = output.length + 1;
    let delta = old === 0 ? Math.floor((i - old) / 700) : Math.floor((i - old) / 2);
    delta += Math.floor(delta / len);
    let k = 0;
    while (delta > 455) { delta = Math.floor(delta / 35); k += 36; }
    bias = k + Math.floor(36 * delta / (delta + 38));
    n += Math.floor(i / len);
    i %= len;
    output.splice(i, 0, n);
    i++;
  }
  return String.fromCodePoint(...output);
}

function rust(mangled) {
  const dot = mangled.indexOf('.');
  const core = dot < 0 ? mangled : mangled.slice(0, dot);
  let i = 2;
  if (/[0-9]/.test(core[i])) { while (/[0-9]/.test(core[i])) i++; if (core[i++] !== '_') return null; }
  if (!/[A-Z]/.test(core[i] ?? '')) return null;
  const pr = new RustPrinter(core, i);
  pr.base = 2;
  pr.path(true);
  // an instantiating crate may follow; it is not printed
  if (pr.i < core.length) { const save = pr.out; pr.path(false); pr.out = save; }
  if (pr.i !== core.length) return null;
  return pr.out + (dot < 0 ? '' : ` (${mangled.slice(dot)})`);
}
