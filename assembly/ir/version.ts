// The LLVM version whose dialect and behaviour wopt follows (`--llvm-version`): what the reader
// accepts, how the printer spells things, and the pass behaviour that changed between versions.
// Versions wopt can follow, and the default. 20 and 21 are not listed: there is no opt of those
// versions here to check them against. The host's list is generated from these two lines
// (tools/gen-abi.mjs writes bindings/abi.js).
export const LLVM_VERSIONS: StaticArray<i32> = [19, 22];
export const DEFAULT_LLVM_VERSION: i32 = 22;

// The host sets it before each parse (index.ts setLLVMVersion); it is not part of the arena, so
// a reset keeps it.
export let llvmVersion: i32 = DEFAULT_LLVM_VERSION;
export function isSupportedVersion(v: i32): bool { return LLVM_VERSIONS.includes(v); }
export function setVersion(v: i32): void { llvmVersion = v; }

// The parts of the textual IR that only some versions have, in one table: a new LLVM version is
// an edit here and in the attribute table (ir/attributes.ts, which also holds captures/nocapture), not a hunt through the reader and
// the printer. `since` is the first version with the feature, `last` the last one (0: still there).
export const enum Feature {
  SameSign,          // icmp samesign
  SplatConstants,    // constant splat vectors printed as `splat (T c)`
  X86MMX,            // the x86_mmx type
  ErrnoMem,          // memory(errnomem: ...)
  TargetMem,         // memory(target_mem0: ..., target_mem1: ...)
  PtrToAddr,         // the ptrtoaddr cast
  SizelessLifetime,  // llvm.lifetime.start/end without the size operand
  MulConstExpr,      // `mul` constant expressions (opt-22 no longer reads them)
  RMWUSub,           // atomicrmw usub_cond, usub_sat
  RMWFMaximum,       // atomicrmw fmaximum, fminimum
  DeclareValueRecord, // #dbg_declare_value
  UnknownIntrinsicComment, // "; Unknown intrinsic" above a declaration of an llvm.* name LLVM does not know
  DotCfg22,          // dot-cfg: `fillcolor="...", fontname`, edge attributes only with -cfg-weights,
                     // metadata in block labels numbered over the whole module
  LexerErrorFirst,   // the lexer's errors (an unterminated string, a NUL in a name, an integer width
                     // out of range, a hex constant too wide) outrank the parser's message
  HexHalfRange,      // 0xH / 0xR constants wider than 16 bits are an error (LLVM 19 truncates them)
  // the verifier's metadata checks (20 and 21 unverified: no opt of those versions here)
  NoaliasAddrspaceMD, // !noalias.addrspace (a fixed attachment kind, checked as a range list of i32)
  RangePairTypes,    // !range: "Range pair types must match!" before the instruction type check
  MemProfMIBPairs,   // !memprof MemInfoBlocks: tag strings, then (i, i) pairs
  CalleeTypeMD,      // !callee_type (a fixed attachment kind, checked on calls)
  UnknownProf,       // !prof: the 'unknown' marker, value profiles ("VP") and other names checked
  KeyInstructions,   // merged DILocations keep isImplicitCode and a source atom (atomGroup, atomRank)
  UnknownIntrinsicError, // a called, undeclared `llvm.*` name LLVM does not know: "unknown intrinsic"
                     // (19: "use of undefined value"; 20 and 21 unverified)
  IntrinsicInstAnyType, // a call of an intrinsic is an IntrinsicInst whatever the call's function type
                     // (19: only a call of the intrinsic's own type; 20 and 21 unverified)
}
const FEATURE_NAMES: string[] = [
  "samesign", "splat", "x86_mmx", "errnomem", "target_mem", "ptrtoaddr", "llvm.lifetime without a size",
  "mul constexpr", "atomicrmw usub_cond/usub_sat", "atomicrmw fmaximum/fminimum",
  "#dbg_declare_value", "; Unknown intrinsic", "LLVM 22's dot-cfg form", "lexer errors first",
  "16-bit range of 0xH/0xR constants",
  "!noalias.addrspace", "!range pair types", "!memprof tag/size pairs", "!callee_type", "'unknown' !prof",
  "key instructions", "the unknown-intrinsic error", "intrinsic calls of any type",
];
const FEATURE_SINCE: i32[] = [20, 20, 19, 21, 22, 22, 22, 19, 20, 22, 22, 22, 22, 22, 22, 20, 20, 21, 22, 22, 21, 22, 22];
const FEATURE_LAST: i32[] = [0, 0, 19, 0, 0, 0, 0, 21, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

// Whether the target version has feature f.
export function has(f: Feature): bool {
  let last = unchecked(FEATURE_LAST[f]);
  return llvmVersion >= unchecked(FEATURE_SINCE[f]) && (last == 0 || llvmVersion <= last);
}
export function featureSince(f: Feature): i32 { return FEATURE_SINCE[f]; }
export function featureName(f: Feature): string { return FEATURE_NAMES[f]; }
