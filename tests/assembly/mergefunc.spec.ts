// MergeFunctions' FunctionComparator is a total order, checked on thousands of generated
// functions (textual IR, parsed into the arena), and its equality implies equal structural hashes:
//  - reflexive: cmp(f, f) == 0;
//  - antisymmetric: cmp(f, g) == -cmp(g, f);
//  - transitive: cmp(a, b) <= 0 and cmp(b, c) <= 0 imply cmp(a, c) <= 0 (all triples of a module);
//  - cmp(f, g) == 0 implies hash(f) == hash(g), and the same for our detail hash (the FnTree's second key).
// The generator draws from a deliberately small space so that many pairs are equal or differ in one
// detail, and mixes the cases the comparator folds together or keeps apart: `ptr` and `i64` (equal:
// pointers are 64 bits here), `ptr addrspace(1)`, `ptr null` / `i64 0`, inttoptr / ptrtoint, GEPs
// with the same constant offset through different source types, metadata on loads, calls to
// different globals, self-recursion, branches, phis, switches and selects. Known equal pairs
// (written two ways) must compare 0.
import { rd } from "../../assembly/text/reader";
import { I32Vec } from "../../assembly/util/vec";
import { vName } from "../../assembly/ir/values";
import { globalCount, gKind, GK, gValue, gFirstBlock } from "../../assembly/ir/globals";
import { strtab } from "../../assembly/ir/module";
import { compareFunctions } from "../../assembly/passes/mergefunc/comparator";
import { FunctionHasher } from "../../assembly/passes/mergefunc/hash";
import { MergeFunctions } from "../../assembly/passes/mergefunc/pass";
import { parseFresh } from "./fresh-arena";

let hasher: FunctionHasher | null = null;
// A fresh arena with `text` parsed (fresh-arena.ts), then this spec's own tables.
function parseText(text: string): bool {
  if (!parseFresh(text)) return false;
  hasher = new MergeFunctions(false, false).hasher;   // (its comparator is the one compareFunctions uses)
  return true;
}

// ---- random numbers (xorshift32) ----
// Functions come in families: every member is generated from the family's seed (same structure),
// spellings the comparator treats alike are drawn independently (pickEq), and a member may get a
// mutation (one pick drawn from the second stream), so equal and nearly equal pairs are common.
let seed: u32 = 0x1234567;
let seed2: u32 = 0x89abcdef;
let mutations: i32 = 0;
function xs(x: u32): u32 { x ^= x << 13; x ^= x >> 17; x ^= x << 5; return x; }
function rnd(): u32 { seed = xs(seed); return seed; }
function rnd2(): u32 { seed2 = xs(seed2); return seed2; }
function rint(n: i32): i32 {
  let r = <i32>(rnd() % <u32>n);
  if (mutations > 0 && rnd2() % 16 == 0) { mutations--; return <i32>(rnd2() % <u32>n); }
  return r;
}
function pick(a: string[]): string { return a[rint(a.length)]; }
function pickEq(a: string[]): string { return a[<i32>(rnd2() % <u32>a.length)]; }

const HEADER = "target datalayout = \"e-p:64:64:64-i64:64-n8:16:32:64-S128\"\n" +
  "@g1 = global i64 0\n@g2 = global i64 0\n@g3 = global [4 x i32] zeroinitializer\n" +
  "declare void @use(ptr)\ndeclare void @usei(i64)\ndeclare i64 @get()\n" +
  "declare void @llvm.foo(metadata)\n";

