// The exported ABI (see ABI.md): the only entry points the host calls.
import { rd } from "./text/reader";
import { resetValues } from "./ir/values";
import { resetArena } from "./ir/arena";
import { resetText } from "./text/reset";
import { globalCount, gKind, gValue, GK, gFlags, GF_ERASED, gFirstBlock } from "./ir/globals";
import { strtab as moduleStrtab, dataLayout, setModuleId as setModuleIdOfModule, moduleId } from "./ir/module";
import { dataLayoutError } from "./ir/datalayout";
import { parseDataLayout } from "./ir/datalayout-parse";
import { lineOf, colOf, allocPaddedInput } from "./text/lexer";
import { parseModule } from "./text/parser";
import { startIndex, symbolWords, symbolTypesText } from "./text/symbol-index";
import { printModule, beginPrint, printNextPart, output } from "./text/printer";
import { runPasses, passOutputText, resumePasses, pipelineForDigests, passError as passErrorText, passContext, resetPasses } from "./pipeline/runner";
import { vName, iNext } from "./ir/values";
import { fillDefaults } from "./ir/defaults";
import { OutBuf } from "./util/outbuf";
import { isSupportedVersion, setVersion } from "./ir/version";
import { resetWarnings, warningsText } from "./util/warnings";
import { checkTargetMachine } from "./ir/triple-layout";
import { readerVerifies as readerVerifiesModule } from "./ir/upgrade-debug";
import { stat } from "./passes/stats";
import { repoRunOf, RepoRun } from "./passes/repo/pass";
import { RepoLinker } from "./link/repo-link";
import { passTable as passTableEntries } from "./pipeline/table";
import { Level, Preserves, optionKindName } from "./passes/registry";
import { Verifier, verifyModule } from "./analysis/verifier";
import { stripInvalidDebugInfo as stripDebugInfoOfModule } from "./ir/upgrade-debug";
import { reserveOutput } from "./text/printer";
import { reserveConstants } from "./ir/constants";
import { reserveGlobals } from "./ir/globals";
import { reserveValues } from "./ir/values";
import { reserveMetadata } from "./ir/metadata";
import { reserveLocations } from "./ir/debuginfo";
import { analyses, newAnalyses } from "./analysis/context";
import { newDIScopeNames } from "./analysis/verifier/md-di-scopes";
import { DomTree } from "./analysis/domtree";
import { I32Vec, resetBlockCache } from "./util/vec";
import { Writer } from "./text/writer";
import { numberForDiagnostics, numberFunction } from "./text/printer";
import { printValueRef } from "./text/printer-values";
import { firstInst, iOp, vParent } from "./ir/values";
import { Op } from "./ir/opcodes";
import { dumpBitstream } from "./bitcode/dump";
import { bsErrorText, isBitcode } from "./bitcode/bitstream";
import { readBitcode } from "./bitcode/reader";
import { finishCrossModule } from "./passes/xmod/run";
import { CrossModuleLinker } from "./link/xmod";
import { writeModuleBitcode } from "./bitcode/write-module";
import { llvmVersion } from "./ir/version";
import { CGDataSession, cgdataSession, newCGDataSession, dropCGDataSession } from "./cgdata/session";
import { embeddedMapBytes, moduleMergeSectionName, embedMapBytes } from "./cgdata/embed";

export const VERSION: string = "wopt 0.1.0 (LLVM 19, 22)";

// The LLVM version to follow for the next parse (ir/version.ts); 1 when it is not supported.
export function setLLVMVersion(v: i32): i32 {
  if (!isSupportedVersion(v)) return 1;
  setVersion(v);
  return 0;
}


