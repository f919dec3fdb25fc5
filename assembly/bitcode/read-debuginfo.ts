// The debug-info node records of METADATA_BLOCK (DIFile, DICompileUnit, DISubprogram, the types,
// variables, scopes, ...): each becomes the MK.Node the text parser makes of the node opt prints for
// it, with the fields opt's printer writes, in its order, skipping what it skips (zero integers,
// null operands, empty strings, default booleans), and the values in the text opt prints (names
// for tags, languages, encodings and flags; quoted, escaped strings). A module read from bitcode
// thus prints what opt prints for it, and the passes and the verifier find the fields they look up
// by name. Record layouts: those LLVM 19 to 22 write, and the older ones LLVM 22 still reads where
// the upgrade is a matter of field positions (old DISubprogram flags, DIGlobalVariable versions 0 and 1,
// DILocalVariable with its tag, DINamespace with file and line, DIModule without file).
import { I32Vec, I64Vec } from "../util/vec";
import { strtab } from "../ir/module";
import { llvmVersion } from "../ir/version";
import { MK, MDF_DISTINCT, newMD, mdKind, mdFlags, mdA, mdPool, mdNOps, FV_MD, FV_RAW } from "../ir/metadata";
import { vKind, VK, vA } from "../ir/values";
import { intSExt64, intLow64 } from "../ir/constants";
import { gMD } from "../ir/globals";
import { addAttachment, MDK_DBG } from "../ir/metadata";
import { internDecimal } from "../ir/debuginfo";
import { reading } from "../ir/module-reading";
import { mdAt, defineNode } from "./read-refs";
import { br, bad } from "./read-state";
import {
  TAG_CODES, TAG_NAMES_19, TAG_NAMES_22, LANG_CODES, LANG_NAMES_19, LANG_NAMES_22, LNAME_CODES, LNAME_NAMES_19,
  LNAME_NAMES_22, ATE_CODES, ATE_NAMES_19, ATE_NAMES_22, CC_CODES, CC_NAMES_19, CC_NAMES_22, ENUMKIND_CODES,
  ENUMKIND_NAMES_19, ENUMKIND_NAMES_22, MACINFO_CODES, MACINFO_NAMES_19, MACINFO_NAMES_22, DIFLAG_BITS_19,
  DIFLAG_NAMES_19, DIFLAG_BITS_22, DIFLAG_NAMES_22, SPFLAG_BITS_19, SPFLAG_NAMES_19, SPFLAG_BITS_22, SPFLAG_NAMES_22,
} from "../ir/dwarf-names";
import { bs } from "./bitstream";
import {
  F_LINE, F_COLUMN, F_SCOPE, F_INLINED, F_IMPLICIT, F_ATOMGROUP, F_ATOMRANK, F_HEADER, F_NAME,
  F_FILE, F_BASETYPE, F_SIZE, F_ALIGN, F_FLAGS, F_LOWER, F_UPPER, F_STRIDE, F_BIAS, F_COUNT,
  F_VALUE, F_ISUNSIGNED, F_DATASIZE, F_ENCODING, F_EXTRAINHAB, F_KIND, F_FACTOR, F_NUMERATOR,
  F_DENOMINATOR, F_STRLEN, F_STRLENEXP, F_STRLOCEXP, F_OFFSET, F_EXTRADATA, F_DWARFAS,
  F_ANNOTATIONS, F_PAKEY, F_PAADDR, F_PAEXTRA, F_PAISA, F_PANULL, F_ELEMENTS, F_RUNTIMELANG,
  F_ENUMKIND, F_VTABLE, F_TEMPLATEPARAMS, F_IDENTIFIER, F_DISCRIMINATOR, F_DATALOC, F_ASSOCIATED,
  F_ALLOCATED, F_RANK, F_SPECIFICATION, F_BITSTRIDE, F_CC, F_TYPES, F_FILENAME, F_DIRECTORY,
  F_CSKIND, F_CHECKSUM, F_SOURCE, F_LANGUAGE, F_LNAME, F_LVERSION, F_PRODUCER, F_ISOPT,
  F_RUNTIMEVERSION, F_SPLITFILE, F_EMISSION, F_ENUMS, F_RETAINEDTYPES, F_GLOBALS, F_IMPORTS,
  F_MACROS, F_DWOID, F_SPLITINLINING, F_PROFILING, F_NAMETABLE, F_RANGESBASE, F_SYSROOT, F_SDK,
  F_LINKAGENAME, F_TYPE, F_ISLOCAL, F_ISDEF, F_SCOPELINE, F_CONTAINING, F_VIRTUALINDEX, F_THISADJ,
  F_SPFLAGS, F_UNIT, F_DECLARATION, F_RETAINEDNODES, F_THROWN, F_TARGETFUNC, F_KEYINST,
  F_EXPORTSYMBOLS, F_CONFIGMACROS, F_INCLUDEPATH, F_APINOTES, F_ISDECL, F_DEFAULTED, F_VAR, F_EXPR,
  F_ARG, F_ISARTIFICIAL, F_CORO, F_SETTER, F_GETTER, F_ATTRIBUTES, F_ENTITY, F_NODES, F_OPERANDS,
  C_LOCATION, C_SUBRANGE, C_GENERICSUBRANGE, C_ENUMERATOR, C_BASIC, C_FIXED, C_STRING, C_DERIVED,
  C_SUBRANGETYPE, C_COMPOSITE, C_SUBROUTINE, C_FILE, C_CU, C_SUBPROGRAM, C_LEXBLOCK,
  C_LEXBLOCKFILE, C_COMMON, C_NAMESPACE, C_MACRO, C_MACROFILE, C_MODULE, C_TTYPE, C_TVALUE,
  C_GLOBALVAR, C_LOCALVAR, C_LABEL, C_OBJCPROP, C_IMPORTED, C_ASSIGNID, C_GVE, C_GENERIC,
  W_EMISSION, W_NAMETABLE, W_CSK, W_FIXEDKIND, T_LANG, T_LNAME, T_ATE, T_CC, T_ENUMKIND, T_MACINFO,
  nm, addRaw, addMD, intText, addU, addS, addBool, opMD, u, fMD, fU, fS, fStr, codes, names,
  enumText, fEnum, fTag, flagsText, fFlags, fSizeOp, fBound, fExprBound,
} from "./read-di-values";

