// dot-dom, dot-dom-only, dot-post-dom, dot-post-dom-only, dot-cfg, dot-cfg-only: Graphviz files as
// opt-19's DOTGraphTraitsPrinter / CFGPrinterPass write them (GraphWriter.h, CFGPrinter.h,
// DomPrinter.h), as side files (`dom.<fn>.dot`, `domonly.`, `postdom.`, `postdomonly.`, and
// `.<fn>.dot` for the CFG), with opt's "Writing '<file>'..." line on the pass output.
//
// Node identifiers are pointers in opt (`Node0x55d0...`); here they are made-up addresses, stable
// for a given module (`Node0x5a...` for blocks, `Node0x5d...` for tree nodes).
import { OutBuf } from "../util/outbuf";
import { U8Vec } from "../util/vec";
import { zext64 } from "../util/bits";
import { vName, vA, iNext, vKind, VK, vType, operand, iOps, iNOps, opVal } from "../ir/values";
import { Op } from "../ir/opcodes";
import { tyKind, tyA, TK } from "../ir/types";
import { intSExt64, intLow64 } from "../ir/constants";
import { blockTerminator } from "../analysis/cfg";
import { DomTree } from "../analysis/domtree";
import { PROB_ONE } from "../analysis/bpi";
import { printValueRef } from "../text/printer-values";
import { numberForBlockPrint, printInstructionTo } from "../text/printer";
import { writer } from "../text/writer";
import { has, Feature } from "../ir/version";
import { printFunctionName } from "./domprint";
import { iOp } from "../ir/values";

import { PassContext, PassInfo, PassState, Level } from "./registry";
import { strtab } from "../ir/module";

// ---- labels ----

function insertAt(v: U8Vec, at: i32, s: string): void {
  let n = s.length;
  if (v.len + n > v.cap) v.reserve(v.len + n);
  memory.copy(v.ptr + <usize>(at + n), v.ptr + <usize>at, <usize>(v.len - at));
  for (let k = 0; k < n; k++) store<u8>(v.ptr + <usize>(at + k), <u8>s.charCodeAt(k));
  v.len += n;
}

// DOT::EscapeString of `s` appended to dst.
function escapeTo(dst: OutBuf, p: usize, n: i32): void {
  for (let i = 0; i < n; i++) {
    let c = <i32>load<u8>(p + <usize>i);
    switch (c) {
      case 10: dst.byte(92); dst.byte(110); break;
      case 9: dst.byte(32); dst.byte(32); break;
      case 92: {
        if (i + 1 < n) {
          let d = <i32>load<u8>(p + <usize>(i + 1));
          if (d == 108) { dst.byte(92); break; }
          if (d == 124 || d == 123 || d == 125) { dst.byte(d); i++; break; }
        }
        dst.byte(92); dst.byte(92); break;
      }
      case 123: case 125: case 60: case 62: case 124: case 34: dst.byte(92); dst.byte(c); break;
      default: dst.byte(c);
    }
  }
}

// printAsOperand of a block without the '%' (getBBName) when unnamed; the name when named.
function bbName(dst: OutBuf, b: i32): void {
  let nm = vName.get(b);
  if (nm >= 0) { dst.strId(strtab, nm); return; }
  let s = dst.len;
  printValueRef(writer(), dst, b);
  // drop the '%'
  let buf = dst.buf;
  memory.copy(buf.ptr + <usize>s, buf.ptr + <usize>(s + 1), <usize>(buf.len - s - 1));
  buf.len--;
}


function nodeId(out: OutBuf, tag: i32, id: i32): void {
  out.str("Node0x");
  let v: u64 = (tag == 0 ? <u64>0x5a3c1e000000 : <u64>0x5d7f42000000) + zext64(id) * 0x60;
  let digits = 1;
  for (let t = v >> 4; t != 0; t >>= 4) digits++;
  out.hex(v, digits, false);
}

function header(out: OutBuf, title: string, g: i32): void {
  let t = new OutBuf();
  t.str(title); t.str(" for '"); printFunctionName(t, g); t.str("' function");
  out.str("digraph \""); escapeTo(out, t.buf.ptr, t.len); out.str("\" {\n");
  out.str("\tlabel=\""); escapeTo(out, t.buf.ptr, t.len); out.str("\";\n\n");
}

function writing(log: OutBuf, name: OutBuf): void {
  log.str("Writing '"); log.bytes(name.buf.ptr, name.len); log.str("'...\n");
}

// ---- dominator trees ----


// ---- the CFG ----