// What the host reads and writes between its calls: the input, argument and output buffers, the
// last call's error, the results it fetches in a second call, the links it drives call by call
// (wopt repo link, the cross-module report) and the codegen data buffers. One object at a fixed
// address in static memory; reset() puts a new one there, so nothing of the module before is
// left pointing into the freed heap.
@final class HostSession {
  inputPtr: usize = 0;
  argPtr: usize = 0;
  outPtr: usize = 0;
  errBytes: usize = 0;
  errLen: i32 = 0;
  errLine: i32 = 0;
  errCol: i32 = 0;
  errOffset: i32 = -1;
  repoLinker: RepoLinker | null = null;
  xmodLinker: CrossModuleLinker | null = null;
  tableText: OutBuf | null = null;
  versionBuf: OutBuf | null = null;
  idfOut: I32Vec | null = null;
  blockLabelsOut: OutBuf | null = null;
  bitstreamOut: OutBuf | null = null;
  bitcodeLen: i32 = 0;
  cgBuf: usize = 0;
  cgEmbedded: OutBuf | null = null;
  // The module's verifier, kept between its verifications (input, output): its value-indexed
  // tables are sized once per module instead of allocated and zeroed per call.
  verifier: Verifier | null = null;
}
const HOST_SESSION_SIZE: usize = 128;
const host: HostSession = changetype<HostSession>(memory.data(<i32>HOST_SESSION_SIZE, 16));

// Hands a buffer to the host: its bytes at outputPtr, its length returned.
function handOut(o: OutBuf): u32 { host.outPtr = o.buf.ptr; return o.len; }

function setError(msg: string, line: i32, col: i32): void {
  let b = String.UTF8.encode(msg, false);
  host.errLen = b.byteLength;
  host.errBytes = heap.alloc(<usize>host.errLen + 1);
  memory.copy(host.errBytes, changetype<usize>(b), <usize>host.errLen);
  host.errLine = line; host.errCol = col; host.errOffset = -1;
}
// The text parser's error, at its byte offset in the input.
function setParseError(): void {
  let off = rd.errOff;
  setError(rd.errMsg, lineOf(off), colOf(off));
  host.errOffset = off;
}

// One reset per layer, in layer order: nothing of the previous module survives.
export function reset(): void {
  __reset();
  resetBlockCache();
  resetArena(1024);
  resetText();
  resetAnalyses();
  resetPasses();
  resetWarnings();
  dropCGDataSession();
  assert(offsetof<HostSession>() <= HOST_SESSION_SIZE);
  memory.copy(changetype<usize>(host), changetype<usize>(new HostSession()), offsetof<HostSession>());
}

export function inputAlloc(len: i32): usize {
  reset();
  presize(len);
  // zero padding after the text lets the lexer skip bounds checks (lexer.ts)
  host.inputPtr = allocPaddedInput(len > 0 ? len : 0);
  return host.inputPtr;
}
export function argAlloc(len: i32): usize {
  host.argPtr = heap.alloc(len > 0 ? <usize>(len) : 1);
  return host.argPtr;
}
export function setModuleId(len: i32): void {
  setModuleIdOfModule(moduleStrtab.intern(host.argPtr, len));
}

export function parse(len: i32): i32 {
  if (isBitcode(host.inputPtr, len)) {
    // bitcode (raw or wrapped), recognised by its magic as opt does
    presizeBitcode(len);
    if (!readBitcode(host.inputPtr, len)) { setError(bsErrorText(), 0, 0); return 1; }
  } else if (!parseModule(host.inputPtr, len)) {
    setParseError();
    return 1;
  }
  if (dataLayout >= 0) {
    if (!parseDataLayout(moduleStrtab.ptrOf(dataLayout), moduleStrtab.lenOf(dataLayout))) {
      setError(dataLayoutError(), 0, 0);
      return 1;
    }
  }
  if (rd.missingAlign) fillDefaults();
  return 0;
}

// The language server's index of a text module: startIndex after inputAlloc and before parse;
// then the records (text/symbol-index.ts, SYM_WORDS words each) and the table of their types.
export function indexNextParse(): void { startIndex(); }
export function symbolRecords(): usize { let v = symbolWords(); return v == null ? 0 : v.ptr; }
export function symbolRecordWords(): i32 { let v = symbolWords(); return v == null ? 0 : v.len; }
export function symbolTypes(): u32 { return handOut(symbolTypesText()); }

// The warnings reading the module produced (util/warnings.ts: one line each), at outputPtr.
export function warnings(): i32 { return <i32>handOut(warningsText()); }
// opt's target machine checks, after the input verified: adds their warnings; 1 when opt stops
// (an unrecognized architecture; its text is the last warning).
export function checkTarget(): i32 { return checkTargetMachine() ? 1 : 0; }
// 1 when opt's reader itself verifies this module (debug info of the current version).
export function readerVerifies(): i32 { return readerVerifiesModule() ? 1 : 0; }

