// IdMap against a plain array as the model: random ids (clustered, as value ids of one function
// are, and spread over the whole id range), overwrites, growth past many bucket counts, and
// clear() forgetting everything while the buckets stay.
import { IdMap } from "../../assembly/util/idmap";

let seed: u32 = 12345;
function rand(): u32 { seed ^= seed << 13; seed ^= seed >> 17; seed ^= seed << 5; return seed; }

const RANGE: i32 = 1 << 20;

describe("IdMap", () => {
  it("reads back what was set, absent ids give the default", () => {
    let m = new IdMap();
    expect(m.get(0, -1)).toBe(-1);
    expect(m.has(5)).toBe(false);
    m.set(0, 10); m.set(5, 20); m.set(RANGE, 30);
    expect(m.get(0, -1)).toBe(10);
    expect(m.get(5, -1)).toBe(20);
    expect(m.get(RANGE, -1)).toBe(30);
    expect(m.get(6, -7)).toBe(-7);
    expect(m.count).toBe(3);
    m.set(5, 21);
    expect(m.get(5, -1)).toBe(21);
    expect(m.count).toBe(3);
  });
  it("agrees with an array over rounds of random sets, growth and clears", () => {
    let m = new IdMap();
    let model = new Array<i32>(RANGE);
    let touched = new Array<i32>(0);
    for (let round = 0; round < 6; round++) {
      // round r sets about 4^r * 10 ids: the map grows through many sizes, and later rounds
      // start from a map with more buckets than they fill
      let n = round == 5 ? 50 : 10 << (2 * round);
      let base = <i32>(rand() % <u32>(RANGE - 70000));
      for (let k = 0; k < n; k++) {
        let id = (k & 1) == 0 ? base + <i32>(rand() % 65536) : <i32>(rand() % <u32>RANGE);
        let v = <i32>(rand() & 0x3fffffff);
        m.set(id, v);
        if (model[id] == 0) touched.push(id);
        model[id] = v + 1;
      }
      let live = 0;
      for (let k = 0; k < touched.length; k++) {
        let id = touched[k];
        expect(m.get(id, -1)).toBe(model[id] - 1);
        live++;
      }
      expect(m.count).toBe(live);
      for (let k = 0; k < 1000; k++) {
        let id = <i32>(rand() % <u32>RANGE);
        expect(m.get(id, -1)).toBe(model[id] == 0 ? -1 : model[id] - 1);
      }
      m.clear();
      expect(m.count).toBe(0);
      for (let k = 0; k < touched.length; k++) { expect(m.has(touched[k])).toBe(false); model[touched[k]] = 0; }
      touched.length = 0;
    }
  });
});
