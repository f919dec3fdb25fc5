// Data layout: parsing (LLVM 19's accepted strings and error messages; LLVM 22's messages at the
// end) and the size / alignment /
// struct-layout queries, checked against numbers LLVM 19 itself produces:
//  - the layout strings are what clang-19 emits for each target (`clang -target <triple> -S -emit-llvm`);
//  - "opt-19" tables: for each type T, `alloca T` / `load T` without an align as opt-19 -S prints
//    them (preferred / ABI alignment), and opt-19 -passes=instcombine folding of
//    `ptrtoint (getelementptr (T, ptr null, i32 1))` (alloc size) and `..., i32 0, i32 k` (offsets);
//  - "clang-19" tables: sizeof / offsetof of these C structs, compiled for each target, against the
//    IR struct types clang emitted for them (member indices skip clang's explicit padding arrays):
//      struct A { char c; int i; };          struct B { char c; long long l; };
//      struct C { char c; double d; };       struct D { short s; char c; };
//      struct E { char c; long double ld; char t; };   struct F { char c; void *p; char t; };
//      struct G { int i; struct D d; long long l; };   struct H { char a[3]; short s; float f; };
//      struct I { char c; double d[2]; int i; };       struct J { float f; long long l; char c; };
//      struct K { char c; long l; short s; };          struct L { char c; __int128 x; };  (64-bit)
//      struct M { char c; __attribute__((address_space(3))) int *p3;
//                 __attribute__((address_space(5))) int *p5; long long l; };            (amdgcn)
import { parseDataLayout } from "../../assembly/ir/datalayout-parse";
import {
  dataLayoutError, resetDataLayout, invalidateStructLayouts, setDataLayoutNames,
  dataLayoutStrPtr, dataLayoutStrLen,
  typeSizeInBits, typeStoreSize, typeStoreSizeInBits, typeAllocSize, typeAllocSizeInBits,
  typeIsSized, typeIsScalable, abiAlignment, prefAlignment, integerAlignment,
  structSize, structAlignment, structMemberOffset, structIsPadded, structElementContainingOffset,
  pointerSizeInBits, pointerSize, indexSizeInBits, indexSize, pointerABIAlignment, pointerPrefAlignment,
  maxIndexSizeInBits, pointerTypeSizeInBits, indexTypeSizeInBits,
  isLittleEndian, isBigEndian, isNonIntegralAddressSpace, isNonIntegralPointerType,
  stackAlignment, allocaAddrSpace, programAddrSpace, globalsAddrSpace, mangling,
  functionPtrAlign, functionPtrAlignType, aggregateABIAlignment, aggregatePrefAlignment,
  isLegalInteger, legalIntegerCount, legalIntegerAt, largestLegalIntWidth, smallestLegalIntWidth,
  fitsInLegalInteger,
  MM_NONE, MM_ELF, MM_MIPS, MM_MACHO, MM_WINCOFF_X86, FPA_INDEPENDENT, FPA_MULTIPLE_OF_FUNCTION_ALIGN,
} from "../../assembly/ir/datalayout";
import {
  TK, resetTypes, intType, ptrType, arrayType, vectorType, structType, internType, newNamedStruct,
  setStructBody, setStructOpaque,
  T_VOID, T_LABEL, T_METADATA, T_TOKEN, T_HALF, T_BFLOAT, T_FLOAT, T_DOUBLE, T_X86FP80, T_FP128,
  T_PPCFP128, T_X86AMX, T_X86MMX, T_I1, T_I8, T_I16, T_I32, T_I64, T_PTR, T_I128,
} from "../../assembly/ir/types";
import { I32Vec } from "../../assembly/util/vec";
import { StrTab } from "../../assembly/util/strtab";
import { setVersion } from "../../assembly/ir/version";

// The tables below are LLVM 19's (the parser and the target types' layouts follow the version).
setVersion(19);

// ---- helpers ----------------------------------------------------------------------------------

function dl(s: string): bool {
  let buf = String.UTF8.encode(s);
  return parseDataLayout(changetype<usize>(buf), buf.byteLength);
}
function useLayout(s: string): void {
  resetTypes();
  invalidateStructLayouts();
  assert(dl(s), "layout should parse: " + s);
}
function rejects(s: string, msg: string): void {
  expect(dl(s)).toBe(false, "should reject: " + s);
  expect(dataLayoutError()).toBe(msg, "message for: " + s);
}
function accepts(s: string): void {
  expect(dl(s)).toBe(true, "should accept: " + s + " (got: " + dataLayoutError() + ")");
}

// A tiny reader for the IR type syntax used in the tables: iN, the FP keywords, x86_mmx,
// x86_amx, void, label, ptr [addrspace(N)], <N x T>, <vscale x N x T>, [N x T], {..}, <{..}>.
let tsrc: string = "";
let tpos: i32 = 0;
function skipWs(): void { while (tpos < tsrc.length && tsrc.charCodeAt(tpos) == 32) tpos++; }
function eatStr(s: string): bool {
  skipWs();
  if (tsrc.substr(tpos, s.length) == s) { tpos += s.length; return true; }
  return false;
}
function readNum(): i64 {
  skipWs();
  let v: i64 = 0;
  while (tpos < tsrc.length) {
    let c = tsrc.charCodeAt(tpos);
    if (c < 48 || c > 57) break;
    v = v * 10 + <i64>(c - 48); tpos++;
  }
  return v;
}
function readMembers(close: string, packed: bool): i32 {
  let elems = new I32Vec(8);
  if (!eatStr(close)) {
    do { elems.push(readType()); } while (eatStr(","));
    assert(eatStr(close), "expected " + close + " in " + tsrc);
  }
  return structType(elems, 0, elems.len, packed);
}
function readType(): i32 {
  skipWs();
  if (eatStr("<{")) return readMembers("}>", true);
  if (eatStr("{")) return readMembers("}", false);
  if (eatStr("<")) {
    let scalable = eatStr("vscale");
    if (scalable) eatStr("x");
    let n = readNum(); eatStr("x");
    let e = readType();
    assert(eatStr(">"));
    return vectorType(e, n, scalable);
  }
  if (eatStr("[")) {
    let n = readNum(); eatStr("x");
    let e = readType();
    assert(eatStr("]"));
    return arrayType(e, n);
  }
  if (eatStr("ptr")) {
    if (eatStr("addrspace(")) { let a = <i32>readNum(); assert(eatStr(")")); return ptrType(a); }
    return T_PTR;
  }
  if (eatStr("x86_fp80")) return T_X86FP80;
  if (eatStr("x86_mmx")) return T_X86MMX;
  if (eatStr("x86_amx")) return T_X86AMX;
  if (eatStr("ppc_fp128")) return T_PPCFP128;
  if (eatStr("fp128")) return T_FP128;
  if (eatStr("half")) return T_HALF;
  if (eatStr("bfloat")) return T_BFLOAT;
  if (eatStr("float")) return T_FLOAT;
  if (eatStr("double")) return T_DOUBLE;
  if (eatStr("void")) return T_VOID;
  if (eatStr("label")) return T_LABEL;
  if (eatStr("i")) return intType(<i32>readNum());
  assert(false, "bad type text: " + tsrc);
  return -1;
}
function ty(s: string): i32 {
  tsrc = s; tpos = 0;
  let t = readType();
  skipWs();
  assert(tpos == tsrc.length, "trailing text in " + s);
  return t;
}

function sizeAlign(s: string, alloc: i64, abi: i32, pref: i32): void {
  let t = ty(s);
  expect(typeAllocSize(t)).toBe(alloc, "alloc size of " + s);
  expect(abiAlignment(t)).toBe(abi, "ABI alignment of " + s);
  expect(prefAlignment(t)).toBe(pref, "preferred alignment of " + s);
}
function offsets(s: string, size: i64, offs: i64[]): void {
  let t = ty(s);
  expect(typeAllocSize(t)).toBe(size, "alloc size of " + s);
  for (let i = 0; i < offs.length; i++) {
    expect(structMemberOffset(t, i)).toBe(offs[i], "offset of member " + i.toString() + " of " + s);
  }
}
function cStruct(s: string, size: i64, members: i32[], offs: i64[]): void {
  let t = ty(s);
  expect(typeAllocSize(t)).toBe(size, "sizeof " + s);
  for (let i = 0; i < members.length; i++) {
    expect(structMemberOffset(t, members[i])).toBe(offs[i], "offsetof field " + i.toString() + " of " + s);
  }
}

// no target datalayout: LLVM's defaults
const DEFAULT = "";
// clang-19 -target x86_64-unknown-linux-gnu
const X86_64 = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128";
// clang-19 -target i386-unknown-linux-gnu
const I386 = "e-m:e-p:32:32-p270:32:32-p271:32:32-p272:64:64-i128:128-f64:32:64-f80:32-n8:16:32-S128";
// clang-19 -target aarch64-unknown-linux-gnu
const AARCH64 = "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32";
// clang-19 -target amdgcn-amd-amdhsa
const AMDGPU = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9";
// clang-19 -target powerpc64-unknown-linux-gnu (big endian)
const PPC64 = "E-m:e-Fi64-i64:64-n32:64-S128-v256:256:256-v512:512:512";
// clang-19 -target s390x-unknown-linux-gnu (big endian)
const S390X = "E-m:e-i1:8:16-i8:8:16-i64:64-f128:64-v128:64-a:8:16-n32:64";
// clang-19 -target mips-unknown-linux-gnu (big endian)
const MIPS = "E-m:m-p:32:32-i8:8:32-i16:16:32-i64:64-n32-S64";
// hand-written: odd pointer widths, a:, i24, f80 and v96 overrides
const ODD = "E-p:16:16:32:8-p3:24:8:16-i64:64:128-i24:16:32-a:32:64-f80:16-v96:32:64-n16:32";

// ---- parsing ----------------------------------------------------------------------------------

describe("parseDataLayout", () => {
  it("rejects what LLVM 19 rejects, with its message (each checked against opt-19)", () => {
    rejects("A16777216", "Invalid address space, must be a 24-bit integer");
    rejects("P16777216", "Invalid address space, must be a 24-bit integer");
    rejects("G16777216", "Invalid address space, must be a 24-bit integer");
    rejects("p16777216:64:64", "Invalid address space, must be a 24-bit integer");
    rejects("p:0:64", "Invalid pointer size of 0 bytes");
    rejects("p:64:65", "number of bits must be a byte width multiple");
    rejects("p:64:64:32", "Preferred alignment cannot be less than the ABI alignment");
    rejects("p:64:64:64:72", "Index width cannot be larger than pointer width");
    rejects("p:64:64:64:0", "Invalid index size of 0 bytes");
    rejects("p:64", "Missing alignment specification for pointer in datalayout string");
    rejects("p", "Missing size specification for pointer in datalayout string");
    rejects("p:", "Trailing separator in datalayout string");
    rejects("p:64:0", "Pointer ABI alignment must be a power of 2");
    rejects("p:64:24", "Pointer ABI alignment must be a power of 2");
    rejects("p:64:64:24", "Pointer preferred alignment must be a power of 2");
    rejects("p:64:8589934592", "not a number, or does not fit in an unsigned int");
    rejects("p:4294967296:64", "not a number, or does not fit in an unsigned int");
    rejects("p:64:64:6x", "not a number, or does not fit in an unsigned int");
    rejects("p:64:64:64::", "Trailing separator in datalayout string");
    rejects("ni:0", "Address space 0 can never be non-integral");
    rejects("ni", "not a number, or does not fit in an unsigned int");
    rejects("ni:", "Trailing separator in datalayout string");
    rejects("ni:1::2", "Expected token before separator in datalayout string");
    rejects("ni:1:", "Trailing separator in datalayout string");
    rejects("ni:x", "not a number, or does not fit in an unsigned int");
    rejects("nix:1", "not a number, or does not fit in an unsigned int");
    rejects("i8:16", "Invalid ABI alignment, i8 must be naturally aligned");
    rejects("i16:16:8", "Preferred alignment cannot be less than the ABI alignment");
    rejects("i16777216:8", "Invalid bit width, must be a 24-bit integer");
    rejects("i16:24", "Invalid ABI alignment, must be a power of 2");
    rejects("i16:0", "ABI alignment specification must be >0 for non-aggregate types");
    rejects("v64:0", "ABI alignment specification must be >0 for non-aggregate types");
    rejects("i16:1048576", "Invalid ABI alignment, must be a 16bit integer");
    rejects("i32:32:0", "Preferred alignment cannot be less than the ABI alignment");
    rejects("i32:32:24", "Invalid preferred alignment, must be a power of 2");
    rejects("i32:32:1048576", "Invalid preferred alignment, must be a 16bit integer");
    rejects("i18446744073709551616:8", "not a number, or does not fit in an unsigned int");
    rejects("i+8:8", "not a number, or does not fit in an unsigned int");
    rejects("i", "Missing alignment specification in datalayout string");
    rejects("i8", "Missing alignment specification in datalayout string");
    rejects("i:", "Trailing separator in datalayout string");
    rejects("v128:", "Trailing separator in datalayout string");
    rejects("a1:64", "Sized aggregate specification in datalayout string");
    rejects("a", "Missing alignment specification in datalayout string");
    rejects("a:16:0", "Preferred alignment cannot be less than the ABI alignment");
    rejects("x", "Unknown specifier in datalayout string");
    rejects("e-", "Trailing separator in datalayout string");
    rejects("-e", "Expected token before separator in datalayout string");
    rejects("e--E", "Expected token before separator in datalayout string");
    rejects("e:", "Trailing separator in datalayout string");
    rejects("m", "Expected mangling specifier in datalayout string");
    rejects("m:", "Trailing separator in datalayout string");
    rejects("m:q", "Unknown mangling in datalayout string");
    rejects("m:ee", "Unknown mangling specifier in datalayout string");
    rejects("m:e:x", "Unknown mangling specifier in datalayout string");
    rejects("mx:e", "Unexpected trailing characters after mangling specifier in datalayout string");
    rejects("n", "not a number, or does not fit in an unsigned int");
    rejects("n0", "Zero width native integer type in datalayout string");
    rejects("n8:0", "Zero width native integer type in datalayout string");
    rejects("n8::16", "Expected token before separator in datalayout string");
    rejects("n4294967296", "not a number, or does not fit in an unsigned int");
    rejects("n-1", "not a number, or does not fit in an unsigned int");
    rejects("n:8", "not a number, or does not fit in an unsigned int");
    rejects("S", "not a number, or does not fit in an unsigned int");
    rejects("S7", "number of bits must be a byte width multiple");
    rejects("S24", "Alignment is neither 0 nor a power of 2");
    rejects("S:32", "not a number, or does not fit in an unsigned int");
    rejects("S18446744073709551616", "not a number, or does not fit in an unsigned int");
    rejects("F", "Unknown function pointer alignment type in datalayout string");
    rejects("F:i8", "Unknown function pointer alignment type in datalayout string");
    rejects("Fx8", "Unknown function pointer alignment type in datalayout string");
    rejects("Fi", "not a number, or does not fit in an unsigned int");
    rejects("Fn24", "Alignment is neither 0 nor a power of 2");
    rejects("P", "not a number, or does not fit in an unsigned int");
    rejects("A:1", "not a number, or does not fit in an unsigned int");
    // The first bad specification wins.
    rejects("e-p:0:64-x", "Invalid pointer size of 0 bytes");
  });

  it("accepts what LLVM 19 accepts, including its lenient corners", () => {
    accepts("");
    accepts("p:33:64");            // pointer widths need not be whole bytes
    accepts("p:64:64:64:32");
    accepts("p1:64:64:64:64:64");  // components past the index width are ignored
    accepts("p:64:64:64:64:x");
    accepts("ni:16777216");        // ni: takes any 32-bit number
    accepts("ni:1:2");
    accepts("i8:8:16");
    accepts("i0:8");
    accepts("i:8");
    accepts("f:8");
    accepts("i32:32:32:32");
    accepts("a:0");
    accepts("a:0:0");
    accepts("a:8:0");
    accepts("eee");
    accepts("E:x");
    accepts("s");
    accepts("s0:64");
    accepts("s:abc");
    accepts("S0");
    accepts("S9223372036854775808");
    accepts("Fi0");
    accepts("Fi8:x");
    accepts("P1:xyz");
    accepts("f80:128");
    accepts("m:o");
  });

  it("keeps the layout string and falls back to the defaults after an error", () => {
    resetTypes();
    expect(dl("E-p:32:32-S64")).toBe(true);
    expect(dataLayoutStrLen()).toBe(13);
    expect(load<u8>(dataLayoutStrPtr())).toBe(0x45);
    expect(isBigEndian()).toBe(true);
    expect(pointerSizeInBits(0)).toBe(32);
    expect(dl("E-p:32:32-x")).toBe(false);
    expect(dataLayoutError()).toBe("Unknown specifier in datalayout string");
    expect(isBigEndian()).toBe(false);
    expect(pointerSizeInBits(0)).toBe(64);
    expect(stackAlignment()).toBe(0);
    expect(dataLayoutStrLen()).toBe(0);
    resetDataLayout();
    expect(dataLayoutError()).toBe("");
  });

  it("lets a later specification override an earlier one", () => {
    useLayout("i64:32:64-i64:64-p:32:32-p:16:16-S32-S64-E-e");
    expect(abiAlignment(T_I64)).toBe(8);
    expect(prefAlignment(T_I64)).toBe(8);
    expect(pointerSizeInBits(0)).toBe(16);
    expect(stackAlignment()).toBe(8);
    expect(isLittleEndian()).toBe(true);
  });
});