const HEAT: string[] = [
  // LLVM's heat palette (HeatUtils.cpp), 100 entries from cold to hot: data needed for identical output
  "#3d50c3", "#4055c8", "#4358cb", "#465ecf", "#4961d2", "#4c66d6", "#4f69d9", "#536edd", "#5572df", "#5977e3",
  "#5b7ae5", "#5f7fe8", "#6282ea", "#6687ed", "#6a8bef", "#6c8ff1", "#7093f3", "#7396f5", "#779af7", "#7a9df8",
  "#7ea1fa", "#81a4fb", "#85a8fc", "#88abfd", "#8caffe", "#8fb1fe", "#93b5fe", "#96b7ff", "#9abbff", "#9ebeff",
  "#a1c0ff", "#a5c3fe", "#a7c5fe", "#abc8fd", "#aec9fc", "#b2ccfb", "#b5cdfa", "#b9d0f9", "#bbd1f8", "#bfd3f6",
  "#c1d4f4", "#c5d6f2", "#c7d7f0", "#cbd8ee", "#cedaeb", "#d1dae9", "#d4dbe6", "#d6dce4", "#d9dce1", "#dbdcde",
  "#dedcdb", "#e0dbd8", "#e3d9d3", "#e5d8d1", "#e8d6cc", "#ead5c9", "#ecd3c5", "#eed0c0", "#efcebd", "#f1ccb8",
  "#f2cab5", "#f3c7b1", "#f4c5ad", "#f5c1a9", "#f6bfa6", "#f7bca1", "#f7b99e", "#f7b599", "#f7b396", "#f7af91",
  "#f7ac8e", "#f7a889", "#f6a385", "#f5a081", "#f59c7d", "#f4987a", "#f39475", "#f29072", "#f08b6e", "#ef886b",
  "#ed8366", "#ec7f63", "#e97a5f", "#e8765c", "#e57058", "#e36c55", "#e16751", "#de614d", "#dc5d4a", "#d85646",
  "#d65244", "#d24b40", "#d0473d", "#cc403a", "#ca3b37", "#c53334", "#c32e31", "#be242e", "#bb1b2c", "#b70d28",
];
function heatIndex(percent: f64): i32 {
  if (percent > 1.0) percent = 1.0;
  if (percent < 0.0) percent = 0.0;
  if (isNaN(percent)) return 0;
  // round() rounds half away from zero
  return <i32>Math.floor(percent * 99.0 + 0.5);
}
function heatColor(freq: u64, maxFreq: u64): string {
  if (freq > maxFreq) freq = maxFreq;
  let percent = freq > 0 ? Math.log2(<f64>freq) / Math.log2(<f64>maxFreq) : 0.0;
  return HEAT[heatIndex(percent)];
}

// Probability N / 2^31 as formatv's {0:P}: percent with two decimals (printf rounding).
function printPercent(out: OutBuf, num: u32): void {
  let q: u64 = <u64>num * 10000;
  let ip = q >> 31;
  let r = q & 0x7fffffff;
  if (r > 0x40000000 || (r == 0x40000000 && (ip & 1) != 0)) ip++;
  out.u64(ip / 100); out.byte(46);
  let f = <i32>(ip % 100);
  out.byte(48 + f / 10); out.byte(48 + f % 10);
  out.byte(37);
}

// The edge source label of successor k of block b (T/F, def/case value), or nothing.
function edgeSourceLabel(out: OutBuf, t: i32, k: i32): bool {
  if (t < 0) return false;
  let op = <i32>iOp.get(t);
  if (op == Op.Br) {
    if (iNOps.get(t) != 3) return false;
    out.str(k == 0 ? "T" : "F");
    return true;
  }
  if (op == Op.Switch) {
    if (k == 0) { out.str("def"); return true; }
    let cv = opVal.get(iOps.get(t) + 2 * k);
    let ty = vType.get(cv);
    if (<i32>tyKind.get(ty) == TK.Int && tyA.get(ty) <= 64) {
      let w = tyA.get(ty);
      let x = intLow64(cv);
      let sx: i64 = w == 64 ? <i64>x : ((<i64>(x << <u64>(64 - w))) >> <i64>(64 - w));
      out.i64(sx);
    } else printValueRef(writer(), out, cv);
    return true;
  }
  return false;
}
function hasEdgeSourceLabels(t: i32): bool {
  if (t < 0) return false;
  let op = <i32>iOp.get(t);
  return (op == Op.Br && iNOps.get(t) == 3) || op == Op.Switch;
}

