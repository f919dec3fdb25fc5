// The verifier's state: one Verifier object per verification run (LLVM's Verifier lives for one
// verifyModule), made by the run's caller; dropping it is the reset. While the run lasts its fields
// sit at a fixed address (vr, below), where the checks read them. Also the writing of its messages
// (VerifierSupport::CheckFailed / Write).
import { OutBuf } from "../../util/outbuf";
import { I32Vec, I64Vec } from "../../util/vec";
import { VK, vKind, vParent, vA, valueCount } from "../../ir/values";
import { gValue, globalCount } from "../../ir/globals";
import { printType } from "../../text/printer-types";
import { printTypedValue } from "../../text/printer-values";
import { numberForDiagnostics, numberFunction, printInstructionTo } from "../../text/printer";
import { printMDOperand, printNodeBody, printRecord } from "../../text/printer-values";
import { printMDIdent } from "../../text/printer-types";
import { MK, mdKind, mdA, mdCount, nmdName, nmdOps, nmdNOps, nmdPool } from "../../ir/metadata";
import { writer } from "../../text/writer";
import { FunctionAnalyses } from "../context";
import { DomTree } from "../domtree";
import { SigMatcher } from "../../ir/intrinsic-sigs";

@final export class Verifier {
  // the analyses the checks build and read (the caller's: the CFG and dominator tree of the
  // function being verified)
  fa: FunctionAnalyses;
  out: OutBuf = new OutBuf();                // the messages
  // per message: where it starts in `out`, and the first value and metadata node it prints (-1
  // for none), so a host can place it at what it names (the language server)
  failures: I32Vec = new I32Vec();
  broken: bool = false;
  // A debug-info check failed (LLVM's CheckDI): the reader drops the debug info with a warning, an
  // output with broken debug info is broken.
  debugInfoBroken: bool = false;
  numbered: bool = false;
  numberedFn: i32 = -1;
  // value id -> stamp: switch case constants (duplicates), and instructions already visited in the
  // block being verified (blockStamp), which answers same-block dominance without numbering blocks.
  // The two uses mark disjoint values, so one counter serves both.
  mark: I32Vec = new I32Vec();
  // constants.ts: per value, the stamp of the visitConstantExprsRecursively call that pushed it;
  // above ceBase means visited in this verification
  ceSeen: I32Vec = new I32Vec();
  ceBase: i32 = 0;
  stamp: i32 = 0;
  blockStamp: i32 = 0;
  curBlock: i32 = -1;                        // the block being verified
  curBlockNum: i32 = -1;                     // its cfg.ts number
  // The analysis context's block numbers and dominator tree, set with the block (the operand checks
  // read them per operand).
  blockNums: I32Vec = changetype<I32Vec>(0);
  domTree: DomTree = changetype<DomTree>(0);
  // global index -> (epoch << 1) | "name starts with llvm.", filled lazily per begin()
  intrinsicCache: I32Vec = new I32Vec();
  // counts begin() calls: the md-* verdict tables below are stamped with it (a function-level run
  // begins once per function)
  epoch: i32 = 0;
  // Whether some instruction may have a user that is erased or not in a block: only then are use
  // lists walked for "Instruction referencing instruction not embedded in a basic block!".
  walkUsers: bool = true;
  pairs: I64Vec = new I64Vec();              // phi (block, value) pairs, sorted
  preds: I64Vec = new I64Vec();              // predecessor blocks, sorted
  curFn: i32 = -1;                           // global index of the function being verified
  curFnValue: i32 = -1;
  noAliasScopeDecls: I32Vec = new I32Vec();  // llvm.experimental.noalias.scope.decl calls of the function
  // intrinsics-misc.ts: an llvm.localescape seen in the function; (function, escaped count, largest
  // llvm.localrecover index + 1) triples of the module
  sawFrameEscape: bool = false;
  frameEscapes: I32Vec = new I32Vec();
  landingPadTy: i32 = -1;
  // convergence tokens (convergence.ts): (user, token) pairs; live token lists per block; whether the
  // function's convergent calls are controlled; a convergent call seen in the current block
  convTokens: I32Vec = new I32Vec();
  convLive: I32Vec = new I32Vec();
  convLiveAt: I32Vec = new I32Vec();
  convScratch: I32Vec = new I32Vec();
  convKind: i32 = 0;
  seenConvOp: bool = false;
  convLastBlock: i32 = -1;
  // md-attach.ts: DISubprogram -> function value (attached once)
  spEpoch: I32Vec = new I32Vec();
  spOwner: I32Vec = new I32Vec();
  // md-common.ts: the metadata walk's visited nodes and its (node, next operand) pairs
  mdSeen: I32Vec = new I32Vec();
  mdStack: I32Vec = new I32Vec();
  // md-di-types.ts: the class and field names its checks compare, made on first use (a DITypeNames)
  diTypeNames: usize = 0;
  // md-range.ts: the pieces of two DIExpression fragments
  piecesA: I32Vec = new I32Vec();
  piecesB: I32Vec = new I32Vec();
  // md-tbaa.ts: the verdicts on base and scalar type nodes (stamped with epoch; INVALID: invalid
  // base node), the access path, and the offset being followed down it (its width, its bits; widths
  // over 64 keep their low 64 bits)
  tbaaBaseEpoch: I32Vec = new I32Vec();
  tbaaBaseWidth: I32Vec = new I32Vec();
  tbaaScalarEpoch: I32Vec = new I32Vec();
  tbaaScalar: I32Vec = new I32Vec();
  tbaaPath: I32Vec = new I32Vec();
  tbaaVisited: I32Vec = new I32Vec();
  offWidth: i32 = 0;
  offBits: u64 = 0;
  // module-md.ts: (ID string, flag) of the module flags seen, in order; the (string, value) pairs
  // of 'require' flags
  seenIds: I32Vec = new I32Vec();
  requirements: I32Vec = new I32Vec();
  // md-di-fnlocs.ts: metadata id -> stamp, the locations and scopes a function's walk has seen;
  // whether the function has a subprogram
  locSeen: I32Vec = new I32Vec();
  fnHasDebugInfo: bool = false;
  // intrinsic-sig.ts: per global, the epoch its intrinsic signature verdict was taken in and the
  // verdict (a SigMatch, or the expected name's strId + SIG_NAME_BASE); the matcher
  sigEpoch: I32Vec = new I32Vec();
  sigVerdict: I32Vec = new I32Vec();
  sigs: SigMatcher = new SigMatcher();
  // md-records.ts: its names (a RecordNames, made on first use); the function whose argument
  // variables fnArgVars holds (by argument number), and whether it has a subprogram; the
  // DIAssignID users (sorted (node << 32 | user) lists, found once per verification on first need)
  recNames: usize = 0;
  recFn: i32 = -1;
  recFnEpoch: i32 = -1;
  recHasDI: bool = false;
  fnArgVars: I32Vec = new I32Vec();
  aidEpoch: i32 = -1;
  aidInsts: I64Vec = new I64Vec();
  aidValueUsers: I64Vec = new I64Vec();
  aidRecords: I64Vec = new I64Vec();
  aidRecInst: I32Vec = new I32Vec();
  // md-attach22.ts: the attachment kinds of !nofree, !captures and !alloc_token (-2: none), found
  // once per verification
  k22Epoch: i32 = -1;
  kNofree: i32 = -2;
  kCaptures: i32 = -2;
  kAllocToken: i32 = -2;
  // eh-funclets.ts: scratch (pads seen, the funclet pads' worklist) and the function's sibling
  // funclets unwinding to each other (pad, terminator), in order
  ehSeen: I32Vec = new I32Vec();
  ehWork: I32Vec = new I32Vec();
  sibEpoch: i32 = -1;
  sibFn: i32 = -1;
  sibPads: I32Vec = new I32Vec();
  sibTerms: I32Vec = new I32Vec();