// ---- properties -------------------------------------------------------------------------------

describe("layout properties", () => {
  it("defaults (no target datalayout)", () => {
    useLayout("");
    expect(isLittleEndian()).toBe(true);
    expect(pointerSizeInBits(0)).toBe(64);
    expect(pointerSizeInBits(3)).toBe(64);
    expect(indexSizeInBits(0)).toBe(64);
    expect(pointerABIAlignment(0)).toBe(8);
    expect(stackAlignment()).toBe(0);
    expect(allocaAddrSpace()).toBe(0);
    expect(programAddrSpace()).toBe(0);
    expect(globalsAddrSpace()).toBe(0);
    expect(mangling()).toBe(MM_NONE);
    expect(functionPtrAlign()).toBe(0);
    expect(aggregateABIAlignment()).toBe(1);
    expect(aggregatePrefAlignment()).toBe(8);
    expect(legalIntegerCount()).toBe(0);
    expect(largestLegalIntWidth()).toBe(0);
    expect(isLegalInteger(32)).toBe(false);
    expect(integerAlignment(128, true)).toBe(4);   // widest default spec is i64:32:64
    expect(integerAlignment(128, false)).toBe(8);
    expect(integerAlignment(24, true)).toBe(4);    // next wider spec (i32)
    expect(integerAlignment(9, true)).toBe(2);     // i16
  });

  it("x86_64", () => {
    useLayout(X86_64);
    expect(isLittleEndian()).toBe(true);
    expect(mangling()).toBe(MM_ELF);
    expect(stackAlignment()).toBe(16);
    expect(pointerSizeInBits(0)).toBe(64);
    expect(pointerSizeInBits(270)).toBe(32);
    expect(pointerSizeInBits(271)).toBe(32);
    expect(pointerSizeInBits(272)).toBe(64);
    expect(pointerSizeInBits(1)).toBe(64);          // unspecified: address space 0's
    expect(pointerTypeSizeInBits(ty("<2 x ptr addrspace(270)>"))).toBe(32);
    expect(indexTypeSizeInBits(ty("ptr addrspace(270)"))).toBe(32);
    expect(pointerTypeSizeInBits(T_I64)).toBe(-1);
    expect(legalIntegerCount()).toBe(4);
    expect(legalIntegerAt(3)).toBe(64);
    expect(isLegalInteger(64)).toBe(true);
    expect(isLegalInteger(128)).toBe(false);
    expect(largestLegalIntWidth()).toBe(64);
    expect(smallestLegalIntWidth(17)).toBe(32);
    expect(smallestLegalIntWidth(65)).toBe(-1);
    expect(fitsInLegalInteger(64)).toBe(true);
    expect(fitsInLegalInteger(65)).toBe(false);
    expect(isNonIntegralAddressSpace(270)).toBe(false);
    expect(maxIndexSizeInBits()).toBe(64);
  });

  it("i386", () => {
    useLayout(I386);
    expect(pointerSizeInBits(0)).toBe(32);
    expect(pointerSize(0)).toBe(4);
    expect(indexSizeInBits(0)).toBe(32);
    expect(pointerSizeInBits(272)).toBe(64);
    expect(largestLegalIntWidth()).toBe(32);
    expect(isLegalInteger(64)).toBe(false);
    expect(typeSizeInBits(T_X86FP80)).toBe(80);
    expect(typeStoreSize(T_X86FP80)).toBe(10);
    expect(typeAllocSize(T_X86FP80)).toBe(12);      // f80:32
    expect(abiAlignment(T_DOUBLE)).toBe(4);         // f64:32:64
    expect(prefAlignment(T_DOUBLE)).toBe(8);
  });

  it("aarch64", () => {
    useLayout(AARCH64);
    expect(mangling()).toBe(MM_ELF);
    expect(functionPtrAlign()).toBe(4);
    expect(functionPtrAlignType()).toBe(FPA_MULTIPLE_OF_FUNCTION_ALIGN);
    expect(prefAlignment(T_I8)).toBe(4);            // i8:8:32
    expect(abiAlignment(T_I8)).toBe(1);
    expect(legalIntegerCount()).toBe(2);
    expect(legalIntegerAt(0)).toBe(32);
    expect(smallestLegalIntWidth(8)).toBe(32);
  });

  it("AMDGPU: several pointer sizes, index widths and non-integral address spaces", () => {
    useLayout(AMDGPU);
    expect(pointerSizeInBits(0)).toBe(64);
    expect(pointerSizeInBits(1)).toBe(64);
    expect(pointerSizeInBits(2)).toBe(32);
    expect(pointerSizeInBits(3)).toBe(32);
    expect(pointerSizeInBits(5)).toBe(32);
    expect(pointerSizeInBits(7)).toBe(160);
    expect(pointerSize(7)).toBe(20);
    expect(indexSizeInBits(7)).toBe(32);
    expect(indexSize(7)).toBe(4);
    expect(pointerABIAlignment(7)).toBe(32);
    expect(pointerPrefAlignment(7)).toBe(32);
    expect(pointerSizeInBits(8)).toBe(128);
    expect(indexSizeInBits(8)).toBe(128);
    expect(pointerSizeInBits(9)).toBe(192);
    expect(indexSizeInBits(9)).toBe(32);
    expect(pointerSizeInBits(10)).toBe(64);
    // LLVM 19's getMaxIndexSizeInBits takes the widest pointer, not the widest index.
    expect(maxIndexSizeInBits()).toBe(192);
    expect(isNonIntegralAddressSpace(7)).toBe(true);
    expect(isNonIntegralAddressSpace(8)).toBe(true);
    expect(isNonIntegralAddressSpace(9)).toBe(true);
    expect(isNonIntegralAddressSpace(1)).toBe(false);
    expect(isNonIntegralAddressSpace(0)).toBe(false);
    expect(isNonIntegralPointerType(ty("ptr addrspace(8)"))).toBe(true);
    expect(isNonIntegralPointerType(ty("ptr addrspace(3)"))).toBe(false);
    expect(isNonIntegralPointerType(ty("<2 x ptr addrspace(8)>"))).toBe(false);
    expect(allocaAddrSpace()).toBe(5);
    expect(globalsAddrSpace()).toBe(1);
    expect(programAddrSpace()).toBe(0);
    expect(stackAlignment()).toBe(4);
    expect(typeSizeInBits(ty("ptr addrspace(7)"))).toBe(160);
    expect(typeStoreSize(ty("ptr addrspace(7)"))).toBe(20);
    expect(typeSizeInBits(ty("<2 x ptr addrspace(7)>"))).toBe(320);
    expect(abiAlignment(T_I128)).toBe(8);           // no i128 spec: the widest (i64:64)
  });

  it("big endian targets", () => {
    useLayout(PPC64);
    expect(isBigEndian()).toBe(true);
    expect(isLittleEndian()).toBe(false);
    expect(functionPtrAlign()).toBe(8);
    expect(functionPtrAlignType()).toBe(FPA_INDEPENDENT);
    expect(stackAlignment()).toBe(16);
    useLayout(S390X);
    expect(isBigEndian()).toBe(true);
    expect(aggregateABIAlignment()).toBe(1);
    expect(aggregatePrefAlignment()).toBe(2);
    expect(stackAlignment()).toBe(0);
    useLayout(MIPS);
    expect(isBigEndian()).toBe(true);
    expect(mangling()).toBe(MM_MIPS);
    expect(stackAlignment()).toBe(8);
    expect(pointerSizeInBits(0)).toBe(32);
  });

  it("address spaces, mangling modes and ni: without a pointer spec", () => {
    useLayout("P1-A2-G3-m:x-ni:4");
    expect(programAddrSpace()).toBe(1);
    expect(allocaAddrSpace()).toBe(2);
    expect(globalsAddrSpace()).toBe(3);
    expect(mangling()).toBe(MM_WINCOFF_X86);
    expect(isNonIntegralAddressSpace(4)).toBe(true);
    expect(pointerSizeInBits(4)).toBe(64);
    useLayout("m:o");
    expect(mangling()).toBe(MM_MACHO);
  });
});

// ---- sizes ------------------------------------------------------------------------------------