// A dot pass's state for one pipeline run (PassInfo.perRun): the label buffers, reused from
// function to function. The files go to the run's side files, "Writing ..." to its output.
export class DotWriter extends PassState {
  raw: OutBuf = new OutBuf();      // a block's printed instructions
  line: U8Vec = new U8Vec();       // one line of a label, being wrapped
  lab: OutBuf = new OutBuf();      // the label
  // CompleteNodeLabelString's per-line loop (comments erased, wrapped at 80 columns), applied to
  // `line` (one line of the label, without its newline), appended to dst.
  wrapLine(dst: OutBuf): void {
    let col = 0, lastSpace = 0;
    let v = this.line;
    for (let i = 0; i < v.len; i++) {
      let c = <i32>v.get(i);
      if (c == 59) {
        // erase the comment up to the end of the line; the char before it is looked at next
        v.len = i;
        i--;
      } else if (col == 80) {
        if (lastSpace == 0) lastSpace = i;
        insertAt(v, lastSpace, "\\l...");
        col = i - lastSpace;
        lastSpace = 0;
        i += 3;
      } else col++;
      if (i >= 0 && i < v.len && v.get(i) == 32) lastSpace = i;
    }
    dst.bytes(v.ptr, v.len);
  }

  // The complete label of block b (before escaping), into lab.
  completeLabel(b: i32): void {
    this.raw.clear();
    printValueRef(writer(), this.raw, b);
    this.raw.str(":\n");
    for (let i = vA.get(b); i >= 0; i = iNext.get(i)) { printInstructionTo(writer(), this.raw, i); this.raw.byte(10); }
    let p = this.raw.buf.ptr;
    let n = this.raw.len;
    let start = 0;
    if (n > 0 && load<u8>(p) == 37) start = 1;
    this.lab.clear();
    // split at newlines; the text after the first newline starts with "\|"
    let lineNo = 0;
    let s = start;
    for (let i = start; i <= n; i++) {
      if (i == n || load<u8>(p + <usize>i) == 10) {
        this.line.clear();
        if (lineNo > 0) this.line.push(108);          // the 'l' of the "\l" that replaced the newline
        if (lineNo == 1) { this.line.push(92); this.line.push(124); }
        let len = i - s;
        if (len > 0) {
          if (this.line.len + len > this.line.cap) this.line.reserve(this.line.len + len);
          memory.copy(this.line.ptr + <usize>this.line.len, p + <usize>s, <usize>len);
          this.line.len += len;
        }
        if (lineNo > 0) this.lab.byte(92);
        this.wrapLine(this.lab);
        lineNo++;
        s = i + 1;
        if (i == n) break;
      }
    }
  }

  simpleLabel(b: i32): void {
    this.lab.clear();
    let nm = vName.get(b);
    if (nm >= 0) this.lab.strId(strtab, nm); else printValueRef(writer(), this.lab, b);
  }

  dotTreeOf(c: PassContext, post: bool, simple: bool): void {
    let g = c.fn, fa = c.analyses;
    fa.buildCFG(g);
    let t = post ? fa.buildPostDomTree() : fa.buildDomTree();
    numberForBlockPrint(writer(), g);
    let name = new OutBuf();
    name.str(post ? (simple ? "postdomonly." : "postdom.") : (simple ? "domonly." : "dom."));
    printFunctionName(name, g);
    name.str(".dot");
    writing(c.out, name);
    let out = new OutBuf();
    header(out, post ? "Post dominator tree" : "Dominator tree", g);
    for (let k = 0; k < t.preorder.len; k++) this.writeTreeNode(out, t, t.preorder.get(k), simple);
    out.str("}\n");
    c.sideFiles.add(name, out);
  }

  writeTreeNode(out: OutBuf, t: DomTree, v: i32, simple: bool): void {
    out.byte(9); nodeId(out, 1, v); out.str(" [shape=record,label=\"{");
    if (t.isVirtualRoot(v)) out.str("Post dominance root node");
    else {
      let b = t.cfg.block.get(v);
      if (simple) this.simpleLabel(b); else this.completeLabel(b);
      escapeTo(out, this.lab.buf.ptr, this.lab.len);
    }
    out.str("}\"];\n");
    for (let c = t.firstChild.get(v); c >= 0; c = t.nextSibling.get(c)) {
      out.byte(9); nodeId(out, 1, v); out.str(" -> "); nodeId(out, 1, c); out.str(";\n");
    }
  }