  constructor(fa: FunctionAnalyses) { this.fa = fa; }

  // Before a verification (a module, a new module's globals, or one function): no messages yet.
  begin(): void {
    this.out.clear(); this.failures.clear(); this.frameEscapes.clear(); this.broken = false; this.debugInfoBroken = false; this.numbered = false; this.numberedFn = -1; this.epoch++;
    let n = valueCount();
    if (this.mark.len < n) this.mark.resize(n, 0);
    if (this.ceSeen.len < n) this.ceSeen.resize(n, 0);
    this.ceBase = this.stamp;
    let ng = globalCount();
    if (this.intrinsicCache.len < ng) this.intrinsicCache.resize(ng, 0);
  }
  setBroken(): void { this.broken = true; }
  enterFunction(g: i32): void {
    this.curFn = g; this.curFnValue = gValue.get(g); this.landingPadTy = -1; this.noAliasScopeDecls.clear();
    this.fnArgVars.clear(); this.sawFrameEscape = false;
  }
  enterBlock(b: i32): void {
    let fa = this.fa;
    let nums = fa.cfg.blockNum;
    this.blockNums = nums; this.domTree = fa.domTree;
    this.blockStamp = ++this.stamp; this.curBlock = b; this.curBlockNum = nums.get(b);
  }
  nextStamp(): i32 { return ++this.stamp; }
  // The first landingpad/resume type of the function, or whether t differs from it.
  landingPadTypeDiffers(t: i32): bool {
    if (this.landingPadTy < 0) { this.landingPadTy = t; return false; }
    return this.landingPadTy != t;
  }