describe("type sizes", () => {
  it("bit sizes are exact; store sizes round to bytes; alloc sizes to the ABI alignment", () => {
    useLayout(X86_64);
    let i17 = intType(17);
    expect(typeSizeInBits(i17)).toBe(17);
    expect(typeStoreSize(i17)).toBe(3);
    expect(typeStoreSizeInBits(i17)).toBe(24);
    expect(typeAllocSize(i17)).toBe(4);
    expect(typeAllocSizeInBits(i17)).toBe(32);
    expect(typeSizeInBits(T_I1)).toBe(1);
    expect(typeStoreSize(T_I1)).toBe(1);
    expect(typeSizeInBits(T_X86FP80)).toBe(80);
    expect(typeStoreSize(T_X86FP80)).toBe(10);
    expect(typeAllocSize(T_X86FP80)).toBe(16);
    expect(typeSizeInBits(T_PPCFP128)).toBe(128);
    expect(typeSizeInBits(T_BFLOAT)).toBe(16);
    expect(typeSizeInBits(ty("<3 x i1>"))).toBe(3);
    expect(typeStoreSize(ty("<3 x i1>"))).toBe(1);
    expect(typeSizeInBits(ty("<3 x i32>"))).toBe(96);
    expect(typeStoreSize(ty("<3 x i32>"))).toBe(12);
    expect(typeAllocSize(ty("<3 x i32>"))).toBe(16);
    expect(typeSizeInBits(ty("<2 x ptr addrspace(270)>"))).toBe(64);
    expect(typeSizeInBits(ty("[3 x i17]"))).toBe(96);   // elements at alloc-size stride
    expect(typeSizeInBits(ty("{ i8, i32 }"))).toBe(64);
    expect(typeSizeInBits(T_X86MMX)).toBe(64);
    expect(typeSizeInBits(T_X86AMX)).toBe(8192);
    expect(abiAlignment(T_X86AMX)).toBe(64);
    expect(typeAllocSize(ty("[1000000000 x [1000 x i64]]"))).toBe(8000000000000);
    expect(typeIsSized(T_I32)).toBe(true);
  });

  it("unsized types answer -1", () => {
    useLayout(X86_64);
    let params = new I32Vec(2);
    let fn = internType(TK.Function, T_VOID, 0, 0, params.ptr, 0);
    let opaque = newNamedStruct(-1, 0);
    setStructOpaque(opaque);
    let elems = new I32Vec(2);
    elems.push(T_I8); elems.push(opaque);
    let holder = structType(elems, 0, 2, false);
    let arr = arrayType(opaque, 4);
    let unsized: i32[] = [T_VOID, T_LABEL, T_METADATA, T_TOKEN, fn, opaque, holder, arr];
    for (let i = 0; i < unsized.length; i++) {
      let t = unsized[i];
      expect(typeIsSized(t)).toBe(false, "sized? type #" + i.toString());
      expect(typeSizeInBits(t)).toBe(-1, "bits of type #" + i.toString());
      expect(typeStoreSize(t)).toBe(-1);
      expect(typeAllocSize(t)).toBe(-1);
      expect(abiAlignment(t)).toBe(-1);
      expect(prefAlignment(t)).toBe(-1);
    }
    expect(structSize(opaque)).toBe(-1);
    expect(structMemberOffset(holder, 0)).toBe(-1);
    expect(structSize(T_I32)).toBe(-1);             // not a struct
  });

  it("named structs: laid out like literals; a body set later is seen; self-containment is unsized", () => {
    useLayout(X86_64);
    let n = newNamedStruct(-1, 0);
    expect(typeIsSized(n)).toBe(false);             // no body yet (not cached)
    let elems = new I32Vec(4);
    elems.push(T_I8); elems.push(T_DOUBLE); elems.push(T_I16);
    setStructBody(n, elems, 0, 3, false);
    expect(structSize(n)).toBe(24);
    expect(structMemberOffset(n, 1)).toBe(8);
    expect(structMemberOffset(n, 2)).toBe(16);
    expect(structMemberOffset(n, 3)).toBe(-1);
    expect(abiAlignment(n)).toBe(8);
    let packed = newNamedStruct(-1, 1);
    setStructBody(packed, elems, 0, 3, true);
    expect(structSize(packed)).toBe(11);
    expect(abiAlignment(packed)).toBe(1);
    expect(prefAlignment(packed)).toBe(8);
    // %a = type { i32, %b }, %b = type { %a }: neither is sized, and asking must not loop.
    let a = newNamedStruct(-1, 2), b = newNamedStruct(-1, 3);
    let ea = new I32Vec(2); ea.push(T_I32); ea.push(b);
    let eb = new I32Vec(2); eb.push(a);
    setStructBody(a, ea, 0, 2, false);
    setStructBody(b, eb, 0, 1, false);
    expect(typeSizeInBits(a)).toBe(-1);
    expect(typeAllocSize(b)).toBe(-1);
    expect(typeIsScalable(a)).toBe(false);
    // A struct holding a pointer to itself is fine.
    let c = newNamedStruct(-1, 4);
    let ec = new I32Vec(2); ec.push(T_PTR); ec.push(T_I32);
    setStructBody(c, ec, 0, 2, false);
    expect(structSize(c)).toBe(16);
  });

  it("struct queries: padding, member alignment, containing element", () => {
    useLayout(X86_64);
    expect(structIsPadded(ty("{ i8, i32 }"))).toBe(true);
    expect(structIsPadded(ty("{ i32, i8 }"))).toBe(true);   // tail padding
    expect(structIsPadded(ty("{ i32, i32 }"))).toBe(false);
    expect(structIsPadded(ty("<{ i8, i32 }>"))).toBe(false);
    expect(structAlignment(ty("{ i8, i64 }"))).toBe(8);
    expect(structAlignment(ty("{}"))).toBe(1);
    expect(structSize(ty("{}"))).toBe(0);
    let t = ty("{ i32, [0 x i32], i32 }");
    expect(structElementContainingOffset(t, 0)).toBe(0);
    expect(structElementContainingOffset(t, 3)).toBe(0);
    expect(structElementContainingOffset(t, 4)).toBe(2);   // the last member at offset 4, as LLVM
    expect(structElementContainingOffset(t, 7)).toBe(2);
    expect(structElementContainingOffset(t, 8)).toBe(-1);
    expect(structElementContainingOffset(t, -1)).toBe(-1);
    // a: raises every struct's alignment, not its layout size.
    useLayout(ODD);
    expect(structSize(ty("{ i8 }"))).toBe(1);
    expect(typeAllocSize(ty("{ i8 }"))).toBe(4);
    expect(structAlignment(ty("{ i8 }"))).toBe(1);
  });

  it("a type-table reset drops cached struct layouts by itself", () => {
    resetTypes();
    assert(dl(X86_64));
    let a = ty("{ i8, i64 }");
    expect(structMemberOffset(a, 1)).toBe(8);
    resetTypes();
    let b = ty("{ i8, i16 }");
    expect(b).toBe(a);                               // the id is reused
    expect(structMemberOffset(b, 1)).toBe(2);
    expect(typeAllocSize(b)).toBe(4);
  });

  it("scalable vectors report their known minimum and a flag", () => {
    useLayout(X86_64);
    let v = ty("<vscale x 4 x i32>");
    expect(typeSizeInBits(v)).toBe(128);
    expect(typeIsScalable(v)).toBe(true);
    expect(abiAlignment(v)).toBe(16);
    expect(typeAllocSize(v)).toBe(16);
    let b = ty("<vscale x 2 x i1>");
    expect(typeSizeInBits(b)).toBe(2);
    expect(typeStoreSize(b)).toBe(1);
    expect(abiAlignment(b)).toBe(1);
    // alignments below checked against opt-19 (alloca / load without align)
    expect(prefAlignment(ty("<vscale x 1 x i64>"))).toBe(8);
    expect(prefAlignment(ty("<vscale x 3 x i32>"))).toBe(16);
    expect(abiAlignment(ty("<vscale x 8 x i1>"))).toBe(1);
    let s = ty("{ <vscale x 4 x i32>, <vscale x 4 x i32> }");
    expect(typeIsSized(s)).toBe(true);
    expect(typeIsScalable(s)).toBe(true);
    expect(structSize(s)).toBe(32);
    expect(structMemberOffset(s, 1)).toBe(16);
    expect(abiAlignment(s)).toBe(16);
    let a = ty("[2 x <vscale x 4 x i32>]");
    expect(typeIsScalable(a)).toBe(true);
    expect(typeAllocSize(a)).toBe(32);
    expect(prefAlignment(a)).toBe(16);
    // Mixed fixed / scalable members: unsized (opt-19: "Cannot allocate unsized type").
    let m = ty("{ i32, <vscale x 4 x i32> }");
    expect(typeIsSized(m)).toBe(false);
    expect(typeIsScalable(m)).toBe(true);
    expect(typeSizeInBits(m)).toBe(-1);
    expect(typeIsScalable(ty("{ i32, { <vscale x 2 x i64> } }"))).toBe(true);
    expect(typeIsScalable(ty("{ i32, [2 x i32] }"))).toBe(false);
    expect(typeIsScalable(ty("<4 x i32>"))).toBe(false);
  });

  it("target extension types take LLVM 19's layout types (values from opt-19)", () => {
    useLayout(X86_64);
    let tab = new StrTab();
    let ev = internType(TK.TargetExt, tab.internStr("spirv.Event"), 0, 0, 0, 0);
    let sc = internType(TK.TargetExt, tab.internStr("aarch64.svcount"), 0, 0, 0, 0);
    let foo = internType(TK.TargetExt, tab.internStr("foo"), 0, 0, 0, 0);
    expect(typeIsSized(ev)).toBe(false);            // names not registered yet
    setDataLayoutNames(tab);
    expect(typeSizeInBits(ev)).toBe(64);
    expect(abiAlignment(ev)).toBe(8);
    expect(prefAlignment(ev)).toBe(8);
    expect(typeSizeInBits(sc)).toBe(16);
    expect(typeIsScalable(sc)).toBe(true);
    expect(abiAlignment(sc)).toBe(2);
    expect(prefAlignment(sc)).toBe(2);
    expect(typeIsSized(foo)).toBe(false);
    expect(typeAllocSize(foo)).toBe(-1);
    let e = new I32Vec(2); e.push(T_I8); e.push(ev);
    let st = structType(e, 0, 2, false);
    expect(structMemberOffset(st, 1)).toBe(8);
    setDataLayoutNames(null);
  });
});

describe("robustness", () => {
  it("random specification soup never traps: it parses or leaves a message and the defaults", () => {
    resetTypes();
    let alphabet = "eEpPAGSFimnafvs:-0123456789xo";
    let seed: u32 = 12345;
    let buf = heap.alloc(64);
    for (let k = 0; k < 2000; k++) {
      seed = seed * 1103515245 + 12345;
      let n = <i32>((seed >>> 16) % 40);
      for (let i = 0; i < n; i++) {
        seed = seed * 1103515245 + 12345;
        store<u8>(buf + <usize>i, <u8>alphabet.charCodeAt(<i32>((seed >>> 16) % <u32>alphabet.length)));
      }
      let ok = parseDataLayout(buf, n);
      if (!ok) {
        expect(dataLayoutError().length).toBeGreaterThan(0);
        expect(pointerSizeInBits(0)).toBe(64);
      }
      expect(typeAllocSize(T_I64)).toBeGreaterThan(0);
      expect(abiAlignment(T_PTR)).toBeGreaterThan(0);
    }
  });
});

describe("DEFAULT layout: no target datalayout: LLVM's defaults", () => {
  it("alloc size, ABI and preferred alignment of each type (values from opt-19)", () => {
    useLayout(DEFAULT);
    sizeAlign("i1", 1, 1, 1); sizeAlign("i8", 1, 1, 1); sizeAlign("i16", 2, 2, 2);
    sizeAlign("i17", 4, 4, 4); sizeAlign("i24", 4, 4, 4); sizeAlign("i32", 4, 4, 4);
    sizeAlign("i48", 8, 4, 8); sizeAlign("i64", 8, 4, 8); sizeAlign("i65", 12, 4, 8);
    sizeAlign("i96", 12, 4, 8); sizeAlign("i128", 16, 4, 8); sizeAlign("i256", 32, 4, 8);
    sizeAlign("half", 2, 2, 2); sizeAlign("bfloat", 2, 2, 2); sizeAlign("float", 4, 4, 4);
    sizeAlign("double", 8, 8, 8); sizeAlign("x86_fp80", 16, 16, 16); sizeAlign("fp128", 16, 16, 16);
    sizeAlign("ppc_fp128", 16, 16, 16); sizeAlign("x86_mmx", 8, 8, 8); sizeAlign("ptr", 8, 8, 8);
    sizeAlign("ptr addrspace(1)", 8, 8, 8); sizeAlign("ptr addrspace(3)", 8, 8, 8); sizeAlign("ptr addrspace(5)", 8, 8, 8);
    sizeAlign("ptr addrspace(7)", 8, 8, 8); sizeAlign("ptr addrspace(8)", 8, 8, 8); sizeAlign("ptr addrspace(9)", 8, 8, 8);
    sizeAlign("ptr addrspace(270)", 8, 8, 8); sizeAlign("ptr addrspace(272)", 8, 8, 8); sizeAlign("<2 x i32>", 8, 8, 8);
    sizeAlign("<3 x i32>", 16, 16, 16); sizeAlign("<4 x float>", 16, 16, 16); sizeAlign("<8 x i1>", 1, 1, 1);
    sizeAlign("<3 x i1>", 1, 1, 1); sizeAlign("<16 x i8>", 16, 16, 16); sizeAlign("<6 x i8>", 8, 8, 8);
    sizeAlign("<4 x i64>", 32, 32, 32); sizeAlign("<2 x ptr>", 16, 16, 16); sizeAlign("<3 x half>", 8, 8, 8);
    sizeAlign("<8 x double>", 64, 64, 64); sizeAlign("<2 x ptr addrspace(5)>", 16, 16, 16); sizeAlign("[3 x i8]", 3, 1, 1);
    sizeAlign("[5 x i32]", 20, 4, 4); sizeAlign("[2 x x86_fp80]", 32, 16, 16); sizeAlign("[0 x i64]", 0, 4, 8);
    sizeAlign("[4 x <3 x i32>]", 64, 16, 16); sizeAlign("{}", 0, 1, 8); sizeAlign("{ i8 }", 1, 1, 8);
    sizeAlign("{ i8, i32 }", 8, 4, 8); sizeAlign("{ i8, i64 }", 12, 4, 8); sizeAlign("{ i8, double }", 16, 8, 8);
    sizeAlign("{ i8, i128 }", 20, 4, 8); sizeAlign("{ i8, x86_fp80 }", 32, 16, 16); sizeAlign("{ i8, x86_fp80, i8 }", 48, 16, 16);
    sizeAlign("{ i32, i8 }", 8, 4, 8); sizeAlign("<{ i8, i32 }>", 5, 1, 8); sizeAlign("<{ i8, i64, i16 }>", 11, 1, 8);
    sizeAlign("{ i8, <4 x i32> }", 32, 16, 16); sizeAlign("{ i8, { i8, i16 }, i64 }", 16, 4, 8); sizeAlign("{ [3 x i8], i16 }", 6, 2, 8);
    sizeAlign("{ i1, ptr, i1 }", 24, 8, 8); sizeAlign("{ i8, ptr addrspace(7) }", 16, 8, 8); sizeAlign("{ i8, ptr addrspace(3), i64 }", 24, 8, 8);
    sizeAlign("{ i16, fp128 }", 32, 16, 16); sizeAlign("{ double, i8 }", 16, 8, 8); sizeAlign("{ i8, [0 x i32], i8 }", 8, 4, 8);
    sizeAlign("{ i8, <3 x i1>, i8 }", 3, 1, 8); sizeAlign("{ i8, <3 x i32>, i8 }", 48, 16, 16); sizeAlign("{ <{ i8, i32 }>, i8 }", 6, 1, 8);
    sizeAlign("{ i8, <{ i8, i32 }> }", 6, 1, 8); sizeAlign("{ float, { double, i8 }, i8 }", 32, 8, 8); sizeAlign("{ i8, half, bfloat, float }", 12, 4, 8);
    sizeAlign("[3 x { i8, i32, i8 }]", 36, 4, 8); sizeAlign("{ i8, [3 x { i16, i8 }] }", 14, 2, 8); sizeAlign("{ i8, i24, i48 }", 16, 4, 8);
    sizeAlign("<2 x ptr addrspace(7)>", 16, 16, 16); sizeAlign("{ i8, ptr addrspace(9), i8 }", 24, 8, 8); sizeAlign("[3 x i17]", 12, 4, 4);
    sizeAlign("<4 x i24>", 16, 16, 16); sizeAlign("<3 x ptr addrspace(3)>", 32, 32, 32); sizeAlign("{ i8, ptr addrspace(3), i8 }", 24, 8, 8);
  });
  it("struct member offsets (values from opt-19)", () => {
    useLayout(DEFAULT);
    offsets("{ i8 }", 1, [0]); offsets("{ i8, i32 }", 8, [0, 4]);
    offsets("{ i8, i64 }", 12, [0, 4]); offsets("{ i8, double }", 16, [0, 8]);
    offsets("{ i8, i128 }", 20, [0, 4]); offsets("{ i8, x86_fp80 }", 32, [0, 16]);
    offsets("{ i8, x86_fp80, i8 }", 48, [0, 16, 32]); offsets("{ i32, i8 }", 8, [0, 4]);
    offsets("<{ i8, i32 }>", 5, [0, 1]); offsets("<{ i8, i64, i16 }>", 11, [0, 1, 9]);
    offsets("{ i8, <4 x i32> }", 32, [0, 16]); offsets("{ i8, { i8, i16 }, i64 }", 16, [0, 2, 8]);
    offsets("{ [3 x i8], i16 }", 6, [0, 4]); offsets("{ i1, ptr, i1 }", 24, [0, 8, 16]);
    offsets("{ i8, ptr addrspace(7) }", 16, [0, 8]); offsets("{ i8, ptr addrspace(3), i64 }", 24, [0, 8, 16]);
    offsets("{ i16, fp128 }", 32, [0, 16]); offsets("{ double, i8 }", 16, [0, 8]);
    offsets("{ i8, [0 x i32], i8 }", 8, [0, 4, 4]); offsets("{ i8, <3 x i1>, i8 }", 3, [0, 1, 2]);
    offsets("{ i8, <3 x i32>, i8 }", 48, [0, 16, 32]); offsets("{ <{ i8, i32 }>, i8 }", 6, [0, 5]);
    offsets("{ i8, <{ i8, i32 }> }", 6, [0, 1]); offsets("{ float, { double, i8 }, i8 }", 32, [0, 8, 24]);
    offsets("{ i8, half, bfloat, float }", 12, [0, 2, 4, 8]); offsets("{ i8, [3 x { i16, i8 }] }", 14, [0, 2]);
    offsets("{ i8, i24, i48 }", 16, [0, 4, 8]); offsets("{ i8, ptr addrspace(9), i8 }", 24, [0, 8, 16]);
    offsets("{ i8, ptr addrspace(3), i8 }", 24, [0, 8, 16]);
  });
});

