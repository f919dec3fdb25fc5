// The pass table: a pass added with one registration runs from pipeline text with its declared
// options, at module level through a function adaptor, and in function(...) groups; option names
// and values are checked against the table.
import { parseFresh } from "./fresh-arena";
import { registerPass, passTable } from "../../assembly/pipeline/table";
import { runPasses, passOutputText, passError, resetPasses } from "../../assembly/pipeline/runner";
import { Level } from "../../assembly/passes/registry";
import { countInstructionsPass } from "./count-pass";

const MODULE = `
define i32 @small(i32 %a) {
  ret i32 %a
}
define i32 @large(i32 %a, i1 %c) {
entry:
  %x = add i32 %a, 1
  br i1 %c, label %t, label %f
t:
  %y = mul i32 %x, 3
  ret i32 %y
f:
  ret i32 %x
}
declare void @ext()
`;

function run(text: string): i32 {
  let b = String.UTF8.encode(text, false);
  return runPasses(changetype<usize>(b), b.byteLength);
}
function output(): string { let o = passOutputText(); return String.UTF8.decodeUnsafe(o.buf.ptr, <usize>o.len, false); }

describe("pass table", () => {
  it("runs a pass added by one registration, with its declared option and default", () => {
    expect(parseFresh(MODULE)).toBe(true);
    resetPasses();
    registerPass(countInstructionsPass());
    expect(run("count-instructions")).toBe(0);
    expect(output()).toBe("small: 1 instructions\nlarge: 5 instructions\n");
    expect(run("count-instructions|count-min=2")).toBe(0);
    expect(output()).toBe("large: 5 instructions\n");
    expect(run("function(count-instructions,count-instructions)|count-min=5")).toBe(0);
    expect(output()).toBe("large: 5 instructions\nlarge: 5 instructions\n");
    expect(run("mem2reg,count-instructions|count-min=5")).toBe(0);
    expect(output()).toBe("large: 5 instructions\n");
  });

  it("checks option names and values against the table", () => {
    expect(parseFresh(MODULE)).toBe(true);
    resetPasses();
    registerPass(countInstructionsPass());
    expect(run("count-instructions|count-min=x")).toBe(1);
    expect(passError()).toBe("for the -count-min option: 'x' value invalid for uint argument!");
    expect(run("count-instructions|no-such-option=1")).toBe(1);
    expect(passError()).toBe("unknown pass option 'no-such-option'");
    expect(run("mergefunc|mergefunc-use-aliases=maybe")).toBe(1);
    expect(passError()).toBe("for the -mergefunc-use-aliases option: 'maybe' is invalid value for boolean argument! Try 0 or 1");
    expect(run("debugify|debugify-level=everything")).toBe(1);
    expect(passError()).toBe("for the -debugify-level option: Cannot find option named 'everything'!");
  });

  it("is gone after the layer's reset, like every other table", () => {
    resetPasses();
    expect(parseFresh(MODULE)).toBe(true);
    expect(run("count-instructions")).toBe(2);
    expect(passError()).toBe("count-instructions");
  });

  it("lists each pass once per level, analyses apart", () => {
    resetPasses();
    let t = passTable();
    for (let i = 0; i < t.length; i++)
      for (let j = i + 1; j < t.length; j++)
        expect(t[i].name == t[j].name && t[i].level == t[j].level && t[i].analysis == t[j].analysis).toBe(false);
    let analyses = 0;
    for (let i = 0; i < t.length; i++) if (t[i].analysis && t[i].level == Level.Function) analyses++;
    expect(analyses).toBe(3);
  });
});
