// The verifier on IR that only a broken pass can produce (LLParser rejects these as text, so opt-19
// cannot be asked): a well-formed module is parsed, one thing is changed in the arena the way a
// buggy pass would change it, and the verifier must report it with LLVM 19's wording and print
// the values involved as opt's Verifier does. Broken inputs that can be written as text are
// compared with opt-19 itself in tests/node/verifier/verifier.test.js.
import { T_VOID, T_I32 } from "../../assembly/ir/types";
import { vType, vA, iNext, iOp, iExt, newValue, VK, setOperand, unlinkInst, insertInstBefore, eraseInst, ext } from "../../assembly/ir/values";
import { getInt } from "../../assembly/ir/constants";
import { globalCount, gKind, GK, gFirstBlock, gFirstArg, gValueType } from "../../assembly/ir/globals";
import { Op } from "../../assembly/ir/opcodes";
import { Verifier, verifyModule } from "../../assembly/analysis/verifier";
import { analyses } from "../../assembly/analysis/context";
import { parseFresh } from "./fresh-arena";

// A fresh arena with `text` parsed (fresh-arena.ts).
function parseText(text: string): bool {
  if (!parseFresh(text)) return false;
  return true;
}

// The k-th function defined or declared in the module (global index).
function fn(k: i32): i32 {
  for (let g = 0; g < globalCount(); g++) if (<i32>gKind.get(g) == GK.Func) { if (k == 0) return g; k--; }
  return -1;
}
// The k-th instruction of function g, counting across its blocks.
function inst(g: i32, k: i32): i32 {
  for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b))
    for (let i = vA.get(b); i >= 0; i = iNext.get(i)) { if (k == 0) return i; k--; }
  return -1;
}
// One verification with a new Verifier (kept for messages()).
let last: Verifier = new Verifier(analyses());
function verify(): bool { last = new Verifier(analyses()); return verifyModule(last); }
function messages(): string {
  let o = last.out;
  return String.UTF8.decodeUnsafe(o.buf.ptr, <usize>o.len, false);
}