// Record codes (LLVMBitCodes.h MetadataCodes).
export const GENERIC_DEBUG = 12, SUBRANGE = 13, ENUMERATOR = 14, BASIC_TYPE = 15, FILE = 16, DERIVED_TYPE = 17,
  COMPOSITE_TYPE = 18, SUBROUTINE_TYPE = 19, COMPILE_UNIT = 20, SUBPROGRAM = 21, LEXICAL_BLOCK = 22,
  LEXICAL_BLOCK_FILE = 23, NAMESPACE = 24, TEMPLATE_TYPE = 25, TEMPLATE_VALUE = 26, GLOBAL_VAR = 27, LOCAL_VAR = 28,
  OBJC_PROPERTY = 30, IMPORTED_ENTITY = 31, MODULE = 32, MACRO = 33, MACRO_FILE = 34, GLOBAL_VAR_EXPR = 37,
  LABEL = 40, STRING_TYPE = 41, COMMON_BLOCK = 44, GENERIC_SUBRANGE = 45, ASSIGN_ID = 47, SUBRANGE_TYPE = 48,
  FIXED_POINT_TYPE = 49;

// ---- building the node ----
function finish(cls: i32, distinct: bool): bool {
  if (br.failedOp) { br.fields.clear(); return false; }
  let m = newMD(MK.Node, nm(cls));
  for (let i = 0; i < br.fields.len; i++) mdPool.push(br.fields.get(i));
  mdNOps.set(m, br.fields.len / 3);
  br.fields.clear();
  if (distinct) mdFlags.set(m, <u8>MDF_DISTINCT);
  let d = defineNode(m);
  if (d < 0) return false;
  if (cls == C_COMPOSITE) reading.odrTypes.push(d);
  return true;
}
function need(min: i32, max: i32): bool {
  if (bs.ops.len < min || bs.ops.len > max) return bad("Invalid record");
  return true;
}

