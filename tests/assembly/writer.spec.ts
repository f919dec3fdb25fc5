// The writer's state is one object (text/writer.ts): a Writer of one's own prints what the
// session's prints, diagnostics numbering prints into any buffer, and resetText makes a new
// session writer (nothing of the previous module's numbering survives).
import { OutBuf } from "../../assembly/util/outbuf";
import { globalCount, gKind, GK, gFirstBlock } from "../../assembly/ir/globals";
import { vA } from "../../assembly/ir/values";
import { Writer, writer } from "../../assembly/text/writer";
import { printModule, numberForDiagnostics, numberFunction, printInstructionTo } from "../../assembly/text/printer";
import { printTypedValue } from "../../assembly/text/printer-values";
import { parseFresh } from "./fresh-arena";

// unnamed struct, unnamed values, an attribute group, metadata
const MODULE = "%0 = type { i32, ptr }\n\n@0 = global %0 zeroinitializer\n\n" +
  "define i32 @f(i32 %0) #0 {\n  %2 = add i32 %0, 1, !md !0\n  br label %3\n\n3:\n  ret i32 %2\n}\n\n" +
  "attributes #0 = { nounwind }\n\n!0 = !{!\"x\"}\n";

function text(o: OutBuf): string { return String.UTF8.decodeUnsafe(o.buf.ptr, <usize>o.len, false); }
function firstDefined(): i32 {
  for (let g = 0; g < globalCount(); g++) if (<i32>gKind.get(g) == GK.Func && gFirstBlock.get(g) >= 0) return g;
  return -1;
}

describe("writer", () => {
  it("prints the same with a writer of one's own", () => {
    expect(parseFresh(MODULE)).toBe(true);
    let own = new Writer();   // first: nothing may come from the session's numbering
    let mine = text(printModule(own));
    let session = text(printModule(writer()));
    expect(session.includes("%0 = type { i32, ptr }\n")).toBe(true);
    expect(session.includes("  %2 = add i32 %0, 1, !md !0\n")).toBe(true);
    expect(session.includes("attributes #0 = { nounwind }\n")).toBe(true);
    expect(mine).toBe(session);
    expect(own.slots.groupList.len).toBe(1);
    expect(own.slots.mdOrder.len).toBe(1);
    expect(own.types.numberOf(own.types.foundStructs.get(0))).toBe(0);
  });
  it("numbers for diagnostics and prints into another buffer", () => {
    expect(parseFresh(MODULE)).toBe(true);
    let w = new Writer();
    let g = firstDefined();
    numberForDiagnostics(w); numberFunction(w, g);
    let dst = new OutBuf();
    let add = vA.get(gFirstBlock.get(g));
    printInstructionTo(w, dst, add); dst.byte(10);
    printTypedValue(w, dst, add);
    expect(text(dst)).toBe("  %2 = add i32 %0, 1, !md !0\ni32 %2");
    expect(w.out.len).toBe(0);
  });
  it("gets a new session writer from resetText", () => {
    expect(parseFresh(MODULE)).toBe(true);
    let before = writer();
    printModule(before);
    expect(parseFresh("define void @g() {\n  ret void\n}\n")).toBe(true);
    let after = writer();
    expect(changetype<usize>(after) != changetype<usize>(before)).toBe(true);
    expect(after.out.len).toBe(0);
    expect(after.slots.groupList.len).toBe(0);
    expect(after.types.foundStructs.len).toBe(0);
  });
});