// Returns 0 ok, 1 error, 2 unknown pass, 3 paused for the repository, 4 stopped after
// global-merge-func collected the module's stable function map (gmfFunctionMap).
export function runPipeline(len: i32): i32 {
  let r = runPasses(host.argPtr, len);
  if (r != 0 && r != 3 && r != 4) setError(passErrorText(), 0, 0);
  return r;
}
// After runPipeline returned 4: the module's stable function map as global-merge-func would embed
// it (the serialized map), byte length at outputPtr; 0 when the module has none.
export function gmfFunctionMap(): u32 {
  let o = passContext().results.functionMap;
  if (o == null) return 0;
  return handOut(o);
}

// ---- program repository (ABI.md "Program repository") ----
// runPipeline returns 3 when it reaches repo-prune: the host reads the candidate digests
// (repoCandidates: 16 bytes each at outputPtr), looks them up, writes the hits blob at an
// argAlloc buffer, calls repoSetHits(len) and then resumePipeline().
export function repoCandidates(): u32 { return handOut(repoRunOf(passContext().results).candidateDigests()); }
export function repoSetHits(len: i32): i32 { return repoRunOf(passContext().results).setHits(host.argPtr, len) ? 0 : 1; }
export function resumePipeline(): i32 {
  let r = resumePasses();
  if (r != 0 && r != 3 && r != 4) setError(passErrorText(), 0, 0);
  return r;
}
export function repoPrunedCount(): i32 { let r = passContext().results.repository; return r == null ? 0 : (<RepoRun>r).prunedCount; }
// What the passes did to this module so far (passes/stats.ts: k = 0 allocas promoted, 1 phis
// inserted, 2 functions merged, 3 thunks, 4 aliases, 5 functions deleted).
export function passStat(k: i32): i32 { return stat(k); }
// After printing: the records of the definitions to store (blob layout in passes/repo/pass.ts).
export function repoRecords(): u32 {
  let results = passContext().results;
  let o = repoRunOf(results).collectRecords(pipelineForDigests(), results);
  return handOut(o);
}
// `wopt repo link` (link/repo-link.ts), after parse: repoTickets lists the module's tickets with
// their repository keys (blob at outputPtr); the host writes the stored texts of the pruned ones,
// in that order, at an argAlloc buffer and calls repoLink(len): 0 linked (verify and print the
// module), 1 error (errorMessage). The link is one RepoLinker, made on first use; reset() drops it.
function linker(): RepoLinker { let l = host.repoLinker; if (l == null) { l = new RepoLinker(); host.repoLinker = l; } return l; }
export function repoTickets(): u32 { return handOut(linker().linkTickets()); }
export function repoLink(len: i32): i32 {
  let l = linker();
  if (l.linkFragments(host.argPtr, len)) return 0;
  setError(l.linkErrorText(), 0, 0);
  return 1;
}

// The pass table (pipeline/table.ts) as text for the host's --help, -print-passes and API, one
// line per pass and per option, fields tab-separated:
//   <pass|analysis> <module|function> <name> <preserves: nothing|cfg|all> <help> <since: first LLVM version, 0 for all>
//   option <name> <bool|uint|enum|string|number> <default> <enum values, '|'-separated> <help>
// (an option line belongs to the pass line before it).
export function passTable(): u32 {
  let o = new OutBuf();
  let t = passTableEntries();
  for (let i = 0; i < t.length; i++) {
    let p = t[i];
    o.str(p.analysis ? "analysis\t" : "pass\t"); o.str(p.level == Level.Module ? "module" : "function"); o.str("\t"); o.str(p.name);
    o.str("\t"); o.str(p.preserves == Preserves.Nothing ? "nothing" : p.preserves == Preserves.CFG ? "cfg" : "all");
    o.str("\t"); o.str(p.help); o.str("\t"); o.i64(p.sinceVersion); o.str("\n");
    for (let k = 0; k < p.options.length; k++) {
      let op = p.options[k];
      o.str("option\t"); o.str(op.name); o.str("\t"); o.str(optionKindName(op.kind)); o.str("\t"); o.str(op.defaultValue);
      o.str("\t"); o.str(op.values); o.str("\t"); o.str(op.help); o.str("\n");
    }
  }
  host.tableText = o;
  return handOut(o);
}