// Reads one debug-info node record; false (with the error set) on a malformed one.
export function readDINode(code: i32): bool {
  br.fields.clear();
  br.failedOp = false;
  let n = bs.ops.len;
  if (n < 1) return bad("Invalid record");
  let r0 = u(0);
  let distinct = (r0 & 1) != 0;
  switch (code) {
    case SUBRANGE: {
      let version = r0 >> 1;
      if (n < 3) return bad("Invalid record");
      if (version == 0) { addS(F_COUNT, bs.ops.get(1)); addS(F_LOWER, unrotate(u(2))); }
      else if (version == 1) { fBound(F_COUNT, 1); addS(F_LOWER, unrotate(u(2))); }
      else if (version == 2) { if (n < 5) return bad("Invalid record"); fBound(F_COUNT, 1); fBound(F_LOWER, 2); fBound(F_UPPER, 3); fBound(F_STRIDE, 4); }
      else return bad("Invalid record: Unsupported version of DISubrange");
      return finish(C_SUBRANGE, distinct);
    }
    case GENERIC_SUBRANGE: {
      if (!need(5, 5)) return false;
      fExprBound(F_COUNT, 1); fExprBound(F_LOWER, 2); fExprBound(F_UPPER, 3); fExprBound(F_STRIDE, 4);
      return finish(C_GENERICSUBRANGE, distinct);
    }
    case ENUMERATOR: {
      if (n < 3) return bad("Invalid record");
      let isUnsigned = (r0 & 2) != 0, big = (r0 & 4) != 0;
      fStr(F_NAME, 2, true);
      if (big) { if (!enumValue(u(1), isUnsigned)) return false; }
      else addRaw(F_VALUE, isUnsigned ? intText(<u64>unrotate(u(1)), false) : sText(unrotate(u(1))));
      if (isUnsigned) addBool(F_ISUNSIGNED, true);
      return finish(C_ENUMERATOR, distinct);
    }
    case BASIC_TYPE: {
      if (!need(6, 12)) return false;
      let tag = u(1);
      if (tag != 0x24) fTag(tag);
      fStr(F_NAME, 2);
      fSizeOp(F_SIZE, 3, (r0 & 2) != 0);
      fU(F_ALIGN, u(4));
      fU(F_DATASIZE, u(8));
      fEnum(F_ENCODING, T_ATE, u(5));
      fU(F_EXTRAINHAB, u(7));
      fFlags(u(6));
      return finish(C_BASIC, distinct);
    }
    case FIXED_POINT_TYPE: return readFixedPoint(distinct);
    case STRING_TYPE: {
      if (!need(8, 9)) return false;
      let tag = u(1);
      if (tag != 0x12) fTag(tag);
      fStr(F_NAME, 2);
      fMD(F_STRLEN, opMD(3)); fMD(F_STRLENEXP, opMD(4));
      let off = n == 8 ? 5 : 6;
      if (n == 9) fMD(F_STRLOCEXP, opMD(5));
      fSizeOp(F_SIZE, off, (r0 & 2) != 0);
      fU(F_ALIGN, u(off + 1));
      fEnum(F_ENCODING, T_ATE, u(off + 2));
      return finish(C_STRING, distinct);
    }
    case DERIVED_TYPE: {
      if (!need(12, 15)) return false;
      let tag = u(1), sizeMD = (r0 & 2) != 0;
      fTag(tag);
      fStr(F_NAME, 2);
      fMD(F_SCOPE, opMD(5));
      fMD(F_FILE, opMD(3));
      fU(F_LINE, u(4));
      fMD(F_BASETYPE, opMD(6), true);
      fSizeOp(F_SIZE, 7, sizeMD);
      fU(F_ALIGN, u(8));
      fSizeOp(F_OFFSET, 9, sizeMD);
      fFlags(u(10));
      fMD(F_EXTRADATA, opMD(11));
      if (n > 12 && u(12) != 0) addU(F_DWARFAS, u(12) - 1);
      if (n > 14) {
        fMD(F_ANNOTATIONS, opMD(13));
        let pa = u(14);
        if (pa != 0 && tag == 0x4300) {
          fU(F_PAKEY, pa & 15);
          addBool(F_PAADDR, ((pa >> 4) & 1) != 0);
          fU(F_PAEXTRA, (pa >> 5) & 0xffff);
          addBool(F_PAISA, ((pa >> 21) & 1) != 0);
          addBool(F_PANULL, ((pa >> 22) & 1) != 0);
        }
      }
      return finish(C_DERIVED, distinct);
    }
    case SUBRANGE_TYPE: {
      if (!need(13, 13)) return false;
      fStr(F_NAME, 1);
      fMD(F_SCOPE, opMD(4));
      fMD(F_FILE, opMD(2));
      fU(F_LINE, u(3));
      fSizeOp(F_SIZE, 5, (r0 & 2) != 0);
      fU(F_ALIGN, u(6));
      fFlags(u(7));
      fMD(F_BASETYPE, opMD(8));
      fMD(F_LOWER, opMD(9)); fMD(F_UPPER, opMD(10)); fMD(F_STRIDE, opMD(11)); fMD(F_BIAS, opMD(12));
      return finish(C_SUBRANGETYPE, distinct);
    }
    case COMPOSITE_TYPE: {
      if (!need(16, 26)) return false;
      if (u(8) > 0xffffffff) return bad("Alignment value is too large");
      let sizeMD = (r0 & 4) != 0;
      fTag(u(1));
      fStr(F_NAME, 2);
      fMD(F_SCOPE, opMD(5));
      fMD(F_FILE, opMD(3));
      fU(F_LINE, u(4));
      fMD(F_BASETYPE, opMD(6));
      fSizeOp(F_SIZE, 7, sizeMD);
      fU(F_ALIGN, u(8));
      fSizeOp(F_OFFSET, 9, sizeMD);
      if (n > 22) fU(F_EXTRAINHAB, u(22));
      fFlags(u(10));
      fMD(F_ELEMENTS, opMD(11));
      fEnum(F_RUNTIMELANG, T_LANG, u(12));
      fMD(F_VTABLE, opMD(13));
      fMD(F_TEMPLATEPARAMS, opMD(14));
      fStr(F_IDENTIFIER, 15);
      if (n > 16) fMD(F_DISCRIMINATOR, opMD(16));
      if (n > 17) fMD(F_DATALOC, opMD(17));
      if (n > 19) { fMD(F_ASSOCIATED, opMD(18)); fMD(F_ALLOCATED, opMD(19)); }
      if (n > 20) fBound(F_RANK, 20);
      if (n > 21) fMD(F_ANNOTATIONS, opMD(21));
      if (n > 23) fMD(F_SPECIFICATION, opMD(23));
      if (n > 24 && u(24) != 0xffffffff) addRaw(F_ENUMKIND, enumText(T_ENUMKIND, u(24)));
      if (n > 25) fMD(F_BITSTRIDE, opMD(25));
      return finish(C_COMPOSITE, distinct);
    }
    case SUBROUTINE_TYPE: {
      if (!need(3, 4)) return false;
      fFlags(u(1));
      fEnum(F_CC, T_CC, u(3));
      fMD(F_TYPES, opMD(2), true);
      return finish(C_SUBROUTINE, distinct);
    }
    case FILE: {
      if (n != 3 && n != 5 && n != 6) return bad("Invalid record");
      fStr(F_FILENAME, 1, true);
      fStr(F_DIRECTORY, 2, true);
      if (n > 4 && u(3) != 0 && bs.ops.get(4) != 0) {
        let k = u(3);
        // a kind LLVM does not know has no name: LLVM 22 prints it empty (LLVM 19's printer
        // crashes on it), and its verifier rejects it
        addRaw(F_CSKIND, k >= 1 && k <= 3 ? nm(W_CSK + <i32>k - 1) : llvmVersion >= 22 ? strtab.internStr("") : intText(k, false));
        fStr(F_CHECKSUM, 4, true);
      }
      if (n > 5) fStr(F_SOURCE, 5);
      return finish(C_FILE, distinct);
    }
    case COMPILE_UNIT: return readCompileUnit();
    case SUBPROGRAM: return readSubprogram();
    case LEXICAL_BLOCK: {
      if (!need(5, 5)) return false;
      fMD(F_SCOPE, opMD(1), true); fMD(F_FILE, opMD(2)); fU(F_LINE, u(3)); fU(F_COLUMN, u(4));
      return finish(C_LEXBLOCK, distinct);
    }
    case LEXICAL_BLOCK_FILE: {
      if (!need(4, 4)) return false;
      fMD(F_SCOPE, opMD(1), true); fMD(F_FILE, opMD(2)); addU(F_DISCRIMINATOR, u(3));
      return finish(C_LEXBLOCKFILE, distinct);
    }
    case COMMON_BLOCK: {
      if (!need(6, 6)) return false;
      fMD(F_SCOPE, opMD(1), true); fMD(F_DECLARATION, opMD(2), true); fStr(F_NAME, 3); fMD(F_FILE, opMD(4)); fU(F_LINE, u(5));
      return finish(C_COMMON, distinct);
    }
    case NAMESPACE: {
      if (n != 3 && n != 5) return bad("Invalid record");
      fStr(F_NAME, n == 3 ? 2 : 3);
      fMD(F_SCOPE, opMD(1), true);
      if ((r0 & 2) != 0) addBool(F_EXPORTSYMBOLS, true);
      return finish(C_NAMESPACE, distinct);
    }
    case MACRO: {
      if (!need(5, 5)) return false;
      addRaw(F_TYPE, enumText(T_MACINFO, u(1))); fU(F_LINE, u(2)); fStr(F_NAME, 3); fStr(F_VALUE, 4);
      return finish(C_MACRO, distinct);
    }
    case MACRO_FILE: {
      if (!need(5, 5)) return false;
      fU(F_LINE, u(2)); fMD(F_FILE, opMD(3), true); fMD(F_NODES, opMD(4));
      return finish(C_MACROFILE, distinct);
    }
    case MODULE: {
      if (!need(5, 9)) return false;
      let o = n >= 8 ? 2 : 1;
      fMD(F_SCOPE, opMD(o), true);
      fStr(F_NAME, o + 1); fStr(F_CONFIGMACROS, o + 2); fStr(F_INCLUDEPATH, o + 3); fStr(F_APINOTES, o + 4);
      if (n >= 8) fMD(F_FILE, opMD(1));
      if (n > 7) fU(F_LINE, u(7));
      if (n > 8 && u(8) != 0) addBool(F_ISDECL, true);
      return finish(C_MODULE, distinct);
    }
    case TEMPLATE_TYPE: {
      if (!need(3, 4)) return false;
      fStr(F_NAME, 1); fMD(F_TYPE, opMD(2), true);
      if (n == 4 && u(3) != 0) addBool(F_DEFAULTED, true);
      return finish(C_TTYPE, distinct);
    }
    case TEMPLATE_VALUE: {
      if (!need(5, 6)) return false;
      let tag = u(1);
      if (tag != 0x30) fTag(tag);
      fStr(F_NAME, 2); fMD(F_TYPE, opMD(3));
      if (n == 6 && u(4) != 0) addBool(F_DEFAULTED, true);
      fMD(F_VALUE, opMD(n == 6 ? 5 : 4), true);
      return finish(C_TVALUE, distinct);
    }
    case GLOBAL_VAR: {
      if (!need(11, 13)) return false;
      let version = r0 >> 1;
      if (version > 2) return bad("Invalid record");
      if (version == 0) return readGlobalVarV0(distinct);
      fStr(F_NAME, 2); fStr(F_LINKAGENAME, 3); fMD(F_SCOPE, opMD(1), true); fMD(F_FILE, opMD(4)); fU(F_LINE, u(5));
      fMD(F_TYPE, opMD(6)); addBool(F_ISLOCAL, u(7) != 0); addBool(F_ISDEF, u(8) != 0);
      if (version == 2) { fMD(F_DECLARATION, opMD(9)); fMD(F_TEMPLATEPARAMS, opMD(10)); }
      else fMD(F_DECLARATION, opMD(10));
      fU(F_ALIGN, u(11));
      if (version == 2 && n > 12) fMD(F_ANNOTATIONS, opMD(12));
      return finish(C_GLOBALVAR, distinct);
    }
    case LOCAL_VAR: {
      if (!need(8, 10)) return false;
      let hasAlign = (r0 & 2) != 0;
      let t = !hasAlign && n > 8 ? 1 : 0;
      if (hasAlign && u(8) > 0xffffffff) return bad("Alignment value is too large");
      fStr(F_NAME, 2 + t); fU(F_ARG, u(6 + t)); fMD(F_SCOPE, opMD(1 + t), true); fMD(F_FILE, opMD(3 + t));
      fU(F_LINE, u(4 + t)); fMD(F_TYPE, opMD(5 + t)); fFlags(u(7 + t));
      if (hasAlign) { fU(F_ALIGN, u(8)); if (n > 9) fMD(F_ANNOTATIONS, opMD(9)); }
      return finish(C_LOCALVAR, distinct);
    }
    case LABEL: {
      if (!need(5, 7)) return false;
      fMD(F_SCOPE, opMD(1), true); fStr(F_NAME, 2); fMD(F_FILE, opMD(3)); fU(F_LINE, u(4));
      if (n > 5) fU(F_COLUMN, u(5));
      if ((r0 & 2) != 0) addBool(F_ISARTIFICIAL, true);
      if (n > 6 && u(6) != 0xffffffffffffffff) {
        if (u(6) > 0xffffffff) return bad("CoroSuspendIdx value is too large");
        addU(F_CORO, u(6));
      }
      return finish(C_LABEL, distinct);
    }
    case GLOBAL_VAR_EXPR: {
      if (!need(3, 3)) return false;
      fMD(F_VAR, opMD(1));
      let e = opMD(2);
      if (e < 0 && !br.failedOp) e = newMD(MK.Expr, strtab.internStr(""));
      fMD(F_EXPR, e);
      return finish(C_GVE, distinct);
    }
    case OBJC_PROPERTY: {
      if (!need(8, 8)) return false;
      // LLVM 22 reads [.., setter, getter]; LLVM 19 read the getter first
      let v22 = llvmVersion >= 22;
      fStr(F_NAME, 1); fMD(F_FILE, opMD(2)); fU(F_LINE, u(3)); fStr(F_SETTER, v22 ? 4 : 5); fStr(F_GETTER, v22 ? 5 : 4);
      fU(F_ATTRIBUTES, u(6)); fMD(F_TYPE, opMD(7));
      return finish(C_OBJCPROP, distinct);
    }
    case IMPORTED_ENTITY: {
      if (n < 6 || n > 8) return bad("Invalid DIImportedEntity record");
      fTag(u(1)); fStr(F_NAME, 5); fMD(F_SCOPE, opMD(2), true); fMD(F_ENTITY, opMD(3));
      if (n >= 7) { fMD(F_FILE, opMD(6)); fU(F_LINE, u(4)); }
      if (n >= 8) fMD(F_ELEMENTS, opMD(7));
      return finish(C_IMPORTED, distinct);
    }
    case ASSIGN_ID: {
      if (n != 1) return bad("Invalid DIAssignID record.");
      if (!distinct) return bad("Invalid DIAssignID record. Must be distinct");
      return finish(C_ASSIGNID, true);
    }
    case GENERIC_DEBUG: {
      // [distinct, tag, version, header, operands...]; each operand an `operands` field (the
      // text parser's form), null ones kept
      if (n < 4) return bad("Invalid record");
      if (u(1) >= 1 << 16 || u(2) != 0) return bad("Invalid record");
      fTag(u(1)); fStr(F_HEADER, 3);
      for (let i = 4; i < n; i++) addMD(F_OPERANDS, opMD(i));
      return finish(C_GENERIC, distinct);
    }
  }
  return bad("Invalid record: metadata record " + code.toString() + " (a debug-info node) is not read yet");
}