describe("X86_64 layout: clang-19 -target x86_64-unknown-linux-gnu", () => {
  it("alloc size, ABI and preferred alignment of each type (values from opt-19)", () => {
    useLayout(X86_64);
    sizeAlign("i1", 1, 1, 1); sizeAlign("i8", 1, 1, 1); sizeAlign("i16", 2, 2, 2);
    sizeAlign("i17", 4, 4, 4); sizeAlign("i24", 4, 4, 4); sizeAlign("i32", 4, 4, 4);
    sizeAlign("i48", 8, 8, 8); sizeAlign("i64", 8, 8, 8); sizeAlign("i65", 16, 16, 16);
    sizeAlign("i96", 16, 16, 16); sizeAlign("i128", 16, 16, 16); sizeAlign("i256", 32, 16, 16);
    sizeAlign("half", 2, 2, 2); sizeAlign("bfloat", 2, 2, 2); sizeAlign("float", 4, 4, 4);
    sizeAlign("double", 8, 8, 8); sizeAlign("x86_fp80", 16, 16, 16); sizeAlign("fp128", 16, 16, 16);
    sizeAlign("ppc_fp128", 16, 16, 16); sizeAlign("x86_mmx", 8, 8, 8); sizeAlign("ptr", 8, 8, 8);
    sizeAlign("ptr addrspace(1)", 8, 8, 8); sizeAlign("ptr addrspace(3)", 8, 8, 8); sizeAlign("ptr addrspace(5)", 8, 8, 8);
    sizeAlign("ptr addrspace(7)", 8, 8, 8); sizeAlign("ptr addrspace(8)", 8, 8, 8); sizeAlign("ptr addrspace(9)", 8, 8, 8);
    sizeAlign("ptr addrspace(270)", 4, 4, 4); sizeAlign("ptr addrspace(272)", 8, 8, 8); sizeAlign("<2 x i32>", 8, 8, 8);
    sizeAlign("<3 x i32>", 16, 16, 16); sizeAlign("<4 x float>", 16, 16, 16); sizeAlign("<8 x i1>", 1, 1, 1);
    sizeAlign("<3 x i1>", 1, 1, 1); sizeAlign("<16 x i8>", 16, 16, 16); sizeAlign("<6 x i8>", 8, 8, 8);
    sizeAlign("<4 x i64>", 32, 32, 32); sizeAlign("<2 x ptr>", 16, 16, 16); sizeAlign("<3 x half>", 8, 8, 8);
    sizeAlign("<8 x double>", 64, 64, 64); sizeAlign("<2 x ptr addrspace(5)>", 16, 16, 16); sizeAlign("[3 x i8]", 3, 1, 1);
    sizeAlign("[5 x i32]", 20, 4, 4); sizeAlign("[2 x x86_fp80]", 32, 16, 16); sizeAlign("[0 x i64]", 0, 8, 8);
    sizeAlign("[4 x <3 x i32>]", 64, 16, 16); sizeAlign("{}", 0, 1, 8); sizeAlign("{ i8 }", 1, 1, 8);
    sizeAlign("{ i8, i32 }", 8, 4, 8); sizeAlign("{ i8, i64 }", 16, 8, 8); sizeAlign("{ i8, double }", 16, 8, 8);
    sizeAlign("{ i8, i128 }", 32, 16, 16); sizeAlign("{ i8, x86_fp80 }", 32, 16, 16); sizeAlign("{ i8, x86_fp80, i8 }", 48, 16, 16);
    sizeAlign("{ i32, i8 }", 8, 4, 8); sizeAlign("<{ i8, i32 }>", 5, 1, 8); sizeAlign("<{ i8, i64, i16 }>", 11, 1, 8);
    sizeAlign("{ i8, <4 x i32> }", 32, 16, 16); sizeAlign("{ i8, { i8, i16 }, i64 }", 16, 8, 8); sizeAlign("{ [3 x i8], i16 }", 6, 2, 8);
    sizeAlign("{ i1, ptr, i1 }", 24, 8, 8); sizeAlign("{ i8, ptr addrspace(7) }", 16, 8, 8); sizeAlign("{ i8, ptr addrspace(3), i64 }", 24, 8, 8);
    sizeAlign("{ i16, fp128 }", 32, 16, 16); sizeAlign("{ double, i8 }", 16, 8, 8); sizeAlign("{ i8, [0 x i32], i8 }", 8, 4, 8);
    sizeAlign("{ i8, <3 x i1>, i8 }", 3, 1, 8); sizeAlign("{ i8, <3 x i32>, i8 }", 48, 16, 16); sizeAlign("{ <{ i8, i32 }>, i8 }", 6, 1, 8);
    sizeAlign("{ i8, <{ i8, i32 }> }", 6, 1, 8); sizeAlign("{ float, { double, i8 }, i8 }", 32, 8, 8); sizeAlign("{ i8, half, bfloat, float }", 12, 4, 8);
    sizeAlign("[3 x { i8, i32, i8 }]", 36, 4, 8); sizeAlign("{ i8, [3 x { i16, i8 }] }", 14, 2, 8); sizeAlign("{ i8, i24, i48 }", 16, 8, 8);
    sizeAlign("<2 x ptr addrspace(7)>", 16, 16, 16); sizeAlign("{ i8, ptr addrspace(9), i8 }", 24, 8, 8); sizeAlign("[3 x i17]", 12, 4, 4);
    sizeAlign("<4 x i24>", 16, 16, 16); sizeAlign("<3 x ptr addrspace(3)>", 32, 32, 32); sizeAlign("{ i8, ptr addrspace(3), i8 }", 24, 8, 8);
  });
  it("struct member offsets (values from opt-19)", () => {
    useLayout(X86_64);
    offsets("{ i8 }", 1, [0]); offsets("{ i8, i32 }", 8, [0, 4]);
    offsets("{ i8, i64 }", 16, [0, 8]); offsets("{ i8, double }", 16, [0, 8]);
    offsets("{ i8, i128 }", 32, [0, 16]); offsets("{ i8, x86_fp80 }", 32, [0, 16]);
    offsets("{ i8, x86_fp80, i8 }", 48, [0, 16, 32]); offsets("{ i32, i8 }", 8, [0, 4]);
    offsets("<{ i8, i32 }>", 5, [0, 1]); offsets("<{ i8, i64, i16 }>", 11, [0, 1, 9]);
    offsets("{ i8, <4 x i32> }", 32, [0, 16]); offsets("{ i8, { i8, i16 }, i64 }", 16, [0, 2, 8]);
    offsets("{ [3 x i8], i16 }", 6, [0, 4]); offsets("{ i1, ptr, i1 }", 24, [0, 8, 16]);
    offsets("{ i8, ptr addrspace(7) }", 16, [0, 8]); offsets("{ i8, ptr addrspace(3), i64 }", 24, [0, 8, 16]);
    offsets("{ i16, fp128 }", 32, [0, 16]); offsets("{ double, i8 }", 16, [0, 8]);
    offsets("{ i8, [0 x i32], i8 }", 8, [0, 4, 4]); offsets("{ i8, <3 x i1>, i8 }", 3, [0, 1, 2]);
    offsets("{ i8, <3 x i32>, i8 }", 48, [0, 16, 32]); offsets("{ <{ i8, i32 }>, i8 }", 6, [0, 5]);
    offsets("{ i8, <{ i8, i32 }> }", 6, [0, 1]); offsets("{ float, { double, i8 }, i8 }", 32, [0, 8, 24]);
    offsets("{ i8, half, bfloat, float }", 12, [0, 2, 4, 8]); offsets("{ i8, [3 x { i16, i8 }] }", 14, [0, 2]);
    offsets("{ i8, i24, i48 }", 16, [0, 4, 8]); offsets("{ i8, ptr addrspace(9), i8 }", 24, [0, 8, 16]);
    offsets("{ i8, ptr addrspace(3), i8 }", 24, [0, 8, 16]);
  });
  it("C structs: offsetof and sizeof from clang-19 match the IR types clang emits", () => {
    useLayout(X86_64);
    cStruct("{ i8, i32 }", 8, [0, 1], [0, 4]); // struct A
    cStruct("{ i8, i64 }", 16, [0, 1], [0, 8]); // struct B
    cStruct("{ i8, double }", 16, [0, 1], [0, 8]); // struct C
    cStruct("{ i16, i8 }", 4, [0, 1], [0, 2]); // struct D
    cStruct("{ i8, x86_fp80, i8 }", 48, [0, 1, 2], [0, 16, 32]); // struct E
    cStruct("{ i8, ptr, i8 }", 24, [0, 1, 2], [0, 8, 16]); // struct F
    cStruct("{ i32, { i16, i8 }, i64 }", 16, [0, 1, 2], [0, 4, 8]); // struct G
    cStruct("{ [3 x i8], i16, float }", 12, [0, 1, 2], [0, 4, 8]); // struct H
    cStruct("{ i8, [2 x double], i32 }", 32, [0, 1, 2], [0, 8, 24]); // struct I
    cStruct("{ float, i64, i8 }", 24, [0, 1, 2], [0, 8, 16]); // struct J
    cStruct("{ i8, i64, i16 }", 24, [0, 1, 2], [0, 8, 16]); // struct K
    cStruct("{ i8, i128 }", 32, [0, 1], [0, 16]); // struct L
  });
});

describe("I386 layout: clang-19 -target i386-unknown-linux-gnu", () => {
  it("alloc size, ABI and preferred alignment of each type (values from opt-19)", () => {
    useLayout(I386);
    sizeAlign("i1", 1, 1, 1); sizeAlign("i8", 1, 1, 1); sizeAlign("i16", 2, 2, 2);
    sizeAlign("i17", 4, 4, 4); sizeAlign("i24", 4, 4, 4); sizeAlign("i32", 4, 4, 4);
    sizeAlign("i48", 8, 4, 8); sizeAlign("i64", 8, 4, 8); sizeAlign("i65", 16, 16, 16);
    sizeAlign("i96", 16, 16, 16); sizeAlign("i128", 16, 16, 16); sizeAlign("i256", 32, 16, 16);
    sizeAlign("half", 2, 2, 2); sizeAlign("bfloat", 2, 2, 2); sizeAlign("float", 4, 4, 4);
    sizeAlign("double", 8, 4, 8); sizeAlign("x86_fp80", 12, 4, 4); sizeAlign("fp128", 16, 16, 16);
    sizeAlign("ppc_fp128", 16, 16, 16); sizeAlign("x86_mmx", 8, 8, 8); sizeAlign("ptr", 4, 4, 4);
    sizeAlign("ptr addrspace(1)", 4, 4, 4); sizeAlign("ptr addrspace(3)", 4, 4, 4); sizeAlign("ptr addrspace(5)", 4, 4, 4);
    sizeAlign("ptr addrspace(7)", 4, 4, 4); sizeAlign("ptr addrspace(8)", 4, 4, 4); sizeAlign("ptr addrspace(9)", 4, 4, 4);
    sizeAlign("ptr addrspace(270)", 4, 4, 4); sizeAlign("ptr addrspace(272)", 8, 8, 8); sizeAlign("<2 x i32>", 8, 8, 8);
    sizeAlign("<3 x i32>", 16, 16, 16); sizeAlign("<4 x float>", 16, 16, 16); sizeAlign("<8 x i1>", 1, 1, 1);
    sizeAlign("<3 x i1>", 1, 1, 1); sizeAlign("<16 x i8>", 16, 16, 16); sizeAlign("<6 x i8>", 8, 8, 8);
    sizeAlign("<4 x i64>", 32, 32, 32); sizeAlign("<2 x ptr>", 8, 8, 8); sizeAlign("<3 x half>", 8, 8, 8);
    sizeAlign("<8 x double>", 64, 64, 64); sizeAlign("<2 x ptr addrspace(5)>", 8, 8, 8); sizeAlign("[3 x i8]", 3, 1, 1);
    sizeAlign("[5 x i32]", 20, 4, 4); sizeAlign("[2 x x86_fp80]", 24, 4, 4); sizeAlign("[0 x i64]", 0, 4, 8);
    sizeAlign("[4 x <3 x i32>]", 64, 16, 16); sizeAlign("{}", 0, 1, 8); sizeAlign("{ i8 }", 1, 1, 8);
    sizeAlign("{ i8, i32 }", 8, 4, 8); sizeAlign("{ i8, i64 }", 12, 4, 8); sizeAlign("{ i8, double }", 12, 4, 8);
    sizeAlign("{ i8, i128 }", 32, 16, 16); sizeAlign("{ i8, x86_fp80 }", 16, 4, 8); sizeAlign("{ i8, x86_fp80, i8 }", 20, 4, 8);
    sizeAlign("{ i32, i8 }", 8, 4, 8); sizeAlign("<{ i8, i32 }>", 5, 1, 8); sizeAlign("<{ i8, i64, i16 }>", 11, 1, 8);
    sizeAlign("{ i8, <4 x i32> }", 32, 16, 16); sizeAlign("{ i8, { i8, i16 }, i64 }", 16, 4, 8); sizeAlign("{ [3 x i8], i16 }", 6, 2, 8);
    sizeAlign("{ i1, ptr, i1 }", 12, 4, 8); sizeAlign("{ i8, ptr addrspace(7) }", 8, 4, 8); sizeAlign("{ i8, ptr addrspace(3), i64 }", 16, 4, 8);
    sizeAlign("{ i16, fp128 }", 32, 16, 16); sizeAlign("{ double, i8 }", 12, 4, 8); sizeAlign("{ i8, [0 x i32], i8 }", 8, 4, 8);
    sizeAlign("{ i8, <3 x i1>, i8 }", 3, 1, 8); sizeAlign("{ i8, <3 x i32>, i8 }", 48, 16, 16); sizeAlign("{ <{ i8, i32 }>, i8 }", 6, 1, 8);
    sizeAlign("{ i8, <{ i8, i32 }> }", 6, 1, 8); sizeAlign("{ float, { double, i8 }, i8 }", 20, 4, 8); sizeAlign("{ i8, half, bfloat, float }", 12, 4, 8);
    sizeAlign("[3 x { i8, i32, i8 }]", 36, 4, 8); sizeAlign("{ i8, [3 x { i16, i8 }] }", 14, 2, 8); sizeAlign("{ i8, i24, i48 }", 16, 4, 8);
    sizeAlign("<2 x ptr addrspace(7)>", 8, 8, 8); sizeAlign("{ i8, ptr addrspace(9), i8 }", 12, 4, 8); sizeAlign("[3 x i17]", 12, 4, 4);
    sizeAlign("<4 x i24>", 16, 16, 16); sizeAlign("<3 x ptr addrspace(3)>", 16, 16, 16); sizeAlign("{ i8, ptr addrspace(3), i8 }", 12, 4, 8);
  });
  it("struct member offsets (values from opt-19)", () => {
    useLayout(I386);
    offsets("{ i8 }", 1, [0]); offsets("{ i8, i32 }", 8, [0, 4]);
    offsets("{ i8, i64 }", 12, [0, 4]); offsets("{ i8, double }", 12, [0, 4]);
    offsets("{ i8, i128 }", 32, [0, 16]); offsets("{ i8, x86_fp80 }", 16, [0, 4]);
    offsets("{ i8, x86_fp80, i8 }", 20, [0, 4, 16]); offsets("{ i32, i8 }", 8, [0, 4]);
    offsets("<{ i8, i32 }>", 5, [0, 1]); offsets("<{ i8, i64, i16 }>", 11, [0, 1, 9]);
    offsets("{ i8, <4 x i32> }", 32, [0, 16]); offsets("{ i8, { i8, i16 }, i64 }", 16, [0, 2, 8]);
    offsets("{ [3 x i8], i16 }", 6, [0, 4]); offsets("{ i1, ptr, i1 }", 12, [0, 4, 8]);
    offsets("{ i8, ptr addrspace(7) }", 8, [0, 4]); offsets("{ i8, ptr addrspace(3), i64 }", 16, [0, 4, 8]);
    offsets("{ i16, fp128 }", 32, [0, 16]); offsets("{ double, i8 }", 12, [0, 8]);
    offsets("{ i8, [0 x i32], i8 }", 8, [0, 4, 4]); offsets("{ i8, <3 x i1>, i8 }", 3, [0, 1, 2]);
    offsets("{ i8, <3 x i32>, i8 }", 48, [0, 16, 32]); offsets("{ <{ i8, i32 }>, i8 }", 6, [0, 5]);
    offsets("{ i8, <{ i8, i32 }> }", 6, [0, 1]); offsets("{ float, { double, i8 }, i8 }", 20, [0, 4, 16]);
    offsets("{ i8, half, bfloat, float }", 12, [0, 2, 4, 8]); offsets("{ i8, [3 x { i16, i8 }] }", 14, [0, 2]);
    offsets("{ i8, i24, i48 }", 16, [0, 4, 8]); offsets("{ i8, ptr addrspace(9), i8 }", 12, [0, 4, 8]);
    offsets("{ i8, ptr addrspace(3), i8 }", 12, [0, 4, 8]);
  });
  it("C structs: offsetof and sizeof from clang-19 match the IR types clang emits", () => {
    useLayout(I386);
    cStruct("{ i8, i32 }", 8, [0, 1], [0, 4]); // struct A
    cStruct("{ i8, i64 }", 12, [0, 1], [0, 4]); // struct B
    cStruct("{ i8, double }", 12, [0, 1], [0, 4]); // struct C
    cStruct("{ i16, i8 }", 4, [0, 1], [0, 2]); // struct D
    cStruct("{ i8, x86_fp80, i8 }", 20, [0, 1, 2], [0, 4, 16]); // struct E
    cStruct("{ i8, ptr, i8 }", 12, [0, 1, 2], [0, 4, 8]); // struct F
    cStruct("{ i32, { i16, i8 }, i64 }", 16, [0, 1, 2], [0, 4, 8]); // struct G
    cStruct("{ [3 x i8], i16, float }", 12, [0, 1, 2], [0, 4, 8]); // struct H
    cStruct("{ i8, [2 x double], i32 }", 24, [0, 1, 2], [0, 4, 20]); // struct I
    cStruct("{ float, i64, i8 }", 16, [0, 1, 2], [0, 4, 12]); // struct J
    cStruct("{ i8, i32, i16 }", 12, [0, 1, 2], [0, 4, 8]); // struct K
  });
});

