// The output sink (counts bytes; all output is ASCII, so length == bytes) and the function body
// builder: numbered values in textual order (clang style), blocks laid out in the order they are
// started; terminators keep block objects and are printed at the end, so forward branch targets
// get their numbers from the layout.

export class Sink {
  constructor(write) { this.write = write; this.bytes = 0; this.buf = []; this.bufLen = 0; }
  put(s) {
    this.buf.push(s); this.bufLen += s.length; this.bytes += s.length;
    if (this.bufLen >= 1 << 20) this.flush();
  }
  flush() {
    if (this.buf.length) { this.write(this.buf.join('')); this.buf = []; this.bufLen = 0; }
  }
}

export class FnBuilder {
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
