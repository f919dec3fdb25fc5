// XXH3-64 as LLVM 22's stable_hash_combine uses it (assembly/util/xxh3.ts), checked against the
// function hashes opt-22 prints with -passes='print<structural-hash>': a function of one i32
// argument whose single block holds n `add`s and a `ret` hashes the words [4, function header,
// varargs 0, 1 argument, block header, stable hash of opcode 13 (add) n times, of opcode 1 (ret)].
// The lengths reach every XXH3 path wopt needs: 8 bytes (each opcode), 17..128, 129..240, and
// more than 240 bytes over one and several 1 KiB blocks.
import { stableHashCombine, stableHash1 } from "../../assembly/util/xxh3";

const NS: i32[] = [10, 14, 20, 26, 30, 40, 127, 128, 129, 200, 300];
const HASHES: u64[] = [
  0x351c32713e17ce5a, 0xcdc09d14dce0e813, 0xed67ee77a7a282af, 0x22b41fdb49532846, 0x607112acb412b600,
  0x0799bef8f3755c42, 0xe8392a80512ae459, 0x3f58272c17ef74c1, 0x44088603d9750672, 0x1818a78d3297aae2,
  0x5474a8858219b15a,
];

function functionWords(args: u64, adds: i32): StaticArray<u64> {
  let w = new StaticArray<u64>(6 + adds);
  w[0] = 4; w[1] = 0x62642d6b6b2d6b72; w[2] = 0; w[3] = args; w[4] = 45798;
  for (let i = 0; i < adds; i++) w[5 + i] = stableHash1(13);
  w[5 + adds] = stableHash1(1);
  return w;
}

describe("xxh3 (stable_hash_combine)", () => {
  it("matches opt-22's structural hashes", () => {
    for (let k = 0; k < NS.length; k++) {
      let w = functionWords(1, NS[k]);
      expect(stableHashCombine(changetype<usize>(w), w.length)).toBe(HASHES[k], "adds " + NS[k].toString());
    }
  });
  it("matches a two-argument function of three adds", () => {
    let w = functionWords(2, 3);
    expect(stableHashCombine(changetype<usize>(w), w.length)).toBe(0xff2d094ab96b97e9);
  });
});