describe("AARCH64 layout: clang-19 -target aarch64-unknown-linux-gnu", () => {
  it("alloc size, ABI and preferred alignment of each type (values from opt-19)", () => {
    useLayout(AARCH64);
    sizeAlign("i1", 1, 1, 1); sizeAlign("i8", 1, 1, 4); sizeAlign("i16", 2, 2, 4);
    sizeAlign("i17", 4, 4, 4); sizeAlign("i24", 4, 4, 4); sizeAlign("i32", 4, 4, 4);
    sizeAlign("i48", 8, 8, 8); sizeAlign("i64", 8, 8, 8); sizeAlign("i65", 16, 16, 16);
    sizeAlign("i96", 16, 16, 16); sizeAlign("i128", 16, 16, 16); sizeAlign("i256", 32, 16, 16);
    sizeAlign("half", 2, 2, 2); sizeAlign("bfloat", 2, 2, 2); sizeAlign("float", 4, 4, 4);
    sizeAlign("double", 8, 8, 8); sizeAlign("x86_fp80", 16, 16, 16); sizeAlign("fp128", 16, 16, 16);
    sizeAlign("ppc_fp128", 16, 16, 16); sizeAlign("x86_mmx", 8, 8, 8); sizeAlign("ptr", 8, 8, 8);
    sizeAlign("ptr addrspace(1)", 8, 8, 8); sizeAlign("ptr addrspace(3)", 8, 8, 8); sizeAlign("ptr addrspace(5)", 8, 8, 8);
    sizeAlign("ptr addrspace(7)", 8, 8, 8); sizeAlign("ptr addrspace(8)", 8, 8, 8); sizeAlign("ptr addrspace(9)", 8, 8, 8);
    sizeAlign("ptr addrspace(270)", 8, 8, 8); sizeAlign("ptr addrspace(272)", 8, 8, 8); sizeAlign("<2 x i32>", 8, 8, 8);
    sizeAlign("<3 x i32>", 16, 16, 16); sizeAlign("<4 x float>", 16, 16, 16); sizeAlign("<8 x i1>", 1, 1, 1);
    sizeAlign("<3 x i1>", 1, 1, 1); sizeAlign("<16 x i8>", 16, 16, 16); sizeAlign("<6 x i8>", 8, 8, 8);
    sizeAlign("<4 x i64>", 32, 32, 32); sizeAlign("<2 x ptr>", 16, 16, 16); sizeAlign("<3 x half>", 8, 8, 8);
    sizeAlign("<8 x double>", 64, 64, 64); sizeAlign("<2 x ptr addrspace(5)>", 16, 16, 16); sizeAlign("[3 x i8]", 3, 1, 4);
    sizeAlign("[5 x i32]", 20, 4, 4); sizeAlign("[2 x x86_fp80]", 32, 16, 16); sizeAlign("[0 x i64]", 0, 8, 8);
    sizeAlign("[4 x <3 x i32>]", 64, 16, 16); sizeAlign("{}", 0, 1, 8); sizeAlign("{ i8 }", 1, 1, 8);
    sizeAlign("{ i8, i32 }", 8, 4, 8); sizeAlign("{ i8, i64 }", 16, 8, 8); sizeAlign("{ i8, double }", 16, 8, 8);
    sizeAlign("{ i8, i128 }", 32, 16, 16); sizeAlign("{ i8, x86_fp80 }", 32, 16, 16); sizeAlign("{ i8, x86_fp80, i8 }", 48, 16, 16);
    sizeAlign("{ i32, i8 }", 8, 4, 8); sizeAlign("<{ i8, i32 }>", 5, 1, 8); sizeAlign("<{ i8, i64, i16 }>", 11, 1, 8);
    sizeAlign("{ i8, <4 x i32> }", 32, 16, 16); sizeAlign("{ i8, { i8, i16 }, i64 }", 16, 8, 8); sizeAlign("{ [3 x i8], i16 }", 6, 2, 8);
    sizeAlign("{ i1, ptr, i1 }", 24, 8, 8); sizeAlign("{ i8, ptr addrspace(7) }", 16, 8, 8); sizeAlign("{ i8, ptr addrspace(3), i64 }", 24, 8, 8);
    sizeAlign("{ i16, fp128 }", 32, 16, 16); sizeAlign("{ double, i8 }", 16, 8, 8); sizeAlign("{ i8, [0 x i32], i8 }", 8, 4, 8);
    sizeAlign("{ i8, <3 x i1>, i8 }", 3, 1, 8); sizeAlign("{ i8, <3 x i32>, i8 }", 48, 16, 16); sizeAlign("{ <{ i8, i32 }>, i8 }", 6, 1, 8);
    sizeAlign("{ i8, <{ i8, i32 }> }", 6, 1, 8); sizeAlign("{ float, { double, i8 }, i8 }", 32, 8, 8); sizeAlign("{ i8, half, bfloat, float }", 12, 4, 8);
    sizeAlign("[3 x { i8, i32, i8 }]", 36, 4, 8); sizeAlign("{ i8, [3 x { i16, i8 }] }", 14, 2, 8); sizeAlign("{ i8, i24, i48 }", 16, 8, 8);
    sizeAlign("<2 x ptr addrspace(7)>", 16, 16, 16); sizeAlign("{ i8, ptr addrspace(9), i8 }", 24, 8, 8); sizeAlign("[3 x i17]", 12, 4, 4);
    sizeAlign("<4 x i24>", 16, 16, 16); sizeAlign("<3 x ptr addrspace(3)>", 32, 32, 32); sizeAlign("{ i8, ptr addrspace(3), i8 }", 24, 8, 8);
  });
  it("struct member offsets (values from opt-19)", () => {
    useLayout(AARCH64);
    offsets("{ i8 }", 1, [0]); offsets("{ i8, i32 }", 8, [0, 4]);
    offsets("{ i8, i64 }", 16, [0, 8]); offsets("{ i8, double }", 16, [0, 8]);
    offsets("{ i8, i128 }", 32, [0, 16]); offsets("{ i8, x86_fp80 }", 32, [0, 16]);
    offsets("{ i8, x86_fp80, i8 }", 48, [0, 16, 32]); offsets("{ i32, i8 }", 8, [0, 4]);
    offsets("<{ i8, i32 }>", 5, [0, 1]); offsets("<{ i8, i64, i16 }>", 11, [0, 1, 9]);
    offsets("{ i8, <4 x i32> }", 32, [0, 16]); offsets("{ i8, { i8, i16 }, i64 }", 16, [0, 2, 8]);
    offsets("{ [3 x i8], i16 }", 6, [0, 4]); offsets("{ i1, ptr, i1 }", 24, [0, 8, 16]);
    offsets("{ i8, ptr addrspace(7) }", 16, [0, 8]); offsets("{ i8, ptr addrspace(3), i64 }", 24, [0, 8, 16]);
    offsets("{ i16, fp128 }", 32, [0, 16]); offsets("{ double, i8 }", 16, [0, 8]);
    offsets("{ i8, [0 x i32], i8 }", 8, [0, 4, 4]); offsets("{ i8, <3 x i1>, i8 }", 3, [0, 1, 2]);
    offsets("{ i8, <3 x i32>, i8 }", 48, [0, 16, 32]); offsets("{ <{ i8, i32 }>, i8 }", 6, [0, 5]);
    offsets("{ i8, <{ i8, i32 }> }", 6, [0, 1]); offsets("{ float, { double, i8 }, i8 }", 32, [0, 8, 24]);
    offsets("{ i8, half, bfloat, float }", 12, [0, 2, 4, 8]); offsets("{ i8, [3 x { i16, i8 }] }", 14, [0, 2]);
    offsets("{ i8, i24, i48 }", 16, [0, 4, 8]); offsets("{ i8, ptr addrspace(9), i8 }", 24, [0, 8, 16]);
    offsets("{ i8, ptr addrspace(3), i8 }", 24, [0, 8, 16]);
  });
  it("C structs: offsetof and sizeof from clang-19 match the IR types clang emits", () => {
    useLayout(AARCH64);
    cStruct("{ i8, i32 }", 8, [0, 1], [0, 4]); // struct A
    cStruct("{ i8, i64 }", 16, [0, 1], [0, 8]); // struct B
    cStruct("{ i8, double }", 16, [0, 1], [0, 8]); // struct C
    cStruct("{ i16, i8 }", 4, [0, 1], [0, 2]); // struct D
    cStruct("{ i8, fp128, i8 }", 48, [0, 1, 2], [0, 16, 32]); // struct E
    cStruct("{ i8, ptr, i8 }", 24, [0, 1, 2], [0, 8, 16]); // struct F
    cStruct("{ i32, { i16, i8 }, i64 }", 16, [0, 1, 2], [0, 4, 8]); // struct G
    cStruct("{ [3 x i8], i16, float }", 12, [0, 1, 2], [0, 4, 8]); // struct H
    cStruct("{ i8, [2 x double], i32 }", 32, [0, 1, 2], [0, 8, 24]); // struct I
    cStruct("{ float, i64, i8 }", 24, [0, 1, 2], [0, 8, 16]); // struct J
    cStruct("{ i8, i64, i16 }", 24, [0, 1, 2], [0, 8, 16]); // struct K
    cStruct("{ i8, i128 }", 32, [0, 1], [0, 16]); // struct L
  });
});