export function passOutput(): u32 {
  let o = passOutputText();
  return handOut(o);
}

// 0 ok, 1 broken, 2 only the debug info is broken (the messages are the error text either way).
function moduleVerifier(): Verifier { let v = host.verifier; if (v == null) { v = new Verifier(analyses()); host.verifier = v; } return v; }
export function verify(): i32 {
  let vr = moduleVerifier();
  let ok = verifyModule(vr);
  if (ok && !vr.debugInfoBroken) { host.errLen = 0; return 0; }
  let o = vr.out;
  host.errLen = o.len;
  host.errBytes = o.buf.ptr;
  host.errLine = 0; host.errCol = 0; host.errOffset = -1;
  return ok ? 2 : 1;
}
// The last verification's messages: three words each (where it starts in the text, the first value
// and metadata node it names; analysis/verifier/state.ts failures).
export function verifierFailures(): usize { let v = host.verifier; return v == null ? 0 : v.failures.ptr; }
export function verifierFailureWords(): i32 { let v = host.verifier; return v == null ? 0 : v.failures.len; }
// The reader's answer to broken debug info (after verify returned 2): strip it, as opt does.
export function dropInvalidDebugInfo(): void { stripDebugInfoOfModule(); }

// Chunked printing: printStart() then printChunk() until it returns 0; each chunk's bytes are at
// outputPtr() and are valid until the next call.
const CHUNK: i32 = 1 << 20;
export function printStart(): u32 {
  let o = output(); o.clear();
  beginPrint();
  return handOut(o);
}
export function printChunk(): u32 {
  let o = output(); o.clear();
  while (o.len < CHUNK && printNextPart()) {}
  return handOut(o);
}

export function print(): u32 {
  let o = printModule();
  return handOut(o);
}
export function outputPtr(): usize { return host.outPtr; }
export function errorLine(): i32 { return host.errLine; }
export function errorCol(): i32 { return host.errCol; }
export function errorOffset(): i32 { return host.errOffset; }
export function errorMessage(): u32 { return host.errLen; }
export function errorPtr(): usize { return host.errBytes; }

function liveFunction(i: i32): i32 {
  let k = 0;
  for (let g = 0; g < globalCount(); g++) {
    if (<i32>gKind.get(g) != GK.Func || (gFlags.get(g) & GF_ERASED) != 0) continue;
    if (k == i) return g;
    k++;
  }
  return -1;
}
export function functionCount(): i32 {
  let k = 0;
  for (let g = 0; g < globalCount(); g++) if (<i32>gKind.get(g) == GK.Func && (gFlags.get(g) & GF_ERASED) == 0) k++;
  return k;
}
export function functionName(i: i32): u32 {
  let g = liveFunction(i);
  if (g < 0) return 0;
  let nm = vName.get(gValue.get(g));
  if (nm < 0) return 0;
  host.outPtr = moduleStrtab.ptrOf(nm);
  return moduleStrtab.lenOf(nm);
}
export function functionBlockCount(i: i32): i32 {
  let g = liveFunction(i);
  if (g < 0) return 0;
  let n = 0;
  for (let b = gFirstBlock.get(g); b >= 0; b = iNext.get(b)) n++;
  return n;
}
export function functionIsDeclaration(i: i32): i32 {
  let g = liveFunction(i);
  return g >= 0 && gFirstBlock.get(g) < 0 ? 1 : 0;
}
export function version(): u32 {
  let o = new OutBuf(); o.str(VERSION);
  host.versionBuf = o;
  return handOut(o);
}

// Sizes the arena from the input length (measured on clang -O0 style IR: about one value per
// 30 bytes and two operands per value), so tables rarely grow: a grown table's copy is work, and
// its old block waits for a table of its size (util/vec.ts).
function presize(len: i32): void {
  let values = len / 28;
  if (values > 1024) { resetValues(values); reserveConstants(values); }
  if (len > (4 << 20)) reserveGlobals(len >> 11); // about one global per 2 KB
  moduleStrtab.bytes.reserve(len / 24);
  reserveOutput(len < (4 << 20) ? len + (len >> 3) : (2 << 20));
}