function unrotate(v: u64): i64 {
  if ((v & 1) == 0) return <i64>(v >> 1);
  if (v != 1) return -<i64>(v >> 1);
  return i64.MIN_VALUE;
}
function sText(v: i64): i32 { return v < 0 ? intText(<u64>(-v), true) : intText(<u64>v, false); }

// DIEnumerator's wide value: words (sign-rotated) of an APInt of `width` bits, printed signed
// (two's complement in that width) or unsigned, in decimal.
function enumValue(width: u64, isUnsigned: bool): bool {
  if (width == 0 || width > 1 << 16) return bad("Invalid record: enumerator width");
  let nw = bs.ops.len - 3;
  if (<u64>nw > ((width + 63) >> 6)) return bad("Invalid record: enumerator value");
  return wideValue(F_VALUE, 3, nw, width, isUnsigned);
}
// Field f: the APInt of `width` bits whose sign-rotated words are operands [from, from + nw), in
// decimal, signed (two's complement in that width) or unsigned.
function wideValue(f: i32, from: i32, nw: i32, width: u64, isUnsigned: bool): bool {
  let words = <i32>((width + 63) >> 6);
  let w = new Array<u64>(words);
  for (let i = 0; i < nw && i < words; i++) w[i] = <u64>unrotate(u(from + i));
  // truncate to the width
  let topBits = <i32>(width & 63);
  if (topBits != 0) w[words - 1] &= (<u64>1 << <u64>topBits) - 1;
  let neg = false;
  if (!isUnsigned) {
    let sb = <i32>((width - 1) & 63);
    neg = ((w[words - 1] >> <u64>sb) & 1) != 0;
    if (neg) {
      // magnitude: two's complement negation within the width
      let carry: u64 = 1;
      for (let i = 0; i < words; i++) { let x = ~w[i] + carry; carry = carry != 0 && x == 0 ? 1 : 0; w[i] = x; }
      if (topBits != 0) w[words - 1] &= (<u64>1 << <u64>topBits) - 1;
    }
  }
  // decimal digits by repeated division by 10
  let digits = "";
  while (true) {
    let zero = true;
    for (let i = 0; i < words; i++) if (w[i] != 0) { zero = false; break; }
    if (zero) break;
    let rem: u64 = 0;
    for (let i = words - 1; i >= 0; i--) {
      // (rem * 2^64 + w[i]) / 10 in two 32-bit halves
      let hi = (rem << 32) | (w[i] >> 32);
      let qh = hi / 10; rem = hi % 10;
      let lo = (rem << 32) | (w[i] & 0xffffffff);
      let ql = lo / 10; rem = lo % 10;
      w[i] = (qh << 32) | ql;
    }
    digits = String.fromCharCode(48 + <i32>rem) + digits;
  }
  if (digits.length == 0) digits = "0";
  if (neg) digits = "-" + digits;
  addRaw(f, strtab.internStr(digits));
  return true;
}