describe("AMDGPU layout: clang-19 -target amdgcn-amd-amdhsa", () => {
  it("alloc size, ABI and preferred alignment of each type (values from opt-19)", () => {
    useLayout(AMDGPU);
    sizeAlign("i1", 1, 1, 1); sizeAlign("i8", 1, 1, 1); sizeAlign("i16", 2, 2, 2);
    sizeAlign("i17", 4, 4, 4); sizeAlign("i24", 4, 4, 4); sizeAlign("i32", 4, 4, 4);
    sizeAlign("i48", 8, 8, 8); sizeAlign("i64", 8, 8, 8); sizeAlign("i65", 16, 8, 8);
    sizeAlign("i96", 16, 8, 8); sizeAlign("i128", 16, 8, 8); sizeAlign("i256", 32, 8, 8);
    sizeAlign("half", 2, 2, 2); sizeAlign("bfloat", 2, 2, 2); sizeAlign("float", 4, 4, 4);
    sizeAlign("double", 8, 8, 8); sizeAlign("x86_fp80", 16, 16, 16); sizeAlign("fp128", 16, 16, 16);
    sizeAlign("ppc_fp128", 16, 16, 16); sizeAlign("x86_mmx", 8, 8, 8); sizeAlign("ptr", 8, 8, 8);
    sizeAlign("ptr addrspace(1)", 8, 8, 8); sizeAlign("ptr addrspace(3)", 4, 4, 4); sizeAlign("ptr addrspace(5)", 4, 4, 4);
    sizeAlign("ptr addrspace(7)", 32, 32, 32); sizeAlign("ptr addrspace(8)", 16, 16, 16); sizeAlign("ptr addrspace(9)", 32, 32, 32);
    sizeAlign("ptr addrspace(270)", 8, 8, 8); sizeAlign("ptr addrspace(272)", 8, 8, 8); sizeAlign("<2 x i32>", 8, 8, 8);
    sizeAlign("<3 x i32>", 16, 16, 16); sizeAlign("<4 x float>", 16, 16, 16); sizeAlign("<8 x i1>", 1, 1, 1);
    sizeAlign("<3 x i1>", 1, 1, 1); sizeAlign("<16 x i8>", 16, 16, 16); sizeAlign("<6 x i8>", 8, 8, 8);
    sizeAlign("<4 x i64>", 32, 32, 32); sizeAlign("<2 x ptr>", 16, 16, 16); sizeAlign("<3 x half>", 8, 8, 8);
    sizeAlign("<8 x double>", 64, 64, 64); sizeAlign("<2 x ptr addrspace(5)>", 8, 8, 8); sizeAlign("[3 x i8]", 3, 1, 1);
    sizeAlign("[5 x i32]", 20, 4, 4); sizeAlign("[2 x x86_fp80]", 32, 16, 16); sizeAlign("[0 x i64]", 0, 8, 8);
    sizeAlign("[4 x <3 x i32>]", 64, 16, 16); sizeAlign("{}", 0, 1, 8); sizeAlign("{ i8 }", 1, 1, 8);
    sizeAlign("{ i8, i32 }", 8, 4, 8); sizeAlign("{ i8, i64 }", 16, 8, 8); sizeAlign("{ i8, double }", 16, 8, 8);
    sizeAlign("{ i8, i128 }", 24, 8, 8); sizeAlign("{ i8, x86_fp80 }", 32, 16, 16); sizeAlign("{ i8, x86_fp80, i8 }", 48, 16, 16);
    sizeAlign("{ i32, i8 }", 8, 4, 8); sizeAlign("<{ i8, i32 }>", 5, 1, 8); sizeAlign("<{ i8, i64, i16 }>", 11, 1, 8);
    sizeAlign("{ i8, <4 x i32> }", 32, 16, 16); sizeAlign("{ i8, { i8, i16 }, i64 }", 16, 8, 8); sizeAlign("{ [3 x i8], i16 }", 6, 2, 8);
    sizeAlign("{ i1, ptr, i1 }", 24, 8, 8); sizeAlign("{ i8, ptr addrspace(7) }", 64, 32, 32); sizeAlign("{ i8, ptr addrspace(3), i64 }", 16, 8, 8);
    sizeAlign("{ i16, fp128 }", 32, 16, 16); sizeAlign("{ double, i8 }", 16, 8, 8); sizeAlign("{ i8, [0 x i32], i8 }", 8, 4, 8);
    sizeAlign("{ i8, <3 x i1>, i8 }", 3, 1, 8); sizeAlign("{ i8, <3 x i32>, i8 }", 48, 16, 16); sizeAlign("{ <{ i8, i32 }>, i8 }", 6, 1, 8);
    sizeAlign("{ i8, <{ i8, i32 }> }", 6, 1, 8); sizeAlign("{ float, { double, i8 }, i8 }", 32, 8, 8); sizeAlign("{ i8, half, bfloat, float }", 12, 4, 8);
    sizeAlign("[3 x { i8, i32, i8 }]", 36, 4, 8); sizeAlign("{ i8, [3 x { i16, i8 }] }", 14, 2, 8); sizeAlign("{ i8, i24, i48 }", 16, 8, 8);
    sizeAlign("<2 x ptr addrspace(7)>", 64, 64, 64); sizeAlign("{ i8, ptr addrspace(9), i8 }", 96, 32, 32); sizeAlign("[3 x i17]", 12, 4, 4);
    sizeAlign("<4 x i24>", 16, 16, 16); sizeAlign("<3 x ptr addrspace(3)>", 16, 16, 16); sizeAlign("{ i8, ptr addrspace(3), i8 }", 12, 4, 8);
  });
  it("struct member offsets (values from opt-19)", () => {
    useLayout(AMDGPU);
    offsets("{ i8 }", 1, [0]); offsets("{ i8, i32 }", 8, [0, 4]);
    offsets("{ i8, i64 }", 16, [0, 8]); offsets("{ i8, double }", 16, [0, 8]);
    offsets("{ i8, i128 }", 24, [0, 8]); offsets("{ i8, x86_fp80 }", 32, [0, 16]);
    offsets("{ i8, x86_fp80, i8 }", 48, [0, 16, 32]); offsets("{ i32, i8 }", 8, [0, 4]);
    offsets("<{ i8, i32 }>", 5, [0, 1]); offsets("<{ i8, i64, i16 }>", 11, [0, 1, 9]);
    offsets("{ i8, <4 x i32> }", 32, [0, 16]); offsets("{ i8, { i8, i16 }, i64 }", 16, [0, 2, 8]);
    offsets("{ [3 x i8], i16 }", 6, [0, 4]); offsets("{ i1, ptr, i1 }", 24, [0, 8, 16]);
    offsets("{ i8, ptr addrspace(7) }", 64, [0, 32]); offsets("{ i8, ptr addrspace(3), i64 }", 16, [0, 4, 8]);
    offsets("{ i16, fp128 }", 32, [0, 16]); offsets("{ double, i8 }", 16, [0, 8]);
    offsets("{ i8, [0 x i32], i8 }", 8, [0, 4, 4]); offsets("{ i8, <3 x i1>, i8 }", 3, [0, 1, 2]);
    offsets("{ i8, <3 x i32>, i8 }", 48, [0, 16, 32]); offsets("{ <{ i8, i32 }>, i8 }", 6, [0, 5]);
    offsets("{ i8, <{ i8, i32 }> }", 6, [0, 1]); offsets("{ float, { double, i8 }, i8 }", 32, [0, 8, 24]);
    offsets("{ i8, half, bfloat, float }", 12, [0, 2, 4, 8]); offsets("{ i8, [3 x { i16, i8 }] }", 14, [0, 2]);
    offsets("{ i8, i24, i48 }", 16, [0, 4, 8]); offsets("{ i8, ptr addrspace(9), i8 }", 96, [0, 32, 64]);
    offsets("{ i8, ptr addrspace(3), i8 }", 12, [0, 4, 8]);
  });
  it("C structs: offsetof and sizeof from clang-19 match the IR types clang emits", () => {
    useLayout(AMDGPU);
    cStruct("{ i8, i32 }", 8, [0, 1], [0, 4]); // struct A
    cStruct("{ i8, i64 }", 16, [0, 1], [0, 8]); // struct B
    cStruct("{ i8, double }", 16, [0, 1], [0, 8]); // struct C
    cStruct("{ i16, i8 }", 4, [0, 1], [0, 2]); // struct D
    cStruct("{ i8, double, i8 }", 24, [0, 1, 2], [0, 8, 16]); // struct E
    cStruct("{ i8, ptr, i8 }", 24, [0, 1, 2], [0, 8, 16]); // struct F
    cStruct("{ i32, { i16, i8 }, i64 }", 16, [0, 1, 2], [0, 4, 8]); // struct G
    cStruct("{ [3 x i8], i16, float }", 12, [0, 1, 2], [0, 4, 8]); // struct H
    cStruct("{ i8, [2 x double], i32 }", 32, [0, 1, 2], [0, 8, 24]); // struct I
    cStruct("{ float, i64, i8 }", 24, [0, 1, 2], [0, 8, 16]); // struct J
    cStruct("{ i8, i64, i16 }", 24, [0, 1, 2], [0, 8, 16]); // struct K
    cStruct("{ i8, [15 x i8], i128 }", 32, [0, 2], [0, 16]); // struct L
    cStruct("{ i8, ptr addrspace(3), ptr addrspace(5), i64 }", 24, [0, 1, 2, 3], [0, 4, 8, 16]); // struct M
  });
});

describe("PPC64 layout: clang-19 -target powerpc64-unknown-linux-gnu (big endian)", () => {
  it("alloc size, ABI and preferred alignment of each type (values from opt-19)", () => {
    useLayout(PPC64);
    sizeAlign("i1", 1, 1, 1); sizeAlign("i8", 1, 1, 1); sizeAlign("i16", 2, 2, 2);
    sizeAlign("i17", 4, 4, 4); sizeAlign("i24", 4, 4, 4); sizeAlign("i32", 4, 4, 4);
    sizeAlign("i48", 8, 8, 8); sizeAlign("i64", 8, 8, 8); sizeAlign("i65", 16, 8, 8);
    sizeAlign("i96", 16, 8, 8); sizeAlign("i128", 16, 8, 8); sizeAlign("i256", 32, 8, 8);
    sizeAlign("half", 2, 2, 2); sizeAlign("bfloat", 2, 2, 2); sizeAlign("float", 4, 4, 4);
    sizeAlign("double", 8, 8, 8); sizeAlign("x86_fp80", 16, 16, 16); sizeAlign("fp128", 16, 16, 16);
    sizeAlign("ppc_fp128", 16, 16, 16); sizeAlign("x86_mmx", 8, 8, 8); sizeAlign("ptr", 8, 8, 8);
    sizeAlign("ptr addrspace(1)", 8, 8, 8); sizeAlign("ptr addrspace(3)", 8, 8, 8); sizeAlign("ptr addrspace(5)", 8, 8, 8);
    sizeAlign("ptr addrspace(7)", 8, 8, 8); sizeAlign("ptr addrspace(8)", 8, 8, 8); sizeAlign("ptr addrspace(9)", 8, 8, 8);
    sizeAlign("ptr addrspace(270)", 8, 8, 8); sizeAlign("ptr addrspace(272)", 8, 8, 8); sizeAlign("<2 x i32>", 8, 8, 8);
    sizeAlign("<3 x i32>", 16, 16, 16); sizeAlign("<4 x float>", 16, 16, 16); sizeAlign("<8 x i1>", 1, 1, 1);
    sizeAlign("<3 x i1>", 1, 1, 1); sizeAlign("<16 x i8>", 16, 16, 16); sizeAlign("<6 x i8>", 8, 8, 8);
    sizeAlign("<4 x i64>", 32, 32, 32); sizeAlign("<2 x ptr>", 16, 16, 16); sizeAlign("<3 x half>", 8, 8, 8);
    sizeAlign("<8 x double>", 64, 64, 64); sizeAlign("<2 x ptr addrspace(5)>", 16, 16, 16); sizeAlign("[3 x i8]", 3, 1, 1);
    sizeAlign("[5 x i32]", 20, 4, 4); sizeAlign("[2 x x86_fp80]", 32, 16, 16); sizeAlign("[0 x i64]", 0, 8, 8);
    sizeAlign("[4 x <3 x i32>]", 64, 16, 16); sizeAlign("{}", 0, 1, 8); sizeAlign("{ i8 }", 1, 1, 8);
    sizeAlign("{ i8, i32 }", 8, 4, 8); sizeAlign("{ i8, i64 }", 16, 8, 8); sizeAlign("{ i8, double }", 16, 8, 8);
    sizeAlign("{ i8, i128 }", 24, 8, 8); sizeAlign("{ i8, x86_fp80 }", 32, 16, 16); sizeAlign("{ i8, x86_fp80, i8 }", 48, 16, 16);
    sizeAlign("{ i32, i8 }", 8, 4, 8); sizeAlign("<{ i8, i32 }>", 5, 1, 8); sizeAlign("<{ i8, i64, i16 }>", 11, 1, 8);
    sizeAlign("{ i8, <4 x i32> }", 32, 16, 16); sizeAlign("{ i8, { i8, i16 }, i64 }", 16, 8, 8); sizeAlign("{ [3 x i8], i16 }", 6, 2, 8);
    sizeAlign("{ i1, ptr, i1 }", 24, 8, 8); sizeAlign("{ i8, ptr addrspace(7) }", 16, 8, 8); sizeAlign("{ i8, ptr addrspace(3), i64 }", 24, 8, 8);
    sizeAlign("{ i16, fp128 }", 32, 16, 16); sizeAlign("{ double, i8 }", 16, 8, 8); sizeAlign("{ i8, [0 x i32], i8 }", 8, 4, 8);
    sizeAlign("{ i8, <3 x i1>, i8 }", 3, 1, 8); sizeAlign("{ i8, <3 x i32>, i8 }", 48, 16, 16); sizeAlign("{ <{ i8, i32 }>, i8 }", 6, 1, 8);
    sizeAlign("{ i8, <{ i8, i32 }> }", 6, 1, 8); sizeAlign("{ float, { double, i8 }, i8 }", 32, 8, 8); sizeAlign("{ i8, half, bfloat, float }", 12, 4, 8);
    sizeAlign("[3 x { i8, i32, i8 }]", 36, 4, 8); sizeAlign("{ i8, [3 x { i16, i8 }] }", 14, 2, 8); sizeAlign("{ i8, i24, i48 }", 16, 8, 8);
    sizeAlign("<2 x ptr addrspace(7)>", 16, 16, 16); sizeAlign("{ i8, ptr addrspace(9), i8 }", 24, 8, 8); sizeAlign("[3 x i17]", 12, 4, 4);
    sizeAlign("<4 x i24>", 16, 16, 16); sizeAlign("<3 x ptr addrspace(3)>", 32, 32, 32); sizeAlign("{ i8, ptr addrspace(3), i8 }", 24, 8, 8);
  });
  it("struct member offsets (values from opt-19)", () => {
    useLayout(PPC64);
    offsets("{ i8 }", 1, [0]); offsets("{ i8, i32 }", 8, [0, 4]);
    offsets("{ i8, i64 }", 16, [0, 8]); offsets("{ i8, double }", 16, [0, 8]);
    offsets("{ i8, i128 }", 24, [0, 8]); offsets("{ i8, x86_fp80 }", 32, [0, 16]);
    offsets("{ i8, x86_fp80, i8 }", 48, [0, 16, 32]); offsets("{ i32, i8 }", 8, [0, 4]);
    offsets("<{ i8, i32 }>", 5, [0, 1]); offsets("<{ i8, i64, i16 }>", 11, [0, 1, 9]);
    offsets("{ i8, <4 x i32> }", 32, [0, 16]); offsets("{ i8, { i8, i16 }, i64 }", 16, [0, 2, 8]);
    offsets("{ [3 x i8], i16 }", 6, [0, 4]); offsets("{ i1, ptr, i1 }", 24, [0, 8, 16]);
    offsets("{ i8, ptr addrspace(7) }", 16, [0, 8]); offsets("{ i8, ptr addrspace(3), i64 }", 24, [0, 8, 16]);
    offsets("{ i16, fp128 }", 32, [0, 16]); offsets("{ double, i8 }", 16, [0, 8]);
    offsets("{ i8, [0 x i32], i8 }", 8, [0, 4, 4]); offsets("{ i8, <3 x i1>, i8 }", 3, [0, 1, 2]);
    offsets("{ i8, <3 x i32>, i8 }", 48, [0, 16, 32]); offsets("{ <{ i8, i32 }>, i8 }", 6, [0, 5]);
    offsets("{ i8, <{ i8, i32 }> }", 6, [0, 1]); offsets("{ float, { double, i8 }, i8 }", 32, [0, 8, 24]);
    offsets("{ i8, half, bfloat, float }", 12, [0, 2, 4, 8]); offsets("{ i8, [3 x { i16, i8 }] }", 14, [0, 2]);
    offsets("{ i8, i24, i48 }", 16, [0, 4, 8]); offsets("{ i8, ptr addrspace(9), i8 }", 24, [0, 8, 16]);
    offsets("{ i8, ptr addrspace(3), i8 }", 24, [0, 8, 16]);
  });
  it("C structs: offsetof and sizeof from clang-19 match the IR types clang emits", () => {
    useLayout(PPC64);
    cStruct("{ i8, i32 }", 8, [0, 1], [0, 4]); // struct A
    cStruct("{ i8, i64 }", 16, [0, 1], [0, 8]); // struct B
    cStruct("{ i8, double }", 16, [0, 1], [0, 8]); // struct C
    cStruct("{ i16, i8 }", 4, [0, 1], [0, 2]); // struct D
    cStruct("{ i8, ppc_fp128, i8, [15 x i8] }", 48, [0, 1, 2], [0, 16, 32]); // struct E
    cStruct("{ i8, ptr, i8 }", 24, [0, 1, 2], [0, 8, 16]); // struct F
    cStruct("{ i32, { i16, i8 }, i64 }", 16, [0, 1, 2], [0, 4, 8]); // struct G
    cStruct("{ [3 x i8], i16, float }", 12, [0, 1, 2], [0, 4, 8]); // struct H
    cStruct("{ i8, [2 x double], i32 }", 32, [0, 1, 2], [0, 8, 24]); // struct I
    cStruct("{ float, i64, i8 }", 24, [0, 1, 2], [0, 8, 16]); // struct J
    cStruct("{ i8, i64, i16 }", 24, [0, 1, 2], [0, 8, 16]); // struct K
    cStruct("{ i8, [15 x i8], i128 }", 32, [0, 2], [0, 16]); // struct L
  });
});