  fail(msg: string): void { this.broken = true; this.message(msg); }
  failDebugInfo(msg: string): void { this.debugInfoBroken = true; this.message(msg); }
  private message(msg: string): void {
    let out = this.out, f = this.failures;
    f.push(out.len); f.push(-1); f.push(-1);
    out.str(msg); out.byte(10);
  }
  // the first value and node the last message prints
  private names(v: i32, m: i32): void {
    let f = this.failures, n = f.len;
    if (n == 0) return;
    if (v >= 0 && f.get(n - 2) < 0) f.set(n - 2, v);
    if (m >= 0 && f.get(n - 1) < 0) f.set(n - 1, m);
  }
  private prepare(v: i32): void {
    if (!this.numbered) { numberForDiagnostics(writer()); this.numbered = true; this.numberedFn = -1; }
    if (v < 0) return;
    let g = fnOf(v);
    if (g >= 0 && g != this.numberedFn) { numberFunction(writer(), g); this.numberedFn = g; }
  }
  // A value: instructions in full, others as a typed operand; each on its own line.
  w(v: i32): void {
    if (v < 0) return;
    this.names(v, -1);
    this.prepare(v);
    let out = this.out;
    if (<i32>vKind.get(v) == VK.Inst) printInstructionTo(writer(), out, v); else printTypedValue(writer(), out, v);
    out.byte(10);
  }
  // A debug record as Write(const DbgRecord *) writes it, on its own line (i: its instruction).
  wrec(r: i32, i: i32): void { this.names(i, -1); this.prepare(i); let out = this.out; printRecord(writer(), out, r); out.byte(10); }
  // A type: a space and the type, no newline (as opt writes it).
  wt(t: i32): void { let out = this.out; out.byte(32); printType(writer(), out, t); }
  bad(msg: string, v: i32): void { this.fail(msg); this.w(v); }
  // Metadata as Write(const Metadata *) prints it, on its own line: a numbered node as `!N = ...`,
  // anything else (string, value, inline DIExpression) as an operand; nothing for null.
  wm(m: i32): void {
    if (m < 0 || m >= mdCount()) return;
    this.names(-1, m);
    let k = <i32>mdKind.get(m);
    if (k == MK.Value) this.prepare(mdA.get(m)); else this.prepare(-1);
    let wr = writer(), out = this.out;
    let slot = k == MK.Tuple || k == MK.Node ? wr.slots.md.get(m) : -1;
    if (slot >= 0) { out.byte(33); out.int(slot); out.str(" = "); printNodeBody(wr, out, m); }
    else printMDOperand(wr, out, m, true);
    out.byte(10);
  }
  // A named metadata node as Write(const NamedMDNode *) prints it (its own line, then an empty one).
  wnmd(i: i32): void {
    this.prepare(-1);
    let wr = writer(), out = this.out;
    out.byte(33); printMDIdent(out, nmdName.get(i)); out.str(" = !{");
    let s = nmdOps.get(i);
    for (let j = 0; nmdNOps.get(i) > j; j++) { if (j > 0) out.str(", "); printMDOperand(wr, out, nmdPool.get(s + j), true); }
    out.str("}\n\n");
  }
}

// The running verification's Verifier, at a fixed address in static memory like the text reader's
// session objects (text/reader.ts): the checks read it on every instruction and operand, and a
// field at a constant address is one load with no object to pass down (handed as a parameter to
// every check, it cost about +3.5% verify instructions; here, about half that). A run's entry
// (verifier.ts) copies its caller's object here and copies it back when it ends, so the state stays
// the caller's, one object per run.
const VERIFIER_SIZE: usize = 640;
export const vr: Verifier = changetype<Verifier>(memory.data(<i32>VERIFIER_SIZE, 16));
export function installVerifier(v: Verifier): void {
  assert(offsetof<Verifier>() <= VERIFIER_SIZE);
  memory.copy(changetype<usize>(vr), changetype<usize>(v), offsetof<Verifier>());
}
export function saveVerifier(v: Verifier): void {
  memory.copy(changetype<usize>(v), changetype<usize>(vr), offsetof<Verifier>());
}

function fnOf(v: i32): i32 {
  let k = <i32>vKind.get(v);
  if (k == VK.Inst) { let b = vParent.get(v); if (b < 0) return -1; v = b; k = VK.Block; }
  if (k == VK.Block || k == VK.Arg) { let f = vParent.get(v); return f >= 0 && <i32>vKind.get(f) == VK.Function ? vA.get(f) : -1; }
  return -1;
}