// A version 0 DIGlobalVariable (before LLVM 4): operand 9 held the variable's global or a constant
// where a DIGlobalVariableExpression now does. An integer constant becomes the expression
// DW_OP_constu N, DW_OP_stack_value, a node stays the expression, a global gets a distinct
// DIGlobalVariableExpression (empty expression) as its !dbg attachment, another constant is
// dropped; the record's id is a distinct DIGlobalVariableExpression when there is an expression,
// else the variable itself (fields as version 1).
function readGlobalVarV0(distinct: bool): bool {
  let n = bs.ops.len;
  if (n > 11 && u(11) > 0xffffffff) return bad("Alignment value is too large");
  let old = opMD(9);
  let expr = old, attachTo = -1;
  if (old >= 0 && <i32>mdKind.get(old) == MK.Value) {
    let v = mdA.get(old);
    let k = <i32>vKind.get(v);
    expr = -1;
    if (k == VK.GlobalVar) attachTo = vA.get(v);
    else if (k == VK.ConstInt) expr = newMD(MK.Expr, strtab.internStr("DW_OP_constu, " + intLow64(v).toString() + ", DW_OP_stack_value"));
  }
  fStr(F_NAME, 2); fStr(F_LINKAGENAME, 3); fMD(F_SCOPE, opMD(1), true); fMD(F_FILE, opMD(4)); fU(F_LINE, u(5));
  fMD(F_TYPE, opMD(6)); addBool(F_ISLOCAL, u(7) != 0); addBool(F_ISDEF, u(8) != 0);
  fMD(F_DECLARATION, opMD(10));
  if (n > 11) fU(F_ALIGN, u(11));
  if (expr < 0 && attachTo < 0) return finish(C_GLOBALVAR, distinct);
  if (br.failedOp) { br.fields.clear(); return false; }
  let dgv = newMD(MK.Node, nm(C_GLOBALVAR));
  for (let i = 0; i < br.fields.len; i++) mdPool.push(br.fields.get(i));
  mdNOps.set(dgv, br.fields.len / 3);
  br.fields.clear();
  if (distinct) mdFlags.set(dgv, <u8>MDF_DISTINCT);
  addMD(F_VAR, dgv); addMD(F_EXPR, expr >= 0 ? expr : newMD(MK.Expr, strtab.internStr("")));
  if (expr >= 0) return finish(C_GVE, true);
  // the variable takes the id; the global's attachment is a node of its own
  let gve = newMD(MK.Node, nm(C_GVE));
  for (let i = 0; i < br.fields.len; i++) mdPool.push(br.fields.get(i));
  mdNOps.set(gve, br.fields.len / 3);
  br.fields.clear();
  mdFlags.set(gve, <u8>MDF_DISTINCT);
  gMD.set(attachTo, addAttachment(gMD.get(attachTo), MDK_DBG, gve, true));
  return defineNode(dgv) >= 0;
}