describe("S390X layout: clang-19 -target s390x-unknown-linux-gnu (big endian)", () => {
  it("alloc size, ABI and preferred alignment of each type (values from opt-19)", () => {
    useLayout(S390X);
    sizeAlign("i1", 1, 1, 2); sizeAlign("i8", 1, 1, 2); sizeAlign("i16", 2, 2, 2);
    sizeAlign("i17", 4, 4, 4); sizeAlign("i24", 4, 4, 4); sizeAlign("i32", 4, 4, 4);
    sizeAlign("i48", 8, 8, 8); sizeAlign("i64", 8, 8, 8); sizeAlign("i65", 16, 8, 8);
    sizeAlign("i96", 16, 8, 8); sizeAlign("i128", 16, 8, 8); sizeAlign("i256", 32, 8, 8);
    sizeAlign("half", 2, 2, 2); sizeAlign("bfloat", 2, 2, 2); sizeAlign("float", 4, 4, 4);
    sizeAlign("double", 8, 8, 8); sizeAlign("x86_fp80", 16, 16, 16); sizeAlign("fp128", 16, 8, 8);
    sizeAlign("ppc_fp128", 16, 8, 8); sizeAlign("x86_mmx", 8, 8, 8); sizeAlign("ptr", 8, 8, 8);
    sizeAlign("ptr addrspace(1)", 8, 8, 8); sizeAlign("ptr addrspace(3)", 8, 8, 8); sizeAlign("ptr addrspace(5)", 8, 8, 8);
    sizeAlign("ptr addrspace(7)", 8, 8, 8); sizeAlign("ptr addrspace(8)", 8, 8, 8); sizeAlign("ptr addrspace(9)", 8, 8, 8);
    sizeAlign("ptr addrspace(270)", 8, 8, 8); sizeAlign("ptr addrspace(272)", 8, 8, 8); sizeAlign("<2 x i32>", 8, 8, 8);
    sizeAlign("<3 x i32>", 16, 16, 16); sizeAlign("<4 x float>", 16, 8, 8); sizeAlign("<8 x i1>", 1, 1, 1);
    sizeAlign("<3 x i1>", 1, 1, 1); sizeAlign("<16 x i8>", 16, 8, 8); sizeAlign("<6 x i8>", 8, 8, 8);
    sizeAlign("<4 x i64>", 32, 32, 32); sizeAlign("<2 x ptr>", 16, 8, 8); sizeAlign("<3 x half>", 8, 8, 8);
    sizeAlign("<8 x double>", 64, 64, 64); sizeAlign("<2 x ptr addrspace(5)>", 16, 8, 8); sizeAlign("[3 x i8]", 3, 1, 2);
    sizeAlign("[5 x i32]", 20, 4, 4); sizeAlign("[2 x x86_fp80]", 32, 16, 16); sizeAlign("[0 x i64]", 0, 8, 8);
    sizeAlign("[4 x <3 x i32>]", 64, 16, 16); sizeAlign("{}", 0, 1, 2); sizeAlign("{ i8 }", 1, 1, 2);
    sizeAlign("{ i8, i32 }", 8, 4, 4); sizeAlign("{ i8, i64 }", 16, 8, 8); sizeAlign("{ i8, double }", 16, 8, 8);
    sizeAlign("{ i8, i128 }", 24, 8, 8); sizeAlign("{ i8, x86_fp80 }", 32, 16, 16); sizeAlign("{ i8, x86_fp80, i8 }", 48, 16, 16);
    sizeAlign("{ i32, i8 }", 8, 4, 4); sizeAlign("<{ i8, i32 }>", 5, 1, 2); sizeAlign("<{ i8, i64, i16 }>", 11, 1, 2);
    sizeAlign("{ i8, <4 x i32> }", 24, 8, 8); sizeAlign("{ i8, { i8, i16 }, i64 }", 16, 8, 8); sizeAlign("{ [3 x i8], i16 }", 6, 2, 2);
    sizeAlign("{ i1, ptr, i1 }", 24, 8, 8); sizeAlign("{ i8, ptr addrspace(7) }", 16, 8, 8); sizeAlign("{ i8, ptr addrspace(3), i64 }", 24, 8, 8);
    sizeAlign("{ i16, fp128 }", 24, 8, 8); sizeAlign("{ double, i8 }", 16, 8, 8); sizeAlign("{ i8, [0 x i32], i8 }", 8, 4, 4);
    sizeAlign("{ i8, <3 x i1>, i8 }", 3, 1, 2); sizeAlign("{ i8, <3 x i32>, i8 }", 48, 16, 16); sizeAlign("{ <{ i8, i32 }>, i8 }", 6, 1, 2);
    sizeAlign("{ i8, <{ i8, i32 }> }", 6, 1, 2); sizeAlign("{ float, { double, i8 }, i8 }", 32, 8, 8); sizeAlign("{ i8, half, bfloat, float }", 12, 4, 4);
    sizeAlign("[3 x { i8, i32, i8 }]", 36, 4, 4); sizeAlign("{ i8, [3 x { i16, i8 }] }", 14, 2, 2); sizeAlign("{ i8, i24, i48 }", 16, 8, 8);
    sizeAlign("<2 x ptr addrspace(7)>", 16, 8, 8); sizeAlign("{ i8, ptr addrspace(9), i8 }", 24, 8, 8); sizeAlign("[3 x i17]", 12, 4, 4);
    sizeAlign("<4 x i24>", 16, 16, 16); sizeAlign("<3 x ptr addrspace(3)>", 32, 32, 32); sizeAlign("{ i8, ptr addrspace(3), i8 }", 24, 8, 8);
  });
  it("struct member offsets (values from opt-19)", () => {
    useLayout(S390X);
    offsets("{ i8 }", 1, [0]); offsets("{ i8, i32 }", 8, [0, 4]);
    offsets("{ i8, i64 }", 16, [0, 8]); offsets("{ i8, double }", 16, [0, 8]);
    offsets("{ i8, i128 }", 24, [0, 8]); offsets("{ i8, x86_fp80 }", 32, [0, 16]);
    offsets("{ i8, x86_fp80, i8 }", 48, [0, 16, 32]); offsets("{ i32, i8 }", 8, [0, 4]);
    offsets("<{ i8, i32 }>", 5, [0, 1]); offsets("<{ i8, i64, i16 }>", 11, [0, 1, 9]);
    offsets("{ i8, <4 x i32> }", 24, [0, 8]); offsets("{ i8, { i8, i16 }, i64 }", 16, [0, 2, 8]);
    offsets("{ [3 x i8], i16 }", 6, [0, 4]); offsets("{ i1, ptr, i1 }", 24, [0, 8, 16]);
    offsets("{ i8, ptr addrspace(7) }", 16, [0, 8]); offsets("{ i8, ptr addrspace(3), i64 }", 24, [0, 8, 16]);
    offsets("{ i16, fp128 }", 24, [0, 8]); offsets("{ double, i8 }", 16, [0, 8]);
    offsets("{ i8, [0 x i32], i8 }", 8, [0, 4, 4]); offsets("{ i8, <3 x i1>, i8 }", 3, [0, 1, 2]);
    offsets("{ i8, <3 x i32>, i8 }", 48, [0, 16, 32]); offsets("{ <{ i8, i32 }>, i8 }", 6, [0, 5]);
    offsets("{ i8, <{ i8, i32 }> }", 6, [0, 1]); offsets("{ float, { double, i8 }, i8 }", 32, [0, 8, 24]);
    offsets("{ i8, half, bfloat, float }", 12, [0, 2, 4, 8]); offsets("{ i8, [3 x { i16, i8 }] }", 14, [0, 2]);
    offsets("{ i8, i24, i48 }", 16, [0, 4, 8]); offsets("{ i8, ptr addrspace(9), i8 }", 24, [0, 8, 16]);
    offsets("{ i8, ptr addrspace(3), i8 }", 24, [0, 8, 16]);
  });
});

describe("MIPS layout: clang-19 -target mips-unknown-linux-gnu (big endian)", () => {
  it("alloc size, ABI and preferred alignment of each type (values from opt-19)", () => {
    useLayout(MIPS);
    sizeAlign("i1", 1, 1, 1); sizeAlign("i8", 1, 1, 4); sizeAlign("i16", 2, 2, 4);
    sizeAlign("i17", 4, 4, 4); sizeAlign("i24", 4, 4, 4); sizeAlign("i32", 4, 4, 4);
    sizeAlign("i48", 8, 8, 8); sizeAlign("i64", 8, 8, 8); sizeAlign("i65", 16, 8, 8);
    sizeAlign("i96", 16, 8, 8); sizeAlign("i128", 16, 8, 8); sizeAlign("i256", 32, 8, 8);
    sizeAlign("half", 2, 2, 2); sizeAlign("bfloat", 2, 2, 2); sizeAlign("float", 4, 4, 4);
    sizeAlign("double", 8, 8, 8); sizeAlign("x86_fp80", 16, 16, 16); sizeAlign("fp128", 16, 16, 16);
    sizeAlign("ppc_fp128", 16, 16, 16); sizeAlign("x86_mmx", 8, 8, 8); sizeAlign("ptr", 4, 4, 4);
    sizeAlign("ptr addrspace(1)", 4, 4, 4); sizeAlign("ptr addrspace(3)", 4, 4, 4); sizeAlign("ptr addrspace(5)", 4, 4, 4);
    sizeAlign("ptr addrspace(7)", 4, 4, 4); sizeAlign("ptr addrspace(8)", 4, 4, 4); sizeAlign("ptr addrspace(9)", 4, 4, 4);
    sizeAlign("ptr addrspace(270)", 4, 4, 4); sizeAlign("ptr addrspace(272)", 4, 4, 4); sizeAlign("<2 x i32>", 8, 8, 8);
    sizeAlign("<3 x i32>", 16, 16, 16); sizeAlign("<4 x float>", 16, 16, 16); sizeAlign("<8 x i1>", 1, 1, 1);
    sizeAlign("<3 x i1>", 1, 1, 1); sizeAlign("<16 x i8>", 16, 16, 16); sizeAlign("<6 x i8>", 8, 8, 8);
    sizeAlign("<4 x i64>", 32, 32, 32); sizeAlign("<2 x ptr>", 8, 8, 8); sizeAlign("<3 x half>", 8, 8, 8);
    sizeAlign("<8 x double>", 64, 64, 64); sizeAlign("<2 x ptr addrspace(5)>", 8, 8, 8); sizeAlign("[3 x i8]", 3, 1, 4);
    sizeAlign("[5 x i32]", 20, 4, 4); sizeAlign("[2 x x86_fp80]", 32, 16, 16); sizeAlign("[0 x i64]", 0, 8, 8);
    sizeAlign("[4 x <3 x i32>]", 64, 16, 16); sizeAlign("{}", 0, 1, 8); sizeAlign("{ i8 }", 1, 1, 8);
    sizeAlign("{ i8, i32 }", 8, 4, 8); sizeAlign("{ i8, i64 }", 16, 8, 8); sizeAlign("{ i8, double }", 16, 8, 8);
    sizeAlign("{ i8, i128 }", 24, 8, 8); sizeAlign("{ i8, x86_fp80 }", 32, 16, 16); sizeAlign("{ i8, x86_fp80, i8 }", 48, 16, 16);
    sizeAlign("{ i32, i8 }", 8, 4, 8); sizeAlign("<{ i8, i32 }>", 5, 1, 8); sizeAlign("<{ i8, i64, i16 }>", 11, 1, 8);
    sizeAlign("{ i8, <4 x i32> }", 32, 16, 16); sizeAlign("{ i8, { i8, i16 }, i64 }", 16, 8, 8); sizeAlign("{ [3 x i8], i16 }", 6, 2, 8);
    sizeAlign("{ i1, ptr, i1 }", 12, 4, 8); sizeAlign("{ i8, ptr addrspace(7) }", 8, 4, 8); sizeAlign("{ i8, ptr addrspace(3), i64 }", 16, 8, 8);
    sizeAlign("{ i16, fp128 }", 32, 16, 16); sizeAlign("{ double, i8 }", 16, 8, 8); sizeAlign("{ i8, [0 x i32], i8 }", 8, 4, 8);
    sizeAlign("{ i8, <3 x i1>, i8 }", 3, 1, 8); sizeAlign("{ i8, <3 x i32>, i8 }", 48, 16, 16); sizeAlign("{ <{ i8, i32 }>, i8 }", 6, 1, 8);
    sizeAlign("{ i8, <{ i8, i32 }> }", 6, 1, 8); sizeAlign("{ float, { double, i8 }, i8 }", 32, 8, 8); sizeAlign("{ i8, half, bfloat, float }", 12, 4, 8);
    sizeAlign("[3 x { i8, i32, i8 }]", 36, 4, 8); sizeAlign("{ i8, [3 x { i16, i8 }] }", 14, 2, 8); sizeAlign("{ i8, i24, i48 }", 16, 8, 8);
    sizeAlign("<2 x ptr addrspace(7)>", 8, 8, 8); sizeAlign("{ i8, ptr addrspace(9), i8 }", 12, 4, 8); sizeAlign("[3 x i17]", 12, 4, 4);
    sizeAlign("<4 x i24>", 16, 16, 16); sizeAlign("<3 x ptr addrspace(3)>", 16, 16, 16); sizeAlign("{ i8, ptr addrspace(3), i8 }", 12, 4, 8);
  });
  it("struct member offsets (values from opt-19)", () => {
    useLayout(MIPS);
    offsets("{ i8 }", 1, [0]); offsets("{ i8, i32 }", 8, [0, 4]);
    offsets("{ i8, i64 }", 16, [0, 8]); offsets("{ i8, double }", 16, [0, 8]);
    offsets("{ i8, i128 }", 24, [0, 8]); offsets("{ i8, x86_fp80 }", 32, [0, 16]);
    offsets("{ i8, x86_fp80, i8 }", 48, [0, 16, 32]); offsets("{ i32, i8 }", 8, [0, 4]);
    offsets("<{ i8, i32 }>", 5, [0, 1]); offsets("<{ i8, i64, i16 }>", 11, [0, 1, 9]);
    offsets("{ i8, <4 x i32> }", 32, [0, 16]); offsets("{ i8, { i8, i16 }, i64 }", 16, [0, 2, 8]);
    offsets("{ [3 x i8], i16 }", 6, [0, 4]); offsets("{ i1, ptr, i1 }", 12, [0, 4, 8]);
    offsets("{ i8, ptr addrspace(7) }", 8, [0, 4]); offsets("{ i8, ptr addrspace(3), i64 }", 16, [0, 4, 8]);
    offsets("{ i16, fp128 }", 32, [0, 16]); offsets("{ double, i8 }", 16, [0, 8]);
    offsets("{ i8, [0 x i32], i8 }", 8, [0, 4, 4]); offsets("{ i8, <3 x i1>, i8 }", 3, [0, 1, 2]);
    offsets("{ i8, <3 x i32>, i8 }", 48, [0, 16, 32]); offsets("{ <{ i8, i32 }>, i8 }", 6, [0, 5]);
    offsets("{ i8, <{ i8, i32 }> }", 6, [0, 1]); offsets("{ float, { double, i8 }, i8 }", 32, [0, 8, 24]);
    offsets("{ i8, half, bfloat, float }", 12, [0, 2, 4, 8]); offsets("{ i8, [3 x { i16, i8 }] }", 14, [0, 2]);
    offsets("{ i8, i24, i48 }", 16, [0, 4, 8]); offsets("{ i8, ptr addrspace(9), i8 }", 12, [0, 4, 8]);
    offsets("{ i8, ptr addrspace(3), i8 }", 12, [0, 4, 8]);
  });
  it("C structs: offsetof and sizeof from clang-19 match the IR types clang emits", () => {
    useLayout(MIPS);
    cStruct("{ i8, i32 }", 8, [0, 1], [0, 4]); // struct A
    cStruct("{ i8, i64 }", 16, [0, 1], [0, 8]); // struct B
    cStruct("{ i8, double }", 16, [0, 1], [0, 8]); // struct C
    cStruct("{ i16, i8 }", 4, [0, 1], [0, 2]); // struct D
    cStruct("{ i8, double, i8 }", 24, [0, 1, 2], [0, 8, 16]); // struct E
    cStruct("{ i8, ptr, i8 }", 12, [0, 1, 2], [0, 4, 8]); // struct F
    cStruct("{ i32, { i16, i8 }, i64 }", 16, [0, 1, 2], [0, 4, 8]); // struct G
    cStruct("{ [3 x i8], i16, float }", 12, [0, 1, 2], [0, 4, 8]); // struct H
    cStruct("{ i8, [2 x double], i32 }", 32, [0, 1, 2], [0, 8, 24]); // struct I
    cStruct("{ float, i64, i8 }", 24, [0, 1, 2], [0, 8, 16]); // struct J
    cStruct("{ i8, i32, i16 }", 12, [0, 1, 2], [0, 4, 8]); // struct K
  });
});

