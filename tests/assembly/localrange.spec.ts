// LocalRange maps a function's local values to dense indexes: its arguments first, then its body's
// id range. A bitcode-read function's arguments lie far below its body (they are made with the
// prototype): the indexes must stay as many as the function's values, not span the gap.
import { LocalRange } from "../../assembly/ir/query";

describe("LocalRange", () => {
  it("indexes arguments and body apart, however far apart their ids are", () => {
    let r = new LocalRange();
    r.argLo = 100; r.nArgs = 3; r.lo = 5000000; r.hi = 5000009;
    expect(r.size).toBe(13);
    expect(r.index(100)).toBe(0);
    expect(r.index(102)).toBe(2);
    expect(r.index(5000000)).toBe(3);
    expect(r.index(5000009)).toBe(12);
    expect(r.index(103)).toBe(-1);
    expect(r.index(99)).toBe(-1);
    expect(r.index(4999999)).toBe(-1);
    expect(r.index(5000010)).toBe(-1);
  });
  it("gives the text parser's layout (arguments just before the body) the indexes of one range", () => {
    let r = new LocalRange();
    r.argLo = 40; r.nArgs = 2; r.lo = 42; r.hi = 50;
    for (let v = 40; v <= 50; v++) expect(r.index(v)).toBe(v - 40);
    expect(r.size).toBe(11);
  });
  it("a function without a body or without arguments", () => {
    let r = new LocalRange();
    r.argLo = 7; r.nArgs = 2; r.lo = 0; r.hi = -1;
    expect(r.size).toBe(2);
    expect(r.index(0)).toBe(-1);
    expect(r.index(8)).toBe(1);
    r.argLo = -1; r.nArgs = 0; r.lo = 10; r.hi = 12;
    expect(r.index(-1)).toBe(-1);
    expect(r.index(11)).toBe(1);
    expect(r.size).toBe(3);
  });
});
