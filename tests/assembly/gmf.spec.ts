// The pieces of global-merge-func that do not need a module: the DenseMap layout model
// (assembly/util/densemap.ts) and LLVM's stable names (util/stable-name.ts).
// The iteration order (0,0), (0,2), (1,2), (0,1), (1,1) is what opt-22 prints with
// -passes='print<structural-hash><call-target-ignored>' for a function whose two calls record
// those five operands in ascending order.
import { PairMap, u64MapOrder } from "../../assembly/util/densemap";
import { stableNameSpan } from "../../assembly/util/stable-name";
import { I64Vec } from "../../assembly/util/vec";

function order(m: PairMap): string {
  let s = "";
  for (let b = 0; b < m.numBuckets; b++) if (m.isLive(b)) s += "(" + m.keyA.get(b).toString() + "," + m.keyB.get(b).toString() + ")";
  return s;
}
function stable(name: string): string {
  let b = String.UTF8.encode(name, false);
  let span = stableNameSpan(changetype<usize>(b), b.byteLength);
  return String.UTF8.decodeUnsafe(changetype<usize>(b) + <usize>(span >> 32), <usize>(span & 0xffffffff), false);
}

describe("gmf DenseMap model", () => {
  it("iterates (instruction, operand) keys in opt-22's order", () => {
    let m = new PairMap();
    m.insert(0, 0, 0); m.insert(0, 1, 1); m.insert(0, 2, 2); m.insert(1, 1, 3); m.insert(1, 2, 4);
    expect(order(m)).toBe("(0,0)(0,2)(1,2)(0,1)(1,1)");
    expect(m.numBuckets).toBe(64);
  });
  it("keeps the first value, grows at 3/4 and leaves tombstones", () => {
    let m = new PairMap();
    for (let i = 0; i < 47; i++) m.insert(i, 0, <u64>i);
    expect(m.numBuckets).toBe(64);
    m.insert(47, 0, 47);
    expect(m.numBuckets).toBe(128);
    m.insert(3, 0, 99);
    expect(m.val.get(m.find(3, 0))).toBe(3);
    expect(m.erase(3, 0)).toBe(true);
    expect(m.find(3, 0)).toBe(-1);
    expect(m.numEntries).toBe(47);
    expect(m.numTombstones).toBe(1);
  });
  it("orders u64 keys the same whatever else was inserted before", () => {
    let keys = new I64Vec(4);
    keys.push(1); keys.push(2); keys.push(3);
    let o = u64MapOrder(keys);
    expect(o.len).toBe(3);
    let seen = 0;
    for (let i = 0; i < o.len; i++) seen |= 1 << o.get(i);
    expect(seen).toBe(7);
  });
});

describe("gmf stable names", () => {
  it("drops .llvm. and .__uniq. suffixes and keeps what follows .content.", () => {
    expect(stable("foo.llvm.123")).toBe("foo");
    expect(stable("foo.__uniq.99")).toBe("foo");
    expect(stable("foo.__uniq.1.llvm.2")).toBe("foo");
    expect(stable("a.content.body")).toBe("body");
    expect(stable("a.content.")).toBe("a.content.");
    expect(stable("plain")).toBe("plain");
    expect(stable("x.llvm.1.llvm.2")).toBe("x.llvm.1");
    expect(stable("x.content.a.content.b.llvm.1")).toBe("b.llvm.1");
  });
});