// inputAlloc sized the arena for text; bitcode holds 3-7 times as much IR per byte. Measured on
// clang -O0 -g (SQLite) and the generated modules, per byte of bitcode: up to one value per 7 and
// an operand per 5; with debug info a node per 19, 0.5 node operands, an attachment per 20 and a
// distinct location per 27. Reserved memory that stays unused is never touched (no resident
// pages); a table grown instead is copied, its old block resident until a table of its size takes
// it (util/vec.ts). Past 32 MB of
// bitcode the estimate stops growing (the tables grow from there), so that a large input with
// little debug info does not reserve address space it never uses.
function presizeBitcode(len: i32): void {
  if (len < (64 << 10)) return;
  if (len > (32 << 20)) len = 32 << 20;
  reserveValues(len / 6, len / 4);
  reserveConstants(len / 6);
  reserveMetadata(len / 16, len / 2, len / 16);
  reserveLocations(len / 24);
}

// ---- analyses, pass registry, side files (assembly/analysis, assembly/passes) ----
// The analysis layer's one reset: a new context (analysis/context.ts).
function resetAnalyses(): void {
  newAnalyses();
  newDIScopeNames();
  host.idfOut = null;
}
// (the side files of the last pipeline run)
export function sideFileCount(): i32 { return passContext().sideFiles.count; }
export function sideFileName(i: i32): u32 {
  let f = passContext().sideFiles;
  if (i < 0 || i >= f.count) return 0;
  return handOut(f.name(i));
}
export function sideFileData(i: i32): u32 {
  let f = passContext().sideFiles;
  if (i < 0 || i >= f.count) return 0;
  return handOut(f.data(i));
}

// ---- CFG, dominator trees and IDF as arrays for the host (ABI.md: "Analysis views") ----
// They read the session's analysis context (analysis/context.ts).
function cfgVec(k: i32): I32Vec | null {
  let cfg = analyses().cfg;
  switch (k) {
    case 0: return cfg.succOff; case 1: return cfg.succ; case 2: return cfg.predOff; case 3: return cfg.pred;
    case 4: return cfg.rpo; case 5: return cfg.rpoIndex; case 6: return cfg.block;
    default: return null;
  }
}
function tree(post: i32): DomTree { let fa = analyses(); return post != 0 ? fa.postDomTree : fa.domTree; }
function treeVec(t: DomTree, k: i32): I32Vec | null {
  switch (k) {
    case 0: return t.idom; case 1: return t.level; case 2: return t.dfsIn; case 3: return t.dfsOut;
    case 4: return t.firstChild; case 5: return t.nextSibling; case 6: return t.order; case 7: return t.roots;
    default: return null;
  }
}
export function cfgBuild(i: i32): i32 {
  let g = liveFunction(i);
  if (g < 0 || gFirstBlock.get(g) < 0) return 0;
  return analyses().buildCFG(g);
}
export function cfgArray(k: i32): usize { let v = cfgVec(k); return v == null ? 0 : v.ptr; }
export function cfgArrayLen(k: i32): u32 { let v = cfgVec(k); return v == null ? 0 : v.len; }
export function domTreeBuild(post: i32): i32 { let fa = analyses(); let t = post != 0 ? fa.buildPostDomTree() : fa.buildDomTree(); return t.n; }
export function domTreeArray(post: i32, k: i32): usize { let v = treeVec(tree(post), k); return v == null ? 0 : v.ptr; }
export function domTreeArrayLen(post: i32, k: i32): u32 { let v = treeVec(tree(post), k); return v == null ? 0 : v.len; }
export function domTreeRoot(post: i32): i32 { return tree(post).root; }
// IDF of the defining blocks at the argAlloc buffer ([defs..., live-in...] as i32); nLive < 0: no pruning.
export function idfCompute(post: i32, nDefs: i32, nLive: i32): i32 {
  let idf = analyses().idf;
  idf.setDefiningBlocksPtr(host.argPtr, nDefs);
  if (nLive >= 0) idf.setLiveInBlocksPtr(host.argPtr + (<usize>nDefs << 2), nLive);
  if (host.idfOut == null) host.idfOut = new I32Vec();
  idf.calculate(tree(post), host.idfOut!);
  return host.idfOut!.len;
}
export function idfResultPtr(): usize { return host.idfOut == null ? 0 : host.idfOut!.ptr; }

