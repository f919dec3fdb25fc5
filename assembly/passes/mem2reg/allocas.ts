// The allocas one PromoteMemToReg call promotes past its fast paths (PromoteMem2Reg's Allocas,
// AllocaLookup, AllocaDbgUsers and AllocaATInfo): their list, numbered as LLVM numbers them (a finished alloca
// is replaced by the last one, which fixes the alloca numbers and so the order of phis in a
// block), the number of each, and the debug users and tracked assignments (#dbg_assign) of each. The promoter fills it, the renamer
// reads it.
import { I32Vec } from "../../util/vec";
import { IdMap } from "../../util/idmap";
import { iExt } from "../../ir/values";

// The type alloca ai allocates.
@inline export function allocatedType(ai: i32): i32 { return iExt.get(ai); }

@final export class PromotedAllocas {
  list: I32Vec = new I32Vec();
  private lookup: IdMap = new IdMap();          // alloca -> index in `list`
  private dbgStart: I32Vec = new I32Vec();      // alloca index -> its debug users in dbgPool
  private dbgLen: I32Vec = new I32Vec();
  private dbgPool: I32Vec = new I32Vec();
  private asgStart: I32Vec = new I32Vec();      // alloca index -> its #dbg_assign records in asgPool
  private asgLen: I32Vec = new I32Vec();
  asgPool: I32Vec = new I32Vec();

  // A new promotion of the allocas in `list`: none numbered, none with debug users.
  begin(): void {
    this.lookup.clear();
    let n = this.list.len, dbgStart = this.dbgStart, dbgLen = this.dbgLen;
    let asgStart = this.asgStart, asgLen = this.asgLen;
    this.dbgPool.clear(); this.asgPool.clear();
    dbgStart.fit(n, 0); dbgLen.fit(n, 0); asgStart.fit(n, 0); asgLen.fit(n, 0);
    for (let k = 0; k < n; k++) { dbgStart.set(k, 0); dbgLen.set(k, 0); asgStart.set(k, 0); asgLen.set(k, 0); }
  }
  // Alloca number `num` is done with: the last one takes its place.
  removeAt(num: i32): void {
    let list = this.list;
    let last = list.len - 1;
    list.set(num, list.get(last));
    list.len = last;
  }
  // Alloca ai, number `num`, goes to the renamer with the debug users `users` and the tracked
  // assignments `assigns`.
  number(ai: i32, num: i32, users: I32Vec, assigns: I32Vec): void {
    let dbgPool = this.dbgPool, asgPool = this.asgPool;
    this.dbgStart.set(num, dbgPool.len); this.dbgLen.set(num, users.len);
    for (let k = 0; k < users.len; k++) dbgPool.push(users.get(k));
    this.asgStart.set(num, asgPool.len); this.asgLen.set(num, assigns.len);
    for (let k = 0; k < assigns.len; k++) asgPool.push(assigns.get(k));
    this.lookup.set(ai, num);
  }
  // The number of v among the allocas being promoted (AllocaLookup), or -1.
  @inline numOf(v: i32): i32 { return v < 0 ? -1 : this.lookup.get(v, -1); }
  // The debug users of alloca number `num`: dbgUser(k) for k from dbgUsersStart, dbgUsersLen of them.
  @inline dbgUsersStart(num: i32): i32 { return this.dbgStart.get(num); }
  @inline dbgUsersLen(num: i32): i32 { return this.dbgLen.get(num); }
  @inline dbgUser(k: i32): i32 { return this.dbgPool.get(k); }
  // The tracked assignments of alloca number `num`: asgPool[assignsStart, + assignsLen).
  @inline assignsStart(num: i32): i32 { return this.asgStart.get(num); }
  @inline assignsLen(num: i32): i32 { return this.asgLen.get(num); }
  // Every debug user, for the final clean-up.
  @inline get dbgUsers(): I32Vec { return this.dbgPool; }
}