function readFixedPoint(distinct: bool): bool {
  let n = bs.ops.len;
  if (n < 11) return bad("Invalid record");
  let tag = u(1);
  if (tag != 0x24) fTag(tag);
  fStr(F_NAME, 2);
  fSizeOp(F_SIZE, 3, (u(0) & 2) != 0);
  fU(F_ALIGN, u(4));
  fEnum(F_ENCODING, T_ATE, u(5));
  fFlags(u(6));
  let kind = u(7);
  // (a kind LLVM does not know prints empty, and its verifier rejects it)
  addRaw(F_KIND, kind <= 2 ? nm(W_FIXEDKIND + <i32>kind) : strtab.internStr(""));
  if (kind != 2) fS(F_FACTOR, <i64>u(8));
  else {
    // numerator and denominator: each (word count << 32 | bit width), then its words; printed
    // signed for a signed fixed-point encoding
    let isUnsigned = u(5) != 0x0d;
    let at = 9;
    for (let k = 0; k < 2; k++) {
      if (at >= n) return bad("Invalid record: DIFixedPointType rational value");
      let hdr = u(at);
      let nw = <i32>(hdr >> 32), width = hdr & 0xffffffff;
      if (width == 0 || width > 1 << 16 || nw < 0 || <i64>at + 1 + <i64>nw > <i64>n) return bad("Invalid record: DIFixedPointType rational value");
      if (!wideValue(k == 0 ? F_NUMERATOR : F_DENOMINATOR, at + 1, nw, width, isUnsigned)) return false;
      at += 1 + nw;
    }
  }
  return finish(C_FIXED, distinct);
}