// The blocks of the last cfgBuild as an IDE shows them: one line per block, in cfg order,
// `<label as printed>\t<phi count>\n` (label: `%name`, or `%N` numbered as the printer would).
export function cfgBlockLabels(): u32 {
  let blocks = analyses().cfg.block;
  let o = new OutBuf();
  host.blockLabelsOut = o;
  if (blocks.len > 0) {
    let w = new Writer();
    numberForDiagnostics(w);
    let fnValue = vParent.get(blocks.get(0));
    for (let g = 0; g < globalCount(); g++) if (gValue.get(g) == fnValue) { numberFunction(w, g); break; }
    for (let k = 0; k < blocks.len; k++) {
      let b = blocks.get(k);
      printValueRef(w, o, b);
      let phis = 0;
      for (let i = firstInst(b); i >= 0 && <i32>iOp.get(i) == Op.Phi; i = iNext.get(i)) phis++;
      o.byte(9); o.int(phis); o.byte(10);
    }
  }
  return handOut(o);
}

// The bitstream container of the input as text (bitcode/dump.ts), for tests of the container
// layer; 1 on malformed input (the error names the block and bit offset).
export function bitstreamDump(len: i32): i32 {
  let out = new OutBuf();
  host.bitstreamOut = out;
  if (!dumpBitstream(host.inputPtr, len, out)) { setError(bsErrorText(), 0, 0); return 1; }
  return 0;
}
export function bitstreamDumpText(): u32 { let o = host.bitstreamOut; if (o == null) return 0; return handOut(o); }

// ---- the cross-module report (link/xmod.ts, passes/xmod/, ABI.md "Cross-module report") ----
// xmodBegin() resets the core and starts a link (a CrossModuleLinker, which reset() drops); per
// module: xmodInput(len) (the input buffer, without a reset), write the text there, xmodAdd(len,
// module) (0 linked, 1 parse error, 2 does not verify: the error text, and line/column for a parse
// error); then xmodFinish(useAliases): the report's JSON at outputPtr. After an error the host
// starts over without that module.
function crossModuleLinker(): CrossModuleLinker { let l = host.xmodLinker; if (l == null) { l = new CrossModuleLinker(); host.xmodLinker = l; } return l; }
export function xmodBegin(): void { reset(); host.xmodLinker = new CrossModuleLinker(); }
export function xmodInput(len: i32): usize { host.inputPtr = allocPaddedInput(len > 0 ? len : 0); return host.inputPtr; }
export function xmodAdd(len: i32, m: i32): i32 {
  let vr = new Verifier(analyses());
  let r = crossModuleLinker().addModule(host.inputPtr, len, m, vr);
  if (r == 1) setParseError();
  else if (r == 2) { let o = vr.out; host.errLen = o.len; host.errBytes = o.buf.ptr; host.errLine = 0; host.errCol = 0; host.errOffset = -1; }
  return r;
}
export function xmodFinish(useAliases: i32): u32 { return handOut(finishCrossModule(crossModuleLinker(), useAliases != 0)); }

// The module as bitcode for the target LLVM version (bitcode/write-module.ts): 0 written (its byte
// length from bitcodeSize(), the bytes at outputPtr()), 1 when the module holds something the
// writer cannot encode (errorMessage says what).
export function writeBitcode(): i32 {
  let bw = writeModuleBitcode(llvmVersion, moduleId);
  if (bw.error.length > 0) { setError(bw.error, 0, 0); host.bitcodeLen = 0; return 1; }
  let out = bw.w.out;
  host.outPtr = out.ptr; host.bitcodeLen = out.len;
  return 0;
}
export function bitcodeSize(): u32 { return host.bitcodeLen; }

