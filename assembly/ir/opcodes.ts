import { Feature, featureSince } from "./version";
// Instruction opcodes (and constant-expression opcodes, which share the numbering), with the
// keyword each is spelled with. Order follows LLVM's Instruction.def groups.
export const enum Op {
  None = 0,
  // terminators
  Ret, Br, Switch, IndirectBr, Invoke, Resume, Unreachable, CleanupRet, CatchRet, CatchSwitch, CallBr,
  // unary
  FNeg,
  // binary
  Add, FAdd, Sub, FSub, Mul, FMul, UDiv, SDiv, FDiv, URem, SRem, FRem,
  Shl, LShr, AShr, And, Or, Xor,
  // memory
  Alloca, Load, Store, GetElementPtr, Fence, AtomicCmpXchg, AtomicRMW,
  // casts
  Trunc, ZExt, SExt, FPToUI, FPToSI, UIToFP, SIToFP, FPTrunc, FPExt, PtrToInt, IntToPtr, BitCast, AddrSpaceCast,
  // pads
  CleanupPad, CatchPad,
  // other
  ICmp, FCmp, Phi, Call, Select, VAArg, ExtractElement, InsertElement, ShuffleVector, ExtractValue, InsertValue,
  LandingPad, Freeze,
  // LLVM 22's cast; last here so the numbering of the LLVM 19 opcodes stays LLVM 19's (where LLVM's
  // own number matters, mergefunc's hash maps it)
  PtrToAddr,
  Count
}

export const OP_NAMES: string[] = [
  "",
  "ret", "br", "switch", "indirectbr", "invoke", "resume", "unreachable", "cleanupret", "catchret", "catchswitch", "callbr",
  "fneg",
  "add", "fadd", "sub", "fsub", "mul", "fmul", "udiv", "sdiv", "fdiv", "urem", "srem", "frem",
  "shl", "lshr", "ashr", "and", "or", "xor",
  "alloca", "load", "store", "getelementptr", "fence", "cmpxchg", "atomicrmw",
  "trunc", "zext", "sext", "fptoui", "fptosi", "uitofp", "sitofp", "fptrunc", "fpext", "ptrtoint", "inttoptr", "bitcast", "addrspacecast",
  "cleanuppad", "catchpad",
  "icmp", "fcmp", "phi", "call", "select", "va_arg", "extractelement", "insertelement", "shufflevector", "extractvalue", "insertvalue",
  "landingpad", "freeze",
  "ptrtoaddr",
];

@inline export function isTerminator(op: i32): bool { return op >= Op.Ret && op <= Op.CallBr; }
@inline export function isBinary(op: i32): bool { return op >= Op.Add && op <= Op.Xor; }
@inline export function isCast(op: i32): bool { return (op >= Op.Trunc && op <= Op.AddrSpaceCast) || op == Op.PtrToAddr; }
// The first LLVM version with opcode op.
export function opcodeSince(op: i32): i32 { return op == Op.PtrToAddr ? featureSince(Feature.PtrToAddr) : 19; }
@inline export function isCallLike(op: i32): bool { return op == Op.Call || op == Op.Invoke || op == Op.CallBr; }
export function isFPBinary(op: i32): bool {
  return op == Op.FAdd || op == Op.FSub || op == Op.FMul || op == Op.FDiv || op == Op.FRem;
}

// Flag bits in the per-instruction flags column.
export const F_NUW: i32 = 1, F_NSW: i32 = 2, F_EXACT: i32 = 4, F_DISJOINT: i32 = 8, F_NNEG: i32 = 16,
  F_INBOUNDS: i32 = 32, F_VOLATILE: i32 = 64, F_ATOMIC: i32 = 128, F_WEAK: i32 = 256,
  F_INALLOCA: i32 = 512, F_SWIFTERROR: i32 = 1024, F_CLEANUP: i32 = 2048,
  F_GEP_NUSW: i32 = 4096, F_GEP_NUW: i32 = 8192, F_UNWIND_CALLER: i32 = 16384,
  F_SAMESIGN: i32 = 32768,
  // tail-call kind, 2 bits at 16: 0 none, 1 tail, 2 musttail, 3 notail
  F_TAIL_SHIFT: i32 = 16,
  // fast-math flags, 7 bits at 20: nnan ninf nsz arcp contract afn reassoc
  F_FMF_SHIFT: i32 = 20;
export const FMF_NNAN: i32 = 1, FMF_NINF: i32 = 2, FMF_NSZ: i32 = 4, FMF_ARCP: i32 = 8, FMF_CONTRACT: i32 = 16,
  FMF_AFN: i32 = 32, FMF_REASSOC: i32 = 64, FMF_ALL: i32 = 127;

// Atomic orderings as LLVM numbers them.
export const enum Ordering { NotAtomic = 0, Unordered = 1, Monotonic = 2, Acquire = 4, Release = 5, AcqRel = 6, SeqCst = 7 }
export const ORDERING_NAMES: string[] = ["", "unordered", "monotonic", "", "acquire", "release", "acq_rel", "seq_cst"];

export const ICMP_NAMES: string[] = ["eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle"];
export const FCMP_NAMES: string[] = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "uno", "ueq", "ugt", "uge", "ult", "ule", "une", "true"];
export const RMW_NAMES: string[] = ["xchg", "add", "sub", "and", "nand", "or", "xor", "max", "min", "umax", "umin",
  "fadd", "fsub", "fmax", "fmin", "uinc_wrap", "udec_wrap", "usub_cond", "usub_sat", "fmaximum", "fminimum"];
export const RMW_FMAXIMUM: i32 = 19, RMW_FMINIMUM: i32 = 20;
// The version feature an atomicrmw operation needs (-1: every version has it).
export function rmwFeature(rop: i32): i32 {
  if (rop == 17 || rop == 18) return Feature.RMWUSub;
  if (rop >= RMW_FMAXIMUM) return Feature.RMWFMaximum;
  return -1;
}
export function isFPRMW(rop: i32): bool { return (rop >= 11 && rop <= 14) || rop >= RMW_FMAXIMUM; }
