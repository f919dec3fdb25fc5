// The reader's checks of whole debug-info nodes (LLParser's parseDI* functions past their fields):
// the nodes that must be written distinct, DIFile's checksum pair, a negative unsigned enumerator,
// LLVM 22's compile-unit language fields; and a DIExpression's elements (parseDIExpressionBody).
import { lx, T, next } from "./lexer";
import { rd } from "./reader";
import { strtab, strtabString } from "../ir/module";
import { llvmVersion } from "../ir/version";
import { error, errorAt } from "./pstate";
import { dif, readIntToken } from "./parse-di-fields";
import { spFlags } from "./parse-di-canon";
import { DWARF_NAMES } from "../ir/dwarf-names";

// At the class name (the current token), before its fields: the classes opt wants distinct
// before it reads them.
export function diDistinctBefore(cls: i32, distinct: bool): bool {
  if (distinct) return true;
  if (strtab.eqStr(cls, "DICompileUnit")) return error("missing 'distinct', required for !DICompileUnit");
  if (strtab.eqStr(cls, "DIAssignID")) return error("missing 'distinct', required for !DIAssignID()");
  return true;
}

// After the node's fields (rd.mdStack from `base`: name, kind, value triples, as given) and its
// ')': the current token is the one after it; clsOff is where the class name starts.
export function diNodeAfter(cls: i32, base: i32, clsOff: i32, distinct: bool): bool {
  let n = (rd.mdStack.len - base) / 3;
  if (strtab.eqStr(cls, "DIFile")) {
    let kind = has(base, n, "checksumkind"), sum = has(base, n, "checksum");
    if (kind != sum) return error("'checksumkind' and 'checksum' must be provided together");
    return true;
  }
  if (strtab.eqStr(cls, "DIEnumerator")) {
    let u = valueOf(base, n, "isUnsigned"), v = valueOf(base, n, "value");
    if (u >= 0 && strtab.eqStr(u, "true") && v >= 0 && negativeText(v)) return error("unsigned enumerator with negative value");
    return true;
  }
  if (strtab.eqStr(cls, "DISubprogram")) {
    if (!distinct && (spFlags(base, n) & 8) != 0) {
      return errorAt("missing 'distinct', required for !DISubprogram that is a Definition", clsOff);
    }
    return true;
  }
  if (llvmVersion >= 22 && strtab.eqStr(cls, "DICompileUnit")) {
    let lang = has(base, n, "language"), name = has(base, n, "sourceLanguageName");
    let at = clsOff;
    if (!lang && !name) return errorAt("missing one of 'language' or 'sourceLanguageName', required for !DICompileUnit", at);
    if (lang && name) return errorAt("can only specify one of 'language' and 'sourceLanguageName' on !DICompileUnit", at);
    if (has(base, n, "sourceLanguageVersion") && !name) {
      return errorAt("'sourceLanguageVersion' requires an associated 'sourceLanguageName' on !DICompileUnit", at);
    }
  }
  return true;
}

function find(base: i32, n: i32, name: string): i32 {
  let st = rd.mdStack;
  for (let i = 0; i < n; i++) if (strtab.eqStr(st.get(base + 3 * i), name)) return i;
  return -1;
}
@inline function has(base: i32, n: i32, name: string): bool { return find(base, n, name) >= 0; }
// A raw field's text id, or -1.
function valueOf(base: i32, n: i32, name: string): i32 {
  let i = find(base, n, name);
  return i < 0 ? -1 : rd.mdStack.get(base + 3 * i + 2);
}
// An integer's text that is negative: `-N` with N not zero, or s0x with its top bit set.
function negativeText(t: i32): bool {
  let p = strtab.ptrOf(t), len = strtab.lenOf(t);
  if (len < 2) return false;
  let c0 = <i32>load<u8>(p);
  if (c0 == 45) {
    for (let i = 1; i < len; i++) { let c = <i32>load<u8>(p + <usize>i); if (c >= 49 && c <= 57) return true; }
    return false;
  }
  if (c0 == 115 && len > 3 && load<u8>(p + 1) == 48 && load<u8>(p + 2) == 120) {
    let h = <i32>load<u8>(p + 3);
    let d = h <= 57 ? h - 48 : (h | 32) - 87;
    return d >= 8;
  }
  return false;
}

// parseDIExpressionBody after its '(' (the current token is the first element or ')'): elements
// are DW_OP_* names, DW_ATE_* names and unsigned 64-bit integers, separated by commas. Stops at
// the ')' (not consumed), or false after an error.
export function checkDIExpressionBody(): bool {
  if (lx.tok == T.RParen) return true;
  while (true) {
    if (lx.tok == T.Word && strtab.startsWithStr(lx.tokStr, "DW_OP_")) {
      if (!knownName(lx.tokStr)) return error("invalid DWARF op '" + strtabString(lx.tokStr) + "'");
      next();
    } else if (lx.tok == T.Word && strtab.startsWithStr(lx.tokStr, "DW_ATE_")) {
      if (!knownName(lx.tokStr)) return error("invalid DWARF attribute encoding '" + strtabString(lx.tokStr) + "'");
      next();
    } else {
      if (lx.tok != T.Int) return error("expected unsigned integer");
      readIntToken();
      if (rd.intSigned) return error("expected unsigned integer");
      if (rd.intOver) return error("element too large, limit is 18446744073709551615");
      next();
    }
    if (lx.tok != T.Comma) break;
    next();
  }
  return lx.tok == T.RParen || error("expected ')' here");
}
// A DW_OP_/DW_ATE_ name opt's Dwarf tables know (operators by any name of Dwarf.def, whether or
// not an expression may use them).
function knownName(w: i32): bool {
  let names = dif.dwarfNames;
  if (names.size == 0) {
    for (let k = 0; k < DWARF_NAMES.length; k++) {
      let e = unchecked(DWARF_NAMES[k]);
      names.add(strtab.internStr(e.substring(0, e.lastIndexOf(":"))));
    }
  }
  return names.has(w);
}
