// Interns short i32 lists: equal lists get equal ids. Used for attribute sets, attribute lists
// and constant keys, so that structural equality is id equality.
import { I32Vec } from "./vec";
import { Interner } from "./intern";

@final export class ListInterner extends Interner<i32> {
  // lists: the expected number of lists of `width` elements (the table is then not grown until
  // there are more)
  constructor(lists: i32 = 64, width: i32 = 4) {
    let slots = 256;
    while (slots < 2 * lists + 2) slots <<= 1;
    super(lists > 64 ? lists * width : 256, lists, slots);
  }
  @inline at(id: i32, i: i32): i32 { return this.pool.get(this.start.get(id) + i); }
  internVec(v: I32Vec, from: i32, n: i32): i32 { return this.intern(v.ptr + (<usize>from << 2), n); }
}