describe("ODD layout: hand-written: odd pointer widths, a:, i24, f80 and v96 overrides", () => {
  it("alloc size, ABI and preferred alignment of each type (values from opt-19)", () => {
    useLayout(ODD);
    sizeAlign("i1", 1, 1, 1); sizeAlign("i8", 1, 1, 1); sizeAlign("i16", 2, 2, 2);
    sizeAlign("i17", 4, 2, 4); sizeAlign("i24", 4, 2, 4); sizeAlign("i32", 4, 4, 4);
    sizeAlign("i48", 8, 8, 16); sizeAlign("i64", 8, 8, 16); sizeAlign("i65", 16, 8, 16);
    sizeAlign("i96", 16, 8, 16); sizeAlign("i128", 16, 8, 16); sizeAlign("i256", 32, 8, 16);
    sizeAlign("half", 2, 2, 2); sizeAlign("bfloat", 2, 2, 2); sizeAlign("float", 4, 4, 4);
    sizeAlign("double", 8, 8, 8); sizeAlign("x86_fp80", 10, 2, 2); sizeAlign("fp128", 16, 16, 16);
    sizeAlign("ppc_fp128", 16, 16, 16); sizeAlign("x86_mmx", 8, 8, 8); sizeAlign("ptr", 2, 2, 4);
    sizeAlign("ptr addrspace(1)", 2, 2, 4); sizeAlign("ptr addrspace(3)", 3, 1, 2); sizeAlign("ptr addrspace(5)", 2, 2, 4);
    sizeAlign("ptr addrspace(7)", 2, 2, 4); sizeAlign("ptr addrspace(8)", 2, 2, 4); sizeAlign("ptr addrspace(9)", 2, 2, 4);
    sizeAlign("ptr addrspace(270)", 2, 2, 4); sizeAlign("ptr addrspace(272)", 2, 2, 4); sizeAlign("<2 x i32>", 8, 8, 8);
    sizeAlign("<3 x i32>", 12, 4, 8); sizeAlign("<4 x float>", 16, 16, 16); sizeAlign("<8 x i1>", 1, 1, 1);
    sizeAlign("<3 x i1>", 1, 1, 1); sizeAlign("<16 x i8>", 16, 16, 16); sizeAlign("<6 x i8>", 8, 8, 8);
    sizeAlign("<4 x i64>", 32, 32, 32); sizeAlign("<2 x ptr>", 4, 4, 4); sizeAlign("<3 x half>", 8, 8, 8);
    sizeAlign("<8 x double>", 64, 64, 64); sizeAlign("<2 x ptr addrspace(5)>", 4, 4, 4); sizeAlign("[3 x i8]", 3, 1, 1);
    sizeAlign("[5 x i32]", 20, 4, 4); sizeAlign("[2 x x86_fp80]", 20, 2, 2); sizeAlign("[0 x i64]", 0, 8, 16);
    sizeAlign("[4 x <3 x i32>]", 48, 4, 8); sizeAlign("{}", 0, 4, 8); sizeAlign("{ i8 }", 4, 4, 8);
    sizeAlign("{ i8, i32 }", 8, 4, 8); sizeAlign("{ i8, i64 }", 16, 8, 8); sizeAlign("{ i8, double }", 16, 8, 8);
    sizeAlign("{ i8, i128 }", 24, 8, 8); sizeAlign("{ i8, x86_fp80 }", 12, 4, 8); sizeAlign("{ i8, x86_fp80, i8 }", 16, 4, 8);
    sizeAlign("{ i32, i8 }", 8, 4, 8); sizeAlign("<{ i8, i32 }>", 5, 1, 8); sizeAlign("<{ i8, i64, i16 }>", 11, 1, 8);
    sizeAlign("{ i8, <4 x i32> }", 32, 16, 16); sizeAlign("{ i8, { i8, i16 }, i64 }", 16, 8, 8); sizeAlign("{ [3 x i8], i16 }", 8, 4, 8);
    sizeAlign("{ i1, ptr, i1 }", 8, 4, 8); sizeAlign("{ i8, ptr addrspace(7) }", 4, 4, 8); sizeAlign("{ i8, ptr addrspace(3), i64 }", 16, 8, 8);
    sizeAlign("{ i16, fp128 }", 32, 16, 16); sizeAlign("{ double, i8 }", 16, 8, 8); sizeAlign("{ i8, [0 x i32], i8 }", 8, 4, 8);
    sizeAlign("{ i8, <3 x i1>, i8 }", 4, 4, 8); sizeAlign("{ i8, <3 x i32>, i8 }", 20, 4, 8); sizeAlign("{ <{ i8, i32 }>, i8 }", 8, 4, 8);
    sizeAlign("{ i8, <{ i8, i32 }> }", 8, 4, 8); sizeAlign("{ float, { double, i8 }, i8 }", 32, 8, 8); sizeAlign("{ i8, half, bfloat, float }", 12, 4, 8);
    sizeAlign("[3 x { i8, i32, i8 }]", 36, 4, 8); sizeAlign("{ i8, [3 x { i16, i8 }] }", 16, 4, 8); sizeAlign("{ i8, i24, i48 }", 16, 8, 8);
    sizeAlign("<2 x ptr addrspace(7)>", 4, 4, 4); sizeAlign("{ i8, ptr addrspace(9), i8 }", 8, 4, 8); sizeAlign("[3 x i17]", 12, 2, 4);
    sizeAlign("<4 x i24>", 12, 4, 8); sizeAlign("<3 x ptr addrspace(3)>", 16, 16, 16); sizeAlign("{ i8, ptr addrspace(3), i8 }", 8, 4, 8);
  });
  it("struct member offsets (values from opt-19)", () => {
    useLayout(ODD);
    offsets("{ i8 }", 4, [0]); offsets("{ i8, i32 }", 8, [0, 4]);
    offsets("{ i8, i64 }", 16, [0, 8]); offsets("{ i8, double }", 16, [0, 8]);
    offsets("{ i8, i128 }", 24, [0, 8]); offsets("{ i8, x86_fp80 }", 12, [0, 2]);
    offsets("{ i8, x86_fp80, i8 }", 16, [0, 2, 12]); offsets("{ i32, i8 }", 8, [0, 4]);
    offsets("<{ i8, i32 }>", 5, [0, 1]); offsets("<{ i8, i64, i16 }>", 11, [0, 1, 9]);
    offsets("{ i8, <4 x i32> }", 32, [0, 16]); offsets("{ i8, { i8, i16 }, i64 }", 16, [0, 4, 8]);
    offsets("{ [3 x i8], i16 }", 8, [0, 4]); offsets("{ i1, ptr, i1 }", 8, [0, 2, 4]);
    offsets("{ i8, ptr addrspace(7) }", 4, [0, 2]); offsets("{ i8, ptr addrspace(3), i64 }", 16, [0, 1, 8]);
    offsets("{ i16, fp128 }", 32, [0, 16]); offsets("{ double, i8 }", 16, [0, 8]);
    offsets("{ i8, [0 x i32], i8 }", 8, [0, 4, 4]); offsets("{ i8, <3 x i1>, i8 }", 4, [0, 1, 2]);
    offsets("{ i8, <3 x i32>, i8 }", 20, [0, 4, 16]); offsets("{ <{ i8, i32 }>, i8 }", 8, [0, 5]);
    offsets("{ i8, <{ i8, i32 }> }", 8, [0, 1]); offsets("{ float, { double, i8 }, i8 }", 32, [0, 8, 24]);
    offsets("{ i8, half, bfloat, float }", 12, [0, 2, 4, 8]); offsets("{ i8, [3 x { i16, i8 }] }", 16, [0, 4]);
    offsets("{ i8, i24, i48 }", 16, [0, 2, 8]); offsets("{ i8, ptr addrspace(9), i8 }", 8, [0, 2, 4]);
    offsets("{ i8, ptr addrspace(3), i8 }", 8, [0, 1, 4]);
  });
});

describe("parseDataLayout (LLVM 22)", () => {
  it("rejects what LLVM 22 rejects, with its message (each checked against opt-22)", () => {
    setVersion(22);
    rejects("A16777216", "address space must be a 24-bit integer");
    rejects("p:32", "malformed specification, must be of the form \"p[<n>]:<size>:<abi>[:<pref>[:<idx>]]\"");
    rejects("p1:64:64:64:64:64", "malformed specification, must be of the form \"p[<n>]:<size>:<abi>[:<pref>[:<idx>]]\"");
    rejects("p:0:8", "pointer size must be a non-zero 24-bit integer");
    rejects("p:64:0", "ABI alignment must be non-zero");
    rejects("p:64:64:64:65", "index size cannot be larger than the pointer size");
    rejects("pu:64:64", "address space 0 cannot be unstable or have external state");
    rejects("pz1:64:64", "'z' is not a valid pointer specification flag");
    rejects("p1(P):64:64", "Cannot use predefined address space names P/G/A in data layout");
    rejects("p1(x):64:64-p2(x):64:64", "address space name `x` already used");
    rejects("p1():64:64", "Expected `( address space name )`");
    rejects("x", "unknown specifier 'x'");
    rejects("e--", "empty specification is not allowed");
    rejects("ee", "malformed specification, must be just 'e' or 'E'");
    rejects("i:64", "size component cannot be empty");
    rejects("i8:16", "i8 must be 8-bit aligned");
    rejects("i64:64:32", "preferred alignment cannot be less than the ABI alignment");
    rejects("i32:24", "ABI alignment must be a power of two times the byte width");
    rejects("f32:32:32:32", "malformed specification, must be of the form \"f<size>:<abi>[:<pref>]\"");
    rejects("a1:8", "size must be zero");
    rejects("n8:0", "size must be a non-zero 24-bit integer");
    rejects("S7", "stack natural alignment must be a power of two times the byte width");
    rejects("S65536", "stack natural alignment must be a 16-bit integer");
    rejects("Fz8", "unknown function pointer alignment type 'z'");
    rejects("G", "malformed specification, must be of the form \"G<address space>\"");
    rejects("m:q", "unknown mangling mode");
    rejects("ni:0", "address space 0 cannot be non-integral");
    rejects("nix", "malformed specification, must be of the form \"ni:<address space>[:<address space>]...\"");
    accepts("");
    accepts("e-pu1(global):64:64:64:32-pe2:32:32-ni:3");
    expect(isNonIntegralAddressSpace(1)).toBe(true);
    expect(isNonIntegralAddressSpace(2)).toBe(true);
    expect(isNonIntegralAddressSpace(3)).toBe(true);
    expect(pointerSizeInBits(1)).toBe(64);
    expect(indexSizeInBits(1)).toBe(32);
    setVersion(19);
  });
});
