// The comparator's number and string orders, and its order on types (FunctionComparator::cmpTypes).
import { TK, tyKind, tyA, tyN, tyFlags, listLen, listAt, TF_PACKED, TF_VARARG } from "../../ir/types";
import { strtab } from "../../ir/module";
import { cmp } from "./comparator-state";

@inline export function cmpI(l: i64, r: i64): i32 { return l < r ? -1 : l > r ? 1 : 0; }
@inline export function cmpU(l: u64, r: u64): i32 { return l < r ? -1 : l > r ? 1 : 0; }
@inline export function cmpB(l: bool, r: bool): i32 { return l == r ? 0 : (l ? 1 : -1); }

// StringRef comparison of two interned strings: size first, then bytes (cmpMem).
export function cmpMem(l: i32, r: i32): i32 {
  if (l == r) return 0;
  let res = cmpI(strtab.lenOf(l), strtab.lenOf(r));
  if (res != 0) return res;
  let c = memory.compare(strtab.ptrOf(l), strtab.ptrOf(r), <usize>strtab.lenOf(l));
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}
// StringRef::compare: bytes, then length.
export function cmpStr(l: i32, r: i32): i32 { return l == r ? 0 : strtab.compare(l, r); }


// LLVM 19's Type::TypeID order (named and literal structs are both StructTyID).
export function typeId(t: i32): i32 {
  switch (<i32>tyKind.get(t)) {
    case TK.Half: return 0; case TK.BFloat: return 1; case TK.Float: return 2; case TK.Double: return 3;
    case TK.X86FP80: return 4; case TK.FP128: return 5; case TK.PPCFP128: return 6; case TK.Void: return 7;
    case TK.Label: return 8; case TK.Metadata: return 9; case TK.X86MMX: return 10; case TK.X86AMX: return 11;
    case TK.Token: return 12; case TK.Int: return 13; case TK.Function: return 14; case TK.Ptr: return 15;
    case TK.Struct: case TK.NamedStruct: return 16; case TK.Array: return 17; case TK.Vector: return 18;
    case TK.ScalableVector: return 19; default: return 21;
  }
}

export function cmpTypes(l: i32, r: i32): i32 {
  if (<i32>tyKind.get(l) == TK.Ptr && tyA.get(l) == 0) l = cmp.intPtrTy;
  if (<i32>tyKind.get(r) == TK.Ptr && tyA.get(r) == 0) r = cmp.intPtrTy;
  if (l == r) return 0;
  let res = cmpI(typeId(l), typeId(r));
  if (res != 0) return res;
  let k = <i32>tyKind.get(l);
  switch (k) {
    case TK.Int: case TK.Ptr: return cmpI(tyA.get(l), tyA.get(r));
    case TK.Struct: case TK.NamedStruct: {
      let n = listLen(l);
      if (n != listLen(r)) return cmpI(n, listLen(r));
      let pl = (tyFlags.get(l) & TF_PACKED) != 0, pr = (tyFlags.get(r) & TF_PACKED) != 0;
      if (pl != pr) return cmpB(pl, pr);
      for (let i = 0; i < n; i++) { res = cmpTypes(listAt(l, i), listAt(r, i)); if (res != 0) return res; }
      return 0;
    }
    case TK.Function: {
      let n = listLen(l);
      if (n != listLen(r)) return cmpI(n, listLen(r));
      let vl = (tyFlags.get(l) & TF_VARARG) != 0, vr = (tyFlags.get(r) & TF_VARARG) != 0;
      if (vl != vr) return cmpB(vl, vr);
      res = cmpTypes(tyA.get(l), tyA.get(r)); if (res != 0) return res;
      for (let i = 0; i < n; i++) { res = cmpTypes(listAt(l, i), listAt(r, i)); if (res != 0) return res; }
      return 0;
    }
    case TK.Array: case TK.Vector: case TK.ScalableVector: {
      if (tyN.get(l) != tyN.get(r)) return cmpI(tyN.get(l), tyN.get(r));
      return cmpTypes(tyA.get(l), tyA.get(r));
    }
    case TK.TargetExt: {
      // LLVM 19 has no order for these (unreachable); any consistent order will do.
      res = cmpStr(tyA.get(l), tyA.get(r)); if (res != 0) return res;
      let n = listLen(l);
      if (n != listLen(r)) return cmpI(n, listLen(r));
      for (let i = 0; i < n; i++) { res = cmpI(listAt(l, i), listAt(r, i)); if (res != 0) return res; }
      return cmpI(tyN.get(l), tyN.get(r));
    }
    default: return 0;
  }
}
