// The verifier's checks of string function attributes LLVM 22 added to verifyFunctionAttrs, after
// those of attrs.ts: "modular-format" (its field count and first-argument index) and
// "target-features" (comma-separated entries, each starting with + or -).
import { strtab } from "../../ir/module";
import { tyFlags, TF_VARARG, listLen } from "../../ir/types";
import { AT, setSize, setTag, setKey, setV0 } from "../../ir/attributes";
import { vr } from "./state";

function strAttrValue(set: i32, name: string): i32 {
  let n = setSize(set);
  for (let i = 0; i < n; i++) {
    if (setTag(set, i) == AT.String && strtab.eqStr(setKey(set, i), name)) return setV0(set, i);
  }
  return -2;
}
// The byte at `at` of string s.
@inline function byteAt(s: i32, at: i32): i32 { return <i32>load<u8>(strtab.ptrOf(s) + <usize>at); }

// fs: the function attribute set of a function or call site of function type ft; v is printed
// with the messages. False when a check failed.
export function verifyStringFnAttrs(ft: i32, fs: i32, v: i32): bool {
  let mf = strAttrValue(fs, "modular-format");
  if (mf != -2 && !checkModularFormat(ft, mf, v)) return false;
  let tf = strAttrValue(fs, "target-features");
  if (tf >= 0 && !checkTargetFeatures(tf, v)) return false;
  return true;
}

// "type,fmt-index,first-arg-index,module,impl[,aspects...]": at least five fields; the third a
// 1-based parameter number (one past the last for a variadic function).
function checkModularFormat(ft: i32, s: i32, v: i32): bool {
  let n = s < 0 ? 0 : strtab.lenOf(s);
  let fields = 1, from = -1, to = n;
  for (let j = 0; j < n; j++) {
    if (byteAt(s, j) != 44) continue;
    fields++;
    if (fields == 3) from = j + 1;
    else if (fields == 4) to = j;
  }
  if (fields < 5) { vr.bad("modular-format attribute requires at least 5 arguments", v); return false; }
  // StringRef::getAsInteger(10, unsigned)
  let ok = to > from;
  let idx: u64 = 0;
  for (let j = from; j < to && ok; j++) {
    let c = byteAt(s, j);
    if (c < 48 || c > 57) { ok = false; break; }
    idx = idx * 10 + <u64>(c - 48);
    if (idx > 0xffffffff) ok = false;
  }
  if (!ok) { vr.bad("modular-format attribute first arg index is not an integer", v); return false; }
  let bound = <u64>listLen(ft) + ((tyFlags.get(ft) & TF_VARARG) != 0 ? 1 : 0);
  if (idx == 0 || idx > bound) { vr.bad("modular-format attribute first arg index is out of bounds", v); return false; }
  return true;
}

function checkTargetFeatures(s: i32, v: i32): bool {
  let n = strtab.lenOf(s);
  if (n == 0) return true;
  let start = 0;
  for (let j = 0; j <= n; j++) {
    if (j < n && byteAt(s, j) != 44) continue;
    if (j == start) { vr.fail("target-features attribute should not contain an empty string"); return false; }
    let c = byteAt(s, start);
    if (c != 43 && c != 45) {
      let piece = String.UTF8.decodeUnsafe(strtab.ptrOf(s) + <usize>start, <usize>(j - start), false);
      vr.fail("target feature '" + piece + "' must start with a '+' or '-'");
      vr.w(v);
      return false;
    }
    start = j + 1;
  }
  return true;
}