describe("verifier on mutated IR", () => {
  it("accepts the unchanged module", () => {
    expect(parseText("define i32 @f(i32 %a, i64 %b, i1 %c) {\nentry:\n  %x = add i32 %a, 1\n  br i1 %c, label %t, label %e\nt:\n  br label %e\ne:\n  %p = phi i32 [ %x, %t ], [ 0, %entry ]\n  ret i32 %p\n}\n")).toBe(true);
    expect(verify()).toBe(true);
    expect(messages()).toBe("");
  });

  it("return type", () => {
    expect(parseText("define i32 @f(i32 %a, i64 %b) {\n  ret i32 %a\n}\n")).toBe(true);
    let g = fn(0);
    setOperand(inst(g, 0), 0, gFirstArg.get(g) + 1);
    expect(verify()).toBe(false);
    expect(messages()).toBe("Function return type does not match operand type of return inst!\n  ret i64 %b\n i32");
  });

  it("binary operand types", () => {
    expect(parseText("define i32 @f(i32 %a, i64 %b) {\n  %x = add i32 %a, 1\n  ret i32 %x\n}\n")).toBe(true);
    let g = fn(0);
    setOperand(inst(g, 0), 1, gFirstArg.get(g) + 1);
    expect(verify()).toBe(false);
    expect(messages()).toBe("Both operands to a binary operator are not of the same type!\n  %x = add i32 %a, i64 %b\n");
  });

  it("store to a non-pointer", () => {
    expect(parseText("define void @f(i32 %a, ptr %p) {\n  store i32 %a, ptr %p, align 4\n  ret void\n}\n")).toBe(true);
    let g = fn(0);
    setOperand(inst(g, 0), 1, gFirstArg.get(g));
    expect(verify()).toBe(false);
    expect(messages()).toBe("Store operand must be a pointer.\n  store i32 %a, i32 %a, align 4\n");
  });

  it("branch condition type", () => {
    expect(parseText("define void @f(i1 %c, i32 %a) {\nentry:\n  br i1 %c, label %t, label %t\nt:\n  ret void\n}\n")).toBe(true);
    let g = fn(0);
    setOperand(inst(g, 0), 0, gFirstArg.get(g) + 1);
    expect(verify()).toBe(false);
    expect(messages()).toBe("Branch condition is not 'i1' type!\n  br i32 %a, label %t, label %t\ni32 %a\n");
  });

  it("call argument type", () => {
    expect(parseText("declare void @g(i32)\ndefine void @f(i32 %a, i64 %b) {\n  call void @g(i32 %a)\n  ret void\n}\n")).toBe(true);
    let f = fn(1);
    setOperand(inst(f, 0), 1, gFirstArg.get(f) + 1);
    expect(verify()).toBe(false);
    expect(messages()).toBe("Call parameter type does not match function signature!\ni64 %b\n i32  call void @g(i64 %b)\n");
  });

  it("call argument count", () => {
    expect(parseText("declare void @g(i32, i32)\ndeclare void @h(i32)\ndefine void @f(i32 %a) {\n  call void @h(i32 %a)\n  ret void\n}\n")).toBe(true);
    let c = inst(fn(2), 0);
    ext.set(iExt.get(c), gValueType.get(fn(0)));   // the call now claims @g's type: one argument short
    expect(verify()).toBe(false);
    let m = messages();
    expect(m.substring(0, m.indexOf("\n"))).toBe("Incorrect number of arguments passed to called function!");
  });

  it("terminator in the middle of a block", () => {
    expect(parseText("define i32 @f(i32 %a) {\nentry:\n  %x = add i32 %a, 1\n  ret i32 %x\n}\n")).toBe(true);
    let g = fn(0);
    let u = newValue(VK.Inst, T_VOID);
    iOp.set(u, <u8>Op.Unreachable);
    insertInstBefore(inst(g, 0), u);
    expect(verify()).toBe(false);
    expect(messages()).toBe("Terminator found in the middle of a basic block!\nlabel %entry\n");
  });

  it("block without a terminator", () => {
    expect(parseText("define void @f() {\nentry:\n  br label %next\nnext:\n  ret void\n}\n")).toBe(true);
    let g = fn(0);
    unlinkInst(inst(g, 1));
    expect(verify()).toBe(false);
    expect(messages()).toBe("Basic Block in function 'f' does not have terminator!\nlabel %next\n");
  });

  it("use of an erased or unlinked instruction", () => {
    let text = "define i32 @f(i32 %a) {\n  %x = add i32 %a, 1\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n";
    expect(parseText(text)).toBe(true);
    eraseInst(inst(fn(0), 0));
    expect(verify()).toBe(false);
    let m = messages();
    expect(m.substring(0, m.indexOf("\n"))).toBe("Referring to an instruction in another function!");
    expect(parseText(text)).toBe(true);
    unlinkInst(inst(fn(0), 0));
    expect(verify()).toBe(false);
    m = messages();
    expect(m.substring(0, m.indexOf("\n"))).toBe("Referring to an instruction in another function!");
  });

  it("phi entry type", () => {
    expect(parseText("define i32 @f(i1 %c, i64 %b) {\nentry:\n  br i1 %c, label %t, label %e\nt:\n  br label %e\ne:\n  %p = phi i32 [ 1, %t ], [ 0, %entry ]\n  ret i32 %p\n}\n")).toBe(true);
    let g = fn(0);
    setOperand(inst(g, 2), 0, gFirstArg.get(g) + 1);
    expect(verify()).toBe(false);
    let m = messages();
    expect(m.substring(0, m.indexOf("\n"))).toBe("PHI node operands are not the same type as the result!");
  });

  it("cast widths", () => {
    expect(parseText("define i64 @f(i32 %a) {\n  %z = zext i32 %a to i64\n  ret i64 %z\n}\n")).toBe(true);
    let g = fn(0);
    setOperand(inst(g, 0), 0, getInt(vType.get(inst(g, 0)), 5));
    expect(verify()).toBe(false);
    expect(messages()).toBe("Type too small for ZExt\n  %z = zext i64 5 to i64\n");
  });

  it("only the broken function is reported, unnamed values numbered in it", () => {
    expect(parseText("define i32 @f(i32) {\n  ret i32 %0\n}\ndefine i32 @g(i32 %a, i64) {\n  %3 = add i32 %a, 1\n  ret i32 %3\n}\n")).toBe(true);
    setOperand(inst(fn(0), 0), 0, getInt(T_I32, 7));
    let g = fn(1);
    setOperand(inst(g, 1), 0, gFirstArg.get(g) + 1);
    expect(verify()).toBe(false);
    expect(messages()).toBe("Function return type does not match operand type of return inst!\n  ret i64 %0\n i32");
  });
});