// Operand spellings of a 64-bit value: the first argument is a pointer or an integer.
function genFunction(name: string, budget: i32): string {
  // Signature: first parameter ptr / i64 / ptr addrspace(1) / i32; second i64.
  let p0 = pick(["ptr", "ptr", "i64", "i64", "ptr addrspace(1)", "i32"]);
  let ret = pick(["void", "i64", "ptr", "void"]);
  let attrs = rint(8) == 0 ? " nounwind" : "";
  let s = "define " + ret + " @" + name + "(" + p0 + " %a, i64 %b)" + attrs + " {\n";
  let nb = 1 + rint(3);
  let v = 0;                           // next value number
  let vals: string[] = ["%b"];         // i64 values so far
  let ptrs: string[] = [];             // ptr values so far
  if (p0 == "ptr") ptrs.push("%a");
  if (p0 == "i64") vals.push("%a");
  for (let b = 0; b < nb; b++) {
    if (b > 0) s += "bb" + b.toString() + ":\n";
    let ni = 1 + rint(budget);
    for (let k = 0; k < ni; k++) {
      let x = "%v" + (v++).toString();
      let r = rint(16);
      let i64v = vals[rint(vals.length)];
      if (r == 0) s += "  " + x + " = add i64 " + i64v + ", " + pick(["0", "1", "2"]) + "\n";
      else if (r == 1) s += "  " + x + " = " + pick(["add", "sub", "mul", "add nsw", "sub nuw"]) + " i64 " + i64v + ", " + vals[rint(vals.length)] + "\n";
      else if (r == 2 && ptrs.length > 0) { s += "  " + x + " = ptrtoint ptr " + ptrs[rint(ptrs.length)] + " to i64\n"; vals.push(x); continue; }
      else if (r == 3) { s += "  " + x + " = inttoptr i64 " + i64v + " to ptr\n"; ptrs.push(x); continue; }
      else if (r == 4 && ptrs.length > 0) {
        // the same byte offset through different source types
        let p = ptrs[rint(ptrs.length)];
        if (rint(4) == 0) s += "  " + x + " = getelementptr i8, ptr " + p + ", i64 " + i64v + "\n";
        else s += "  " + x + " = getelementptr " + pickEq(["i8, ptr " + p + ", i64 4", "i32, ptr " + p + ", i64 1", "[4 x i32], ptr " + p + ", i64 0, i64 1", "i16, ptr " + p + ", i64 2"]) + "\n";
        ptrs.push(x); continue;
      }
      else if (r == 5 && ptrs.length > 0) {
        s += "  " + x + " = load " + pick(["i64", "ptr"]) + ", ptr " + ptrs[rint(ptrs.length)] + pick(["", "", ", !range !0", ", !nonnull !1", ", align 4", ", !tbaa !2"]) + "\n";
        // (a load of ptr typed result is used as a 64-bit value either way)
        continue;
      }
      else if (r == 6 && ptrs.length > 0) { s += "  store " + (rint(3) == 0 ? pickEq(["i64 0", "ptr null"]) : pick(["i64 " + i64v, "i64 1"])) + ", ptr " + ptrs[rint(ptrs.length)] + pick(["", ", align 4", ", !nontemporal !3"]) + "\n"; v--; continue; }
      else if (r == 7) { s += "  call void @" + pick(["use(ptr null)", "usei(i64 0)", "use(ptr @g1)", "use(ptr @g2)", "usei(i64 " + i64v + ")"]) + "\n"; v--; continue; }
      else if (r == 8) { s += "  " + x + " = call i64 @get()" + pick(["", "", " #0", ", !range !0"]) + "\n"; vals.push(x); continue; }
      else if (r == 9) { s += "  " + x + " = icmp " + pick(["eq", "ne", "ult"]) + " i64 " + i64v + ", " + pick(["0", "1", vals[rint(vals.length)]]) + "\n"; continue; }
      else if (r == 10) { s += "  " + x + " = select i1 " + pick(["true", "false"]) + ", i64 " + i64v + ", i64 " + pick(["0", "1"]) + "\n"; }
      else if (r == 11) { s += "  call void @" + name + "(" + p0 + " %a, i64 " + i64v + ")\n"; v--; continue; }
      else if (r == 12 && ptrs.length > 0) { s += "  " + x + " = getelementptr inbounds i8, ptr " + ptrs[rint(ptrs.length)] + ", i64 " + pick(["8", "16"]) + "\n"; ptrs.push(x); continue; }
      else if (r == 13) { s += "  call void @llvm.foo(metadata " + pick(["!\"a\"", "!\"b\"", "i64 0", "ptr null", "!4"]) + ")\n"; v--; continue; }
      else if (r == 14) { s += "  " + x + " = " + (rint(2) == 0 ? "trunc i64 " + i64v + " to i32" : "zext i64 " + i64v + " to i128") + "\n"; continue; }
      else { s += "  " + x + " = or i64 " + i64v + ", " + pick(["1", "3"]) + "\n"; }
      vals.push(x);
    }
    // terminator
    if (b + 1 < nb) {
      let t = rint(4);
      let next = "bb" + (b + 1).toString();
      if (t == 0) s += "  br label %" + next + "\n";
      else if (t == 1) {
        let c = "%c" + (v++).toString();
        s += "  " + c + " = icmp eq i64 " + vals[rint(vals.length)] + ", 0\n  br i1 " + c + ", label %" + next + ", label %" + (nb > b + 2 && rint(2) == 0 ? "bb" + (nb - 1).toString() : next) + "\n";
      } else if (t == 2) s += "  switch i64 " + vals[rint(vals.length)] + ", label %" + next + " [ i64 " + pick(["0", "1"]) + ", label %" + next + " ]\n";
      else s += "  br label %" + next + "\n";
    } else {
      if (ret == "void") s += "  ret void\n";
      else if (ret == "i64") s += "  ret i64 " + pick([vals[rint(vals.length)], "0"]) + "\n";
      else s += "  ret ptr " + (ptrs.length > 0 && rint(2) == 0 ? ptrs[rint(ptrs.length)] : pick(["null", "@g1"])) + "\n";
    }
  }
  return s + "}\n";
}

const FOOTER = "attributes #0 = { nounwind }\n!0 = !{i64 0, i64 10}\n!1 = !{}\n!2 = !{!\"int\", !5, i64 0}\n!3 = !{i32 1}\n!4 = distinct !{}\n!5 = !{!\"root\"}\n";

// The function definitions of the module, by global index.
let fns = new I32Vec(64);
function collectFunctions(): void {
  fns.clear();
  for (let g = 0; g < globalCount(); g++) if (<i32>gKind.get(g) == GK.Func && gFirstBlock.get(g) >= 0) {
    let nm = vName.get(gValue.get(g));
    if (nm >= 0 && load<u8>(strtab.ptrOf(nm)) == 102 /* f */) fns.push(g);
  }
}