function readCompileUnit(): bool {
  let n = bs.ops.len;
  if (n < 14 || n > 23) return bad("Invalid record");
  let lang = u(1);
  if ((lang >> 63) != 0) {
    addRaw(F_LNAME, enumText(T_LNAME, lang & 0x7fffffffffffffff));
    if (n > 22) fU(F_LVERSION, u(22));
  } else addRaw(F_LANGUAGE, enumText(T_LANG, lang));
  fMD(F_FILE, opMD(2), true);
  fStr(F_PRODUCER, 3);
  addBool(F_ISOPT, u(4) != 0);
  fStr(F_FLAGS, 5);
  addU(F_RUNTIMEVERSION, u(6));
  fStr(F_SPLITFILE, 7);
  let ek = u(8);
  // an unknown kind has no name: LLVM prints it empty (and its verifier rejects it)
  addRaw(F_EMISSION, ek <= 3 ? nm(W_EMISSION + <i32>ek) : strtab.internStr(""));
  fMD(F_ENUMS, opMD(9)); fMD(F_RETAINEDTYPES, opMD(10)); fMD(F_GLOBALS, opMD(12)); fMD(F_IMPORTS, opMD(13));
  if (n > 15) fMD(F_MACROS, opMD(15));
  if (n > 14) fU(F_DWOID, u(14));
  if (n > 16 && u(16) == 0) addBool(F_SPLITINLINING, false);
  if (n > 17 && u(17) != 0) addBool(F_PROFILING, true);
  if (n > 18 && u(18) != 0) { let k = u(18); addRaw(F_NAMETABLE, k <= 3 ? nm(W_NAMETABLE + <i32>k) : intText(k, false)); }
  if (n > 19 && u(19) != 0) addBool(F_RANGESBASE, true);
  if (n > 20) fStr(F_SYSROOT, 20);
  if (n > 21) fStr(F_SDK, 21);
  // the pre-LLVM-4 list of subprograms (operand 11) is not upgraded
  return finish(C_CU, true);
}