// ---- codegen data: the stable function map (cgdata/, ABI.md "Codegen data") ----
// One session map (cgdata/session.ts), dropped by reset (and so by inputAlloc): cgdataBegin
// resets the core and starts an empty one; cgdataRead replaces it with a .cgdata file's map (also
// after parse, without a reset, for the pass to use). Blobs come in at the cgdataInput buffer.
function cgSession(): CGDataSession { return cgdataSession(); }
function cgFail(s: CGDataSession): i32 { setError(s.error, 0, 0); return 1; }
export function cgdataBegin(): void { reset(); newCGDataSession(); }
export function cgdataInput(len: i32): usize { host.cgBuf = heap.alloc(len > 0 ? <usize>(len) : 1); return host.cgBuf; }
// The contents of an object's merge section (one or more serialized maps) merged into the map,
// as llvm-cgdata --merge merges each object: 0 ok, 1 malformed (errorMessage).
export function cgdataMerge(len: i32): i32 { let s = cgSession(); return s.mergeSection(host.cgBuf, len) ? 0 : cgFail(s); }
// The contents of an object's __llvm_outline section (outlined hash trees) merged into the
// session's tree: 0 ok, 1 malformed.
export function cgdataMergeOutline(len: i32): i32 { let s = cgSession(); return s.mergeOutlineSection(host.cgBuf, len) ? 0 : cgFail(s); }
// Functions (blob in cgdata/session.ts addFunctions) inserted as global-merge-func inserts them.
export function cgdataAdd(len: i32): i32 { let s = cgSession(); return s.addFunctions(host.cgBuf, len) ? 0 : cgFail(s); }
// The thresholds the session's finalize applies (the -global-merging-* options; LLVM 22's defaults
// until set, as llvm-cgdata --merge applies them).
export function cgdataSetThresholds(minMerges: u32, minInstrs: u32, maxParams: u32, skipNoParams: i32,
  instOverhead: f64, paramOverhead: f64, callOverhead: f64, extraThreshold: f64): void {
  let t = cgSession().thresholds;
  t.minMerges = minMerges; t.minInstrs = minInstrs; t.maxParams = maxParams; t.skipNoParams = skipNoParams != 0;
  t.instOverhead = instOverhead; t.paramOverhead = paramOverhead; t.callOverhead = callOverhead; t.extraThreshold = extraThreshold;
}
// StableFunctionMap::finalize (skipTrim: llvm-cgdata --skip-trim).
export function cgdataFinalize(skipTrim: i32): void { cgSession().finalize(skipTrim != 0); }
// A .cgdata file read into a new map that replaces the session's: 0 ok, 1 error (LLVM's wording).
export function cgdataRead(len: i32): i32 { let s = cgSession(); return s.readFile(host.cgBuf, len) ? 0 : cgFail(s); }
// One serialized map (the embedded form) read as the session's map, names keeping their ids.
export function cgdataReadRecord(len: i32): i32 { let s = cgSession(); return s.readRecord(host.cgBuf, len) ? 0 : cgFail(s); }
// The map written out (kind: 0 .cgdata as --merge writes it, 1 as --convert writes it, 2 the
// serialized map alone as global-merge-func embeds it, 3 the description for the host); byte
// length, bytes at outputPtr.
export function cgdataWrite(kind: i32): u32 { return handOut(cgSession().write(kind)); }
// StableFunctionMap::size (k = 0 unique hashes, 1 functions, 2 mergeable functions).
export function cgdataCount(k: i32): i32 { return cgSession().map.size(k); }
// After parse: the module's merge section contents as its object file would hold them (the
// embedded maps, cgdata/embed.ts): byte length at outputPtr (0: none); -1 when a global in the
// section is not a byte array.
export function cgdataEmbedded(): i32 {
  let o = new OutBuf();
  host.cgEmbedded = o;
  let n = embeddedMapBytes(o);
  if (n < 0) { setError("a global in the " + moduleMergeSectionName() + " section is not a byte array", 0, 0); return -1; }
  return handOut(o);
}
// After parse: the session map embedded in the module as global-merge-func embeds its map under
// -codegen-data-generate (cgdata/embed.ts): 0 embedded, 1 not (an empty map, as LLVM leaves it).
export function cgdataEmbed(): i32 {
  let s = cgSession();
  if (s.map.isEmpty()) return 1;
  let o = s.write(2);
  embedMapBytes(o.buf.ptr, o.len);
  return 0;
}