let checkedFunctions = 0, equalPairs = 0, triples = 0;

// Checks the laws on one module of n generated functions; returns the number of violations.
function checkModule(n: i32, budget: i32): i32 {
  let text = HEADER;
  let families = n / 5;
  let base = rnd2();
  for (let i = 0; i < n; i++) {
    seed = base + <u32>(i % families) * 7919 + 1;
    mutations = rnd2() % 3 == 0 ? 1 : 0;
    text += genFunction("f" + i.toString(), budget);
  }
  text += FOOTER;
  if (!parseText(text)) { trace("parse failed: " + rd.errMsg); trace(text); return 1; }
  collectFunctions();
  let m = fns.len;
  checkedFunctions += m;
  let c = new Int8Array(m * m);
  let bad = 0;
  for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) c[i * m + j] = <i8>compareFunctions(fns.get(i), fns.get(j));
  for (let i = 0; i < m; i++) {
    if (c[i * m + i] != 0) { bad++; trace("not reflexive: f" + i.toString()); }
    for (let j = 0; j < m; j++) {
      if (c[i * m + j] != -c[j * m + i]) { bad++; trace("not antisymmetric: f" + i.toString() + " f" + j.toString()); }
      if (i < j && c[i * m + j] == 0) {
        equalPairs++;
        if (hasher!.functionHash(fns.get(i)) != hasher!.functionHash(fns.get(j))) { bad++; trace("equal but hashes differ: f" + i.toString() + " f" + j.toString()); }
        if (hasher!.functionDetailHash(fns.get(i)) != hasher!.functionDetailHash(fns.get(j))) { bad++; trace("equal but detail hashes differ: f" + i.toString() + " f" + j.toString()); }
      }
    }
  }
  for (let a = 0; a < m; a++) for (let b = 0; b < m; b++) {
    let ab = c[a * m + b];
    if (ab > 0) continue;
    for (let d = 0; d < m; d++) {
      let bd = c[b * m + d];
      if (bd > 0) continue;
      triples++;
      let ad = c[a * m + d];
      if (ad > 0 || (ab == 0 && bd == 0 && ad != 0)) { bad++; if (bad < 5) trace("not transitive: f" + a.toString() + " f" + b.toString() + " f" + d.toString()); }
    }
  }
  return bad;
}

describe("FunctionComparator", () => {
  it("is a total order consistent with the structural hash on generated functions", () => {
    let bad = 0;
    for (let k = 0; k < 60; k++) bad += checkModule(50, 1 + (k % 4));
    expect(bad).toBe(0);
    expect(checkedFunctions).toBeGreaterThanOrEqual(3000);
    expect(equalPairs).toBeGreaterThan(100);
    trace("functions, equal pairs, ordered triples checked", 3, <f64>checkedFunctions, <f64>equalPairs, <f64>triples);
  });

  it("folds ptr and i64, null pointers and zero, GEP offsets; keeps other address spaces apart", () => {
    let text = HEADER +
      "define i64 @fa(ptr %a, i64 %b) {\n  store i64 0, ptr %a\n  %p = getelementptr i8, ptr %a, i64 4\n  %x = ptrtoint ptr %p to i64\n  ret i64 %x\n}\n" +
      "define i64 @fb(i64 %a, i64 %b) {\n  %q = inttoptr i64 %a to ptr\n  ret i64 %b\n}\n" +
      "define i64 @fc(ptr %a, i64 %b) {\n  store ptr null, ptr %a\n  %p = getelementptr i32, ptr %a, i64 1\n  %x = ptrtoint ptr %p to i64\n  ret i64 %x\n}\n" +
      "define i64 @fd(ptr addrspace(1) %a, i64 %b) {\n  %q = inttoptr i64 %b to ptr\n  ret i64 %b\n}\n" +
      "define i64 @fe(ptr %a, i64 %b) {\n  %q = inttoptr i64 %b to ptr\n  ret i64 %b\n}\n" +
      "define i64 @ff(i64 %a, i64 %b) {\n  %q = inttoptr i64 %b to ptr\n  ret i64 %b\n}\n" + FOOTER;
    expect(parseText(text)).toBe(true);
    collectFunctions();
    expect(fns.len).toBe(6);
    expect(compareFunctions(fns.get(0), fns.get(2))).toBe(0);   // i64 0 / ptr null, gep i8 4 / gep i32 1
    expect(compareFunctions(fns.get(4), fns.get(5))).toBe(0);   // ptr %a / i64 %a
    expect(compareFunctions(fns.get(3), fns.get(4))).not.toBe(0); // ptr addrspace(1) / ptr
    expect(compareFunctions(fns.get(3), fns.get(5))).not.toBe(0); // ptr addrspace(1) / i64
    expect(compareFunctions(fns.get(1), fns.get(5))).not.toBe(0); // different argument used
    expect(hasher!.functionHash(fns.get(0))).toBe(hasher!.functionHash(fns.get(2)));
  });
});