function readSubprogram(): bool {
  let n = bs.ops.len;
  if (n < 18 || n > 22) return bad("Invalid record");
  let r0 = u(0);
  let hasSPFlags = (r0 & 4) != 0, hasUnit = (r0 & 2) != 0;
  let flags: u64 = 0, spFlags: u64 = 0;
  let offA = 0, offB = 0;
  let hasThisAdj = true, hasThrown = true, hasAnnotations = false, hasTarget = false, keyInst = false;
  if (!hasSPFlags) {
    flags = u(13);
    offA = 2; offB = 2;
    if (n >= 19) offB++;
    hasThisAdj = n >= 20; hasThrown = n >= 21;
  } else {
    flags = u(11); spFlags = u(9);
    hasAnnotations = n >= 19; hasTarget = n >= 20; keyInst = n >= 21 && u(20) != 0;
  }
  let mainSP = (flags & (1 << 21)) != 0;
  if (mainSP) flags &= ~(<u64>1 << 21);
  if (hasSPFlags) { if (mainSP) spFlags |= 1 << 8; }
  else {
    // isLocal, isDefinition, isOptimized and the virtuality in the DISPFlags bits
    spFlags = (u(11) & 3) | (u(7) != 0 ? 4 : 0) | (u(8) != 0 ? 8 : 0) | (u(14) != 0 ? 16 : 0) | (mainSP ? 256 : 0);
  }
  if (!hasSPFlags && hasUnit && n < 19) return bad("Invalid record");
  if (hasSPFlags && !hasUnit) return bad("Invalid record");
  let distinct = (r0 & 1) != 0 || (spFlags & 8) != 0;
  fStr(F_NAME, 2); fStr(F_LINKAGENAME, 3);
  fMD(F_SCOPE, opMD(1), true);
  fMD(F_FILE, opMD(4)); fU(F_LINE, u(5)); fMD(F_TYPE, opMD(6));
  fU(F_SCOPELINE, u(7 + offA));
  fMD(F_CONTAINING, opMD(8 + offA));
  let vi = u(10 + offA);
  if ((spFlags & 3) != 0 || vi != 0) addU(F_VIRTUALINDEX, vi & 0xffffffff);
  if (hasThisAdj) fS(F_THISADJ, <i64><i32>u(16 + offB));
  fFlags(flags);
  addRaw(F_SPFLAGS, spFlags == 0 ? intText(0, false) : flagsText(spFlags, true));
  if (hasUnit) fMD(F_UNIT, opMD(12 + offB));
  fMD(F_TEMPLATEPARAMS, opMD(13 + offB)); fMD(F_DECLARATION, opMD(14 + offB)); fMD(F_RETAINEDNODES, opMD(15 + offB));
  if (hasThrown) fMD(F_THROWN, opMD(17 + offB));
  if (hasAnnotations) fMD(F_ANNOTATIONS, opMD(18 + offB));
  if (hasTarget) fStr(F_TARGETFUNC, 19 + offB);
  if (keyInst) addBool(F_KEYINST, true);
  return finish(C_SUBPROGRAM, distinct);
}

// DILocation [distinct, line, column, scope, inlinedAt, implicit?, atomGroup?, atomRank?] when it
// is distinct or carries key-instruction fields (otherwise ir/debuginfo.ts getLocation uniques it).
export function locationNode(line: u64, col: u64, scope: i32, inlinedAt: i32, implicit: bool, atomGroup: u64,
    atomRank: u64, distinct: bool): i32 {
  br.fields.clear();
  addU(F_LINE, line);
  fU(F_COLUMN, col);
  addMD(F_SCOPE, scope);
  fMD(F_INLINED, inlinedAt);
  if (implicit) addBool(F_IMPLICIT, true);
  fU(F_ATOMGROUP, atomGroup);
  fU(F_ATOMRANK, atomRank);
  let m = newMD(MK.Node, nm(C_LOCATION));
  for (let i = 0; i < br.fields.len; i++) mdPool.push(br.fields.get(i));
  mdNOps.set(m, br.fields.len / 3);
  br.fields.clear();
  if (distinct) mdFlags.set(m, <u8>MDF_DISTINCT);
  return m;
}

// Notes a DIExpression node's constant value (DW_OP_consts N [DW_OP_stack_value]) for the bounds
// of DIGenericSubrange.
export function noteExprConst(m: i32, v: i64): void {
  br.exprConst.fit(m + 1, 0);
  br.exprConst.set(m, 1);
  br.exprConstVal.fit(m + 1, 0);
  br.exprConstVal.set(m, v);
}