  dotCFGOf(c: PassContext, simple: bool): void {
    let g = c.fn, fa = c.analyses;
    let cfg = fa.cfg;
    fa.buildCFG(g);
    numberForBlockPrint(writer(), g);
    let bpi = fa.computeBranchProbabilities();
    let bfi = fa.computeBlockFrequencies();
    let maxFreq = bfi.maxBlockFreq();
    let block = cfg.block, succOff = cfg.succOff, succ = cfg.succ;
    let name = new OutBuf();
    name.byte(46); printFunctionName(name, g); name.str(".dot");
    writing(c.out, name);
    let out = new OutBuf();
    header(out, "CFG", g);
    let n = cfg.n;
    for (let b = 0; b < n; b++) {
      let bv = block.get(b);
      let t = blockTerminator(bv);
      let freq = bfi.blockFreq(b);
      out.byte(9); nodeId(out, 0, bv); out.str(" [shape=record,");
      out.str("color=\""); out.str(freq <= maxFreq / 2 ? HEAT[0] : HEAT[99]); out.str("ff\", style=filled, fillcolor=\"");
      out.str(heatColor(freq, maxFreq)); out.str(has(Feature.DotCfg22) ? "70\", fontname=\"Courier\",label=\"{" : "70\" fontname=\"Courier\",label=\"{");
      if (simple) this.simpleLabel(bv); else this.completeLabel(bv);
      escapeTo(out, this.lab.buf.ptr, this.lab.len);
      let s0 = succOff.get(b), s1 = succOff.get(b + 1);
      if (hasEdgeSourceLabels(t)) {
        out.str("|{");
        let k = 0;
        for (; k < s1 - s0 && k != 64; k++) {
          if (k > 0) out.byte(124);
          out.str("<s"); out.int(k); out.byte(62);
          let tmp = new OutBuf();
          edgeSourceLabel(tmp, t, k);
          escapeTo(out, tmp.buf.ptr, tmp.len);
        }
        if (k < s1 - s0) out.str("|<s64>truncated...");
        out.byte(125);
      }
      out.str("}\"];\n");
      for (let k = 0; k < s1 - s0; k++) {
        let dst = succ.get(s0 + k);
        out.byte(9); nodeId(out, 0, bv);
        if (hasEdgeSourceLabels(t)) { out.str(":s"); out.int(k < 64 ? k : 64); }
        out.str(" -> "); nodeId(out, 0, block.get(dst));
        if (has(Feature.DotCfg22)) { out.str(";\n"); continue; } // edge attributes only with -cfg-weights there
        out.str("[tooltip=\"");
        bbName(out, bv); out.str(" -> "); bbName(out, block.get(dst));
        out.str("\\nProbability "); printPercent(out, bpi.edgeProbability(b, dst));
        out.str("\" ];\n");
      }
    }
    out.str("}\n");
    c.sideFiles.add(name, out);
  }
}

// ---- the pass table's entries (pipeline/table.ts): a .dot side file per function ----
// cls: opt's class; the dominator-tree printers are optional passes there (skipped on optnone
// functions), the CFG printers required.
function dotPass(name: string, cls: string, run: (c: PassContext) => i32, help: string): PassInfo {
  return new PassInfo(name, Level.Function, run).as(cls, cls.startsWith("DOTGraphTraitsPrinter")).describe(help)
    .perRun((): PassState => new DotWriter());
}
export function dotCfgPass(): PassInfo {
  return dotPass("dot-cfg", "CFGPrinterPass", (c: PassContext): i32 => { (<DotWriter>c.state()).dotCFGOf(c, false); return 0; }, "Write the CFG to .<function>.dot");
}
export function dotCfgOnlyPass(): PassInfo {
  return dotPass("dot-cfg-only", "CFGOnlyPrinterPass", (c: PassContext): i32 => { (<DotWriter>c.state()).dotCFGOf(c, true); return 0; }, "Write the CFG without instructions to .<function>.dot");
}
export function dotDomPass(): PassInfo {
  return dotPass("dot-dom", "DOTGraphTraitsPrinter<llvm::DominatorTreeAnalysis, false>", (c: PassContext): i32 => { (<DotWriter>c.state()).dotTreeOf(c, false, false); return 0; }, "Write the dominator tree to dom.<function>.dot");
}
export function dotDomOnlyPass(): PassInfo {
  return dotPass("dot-dom-only", "DOTGraphTraitsPrinter<llvm::DominatorTreeAnalysis, true>", (c: PassContext): i32 => { (<DotWriter>c.state()).dotTreeOf(c, false, true); return 0; }, "Write the dominator tree without instructions to domonly.<function>.dot");
}
export function dotPostDomPass(): PassInfo {
  return dotPass("dot-post-dom", "DOTGraphTraitsPrinter<llvm::PostDominatorTreeAnalysis, false>", (c: PassContext): i32 => { (<DotWriter>c.state()).dotTreeOf(c, true, false); return 0; }, "Write the post-dominator tree to postdom.<function>.dot");
}
export function dotPostDomOnlyPass(): PassInfo {
  return dotPass("dot-post-dom-only", "DOTGraphTraitsPrinter<llvm::PostDominatorTreeAnalysis, true>", (c: PassContext): i32 => { (<DotWriter>c.state()).dotTreeOf(c, true, true); return 0; }, "Write the post-dominator tree without instructions to postdomonly.<function>.dot");
}
