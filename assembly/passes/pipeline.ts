// The pass pipeline: parses opt's pipeline text (`a,b,function(c,d)`, options after `|`) and runs
// the passes in order, as opt-19's PassBuilder nests them:
//  - when the first name is a module-level name (a module pass, `module(...)`, `function(...)`),
//    the pipeline is a module pipeline: module passes run on the module, `function(...)` runs its
//    function passes on each defined function in module order, and a bare function pass gets a
//    function adaptor of its own;
//  - when the first name is a function pass, the whole pipeline is one function pipeline
//    (every pass runs on function 1, then every pass on function 2, ...).
// Errors use opt's wording: `unknown pass name 'x'` (code 2, message = the name),
// `unknown module pass 'x'`, `unknown function pass 'x'`, `unknown pipeline name 'x'`,
// `invalid pipeline '...'` (code 1).
//
// Registering a pass: give it an id below (module or function range), return the id from
// modulePassId / functionPassId for its name, and run it in runModulePass / runFunctionPass.
import { OutBuf } from "../util/outbuf";
import { I32Vec } from "../util/vec";
import { globalCount, gKind, GK, gFlags, GF_ERASED, gFirstBlock } from "../ir/globals";
import { resetSideFiles } from "./sidefiles";
import { printDomTreeOf } from "./domprint";
import { analyses } from "../analysis/context";
import { dotTreeOf, dotCFGOf } from "./dot";
import { runMergeFunc } from "./mergefunc/pass";
import { runMem2Reg, resetMem2Reg } from "./mem2reg/pass";
import { runDebugify, runCheckDebugify, resetDebugify, LEVEL_LOCATIONS, LEVEL_VARIABLES } from "./debugify";
import { verifyModule, verifyOneFunction, verifierOutput } from "../analysis/verifier";
import { runRepoMetadata, runRepoPrune, hitsProvided, resetRepo } from "./repo/pass";

let passErr: string = "";
let passOut: OutBuf | null = null;
export function passError(): string { return passErr; }
export function passOutputText(): OutBuf { if (passOut == null) passOut = new OutBuf(); return passOut!; }

// ---- pass options (`|name=value,...`, ABI.md) ----
let optNames: Array<string> = new Array<string>();
let optValues: Array<string> = new Array<string>();
// The value of pass option `name` as the host sent it (decoded), or null when absent.
export function passOption(name: string): string | null {
  for (let i = 0; i < optNames.length; i++) if (optNames[i] == name) return optValues[i];
  return null;
}
export function passOptionBool(name: string): bool { let v = passOption(name); return v != null && v != "0"; }

export function resetPipeline(): void {
  resetMem2Reg(); resetDebugify(); resetRepo();
  envPipeline = ""; resumeAt = 0;
  passErr = ""; passOut = null;
  optNames = new Array<string>(); optValues = new Array<string>();
  pNames = new Array<string>(); pChild = new I32Vec(); pNext = new I32Vec();
  steps = new I32Vec(); fnIds = new I32Vec();
}

function hexVal(c: i32): i32 {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}
function decodePercent(s: string): string | null {
  if (s.indexOf("%") < 0) return s;
  let b = new OutBuf();
  let u = String.UTF8.encode(s, false);
  let p = changetype<usize>(u), n = u.byteLength;
  for (let i = 0; i < n; i++) {
    let c = <i32>load<u8>(p + <usize>i);
    if (c == 37) {
      if (i + 2 >= n) return null;
      let h = hexVal(load<u8>(p + <usize>(i + 1))), l = hexVal(load<u8>(p + <usize>(i + 2)));
      if (h < 0 || l < 0) return null;
      b.byte((h << 4) | l); i += 2;
    } else b.byte(c);
  }
  return String.UTF8.decodeUnsafe(b.buf.ptr, <usize>b.len, false);
}
function parseOptions(text: string): bool {
  optNames = new Array<string>(); optValues = new Array<string>();
  if (text.length == 0) return true;
  let parts = text.split(",");
  for (let i = 0; i < parts.length; i++) {
    let p = parts[i];
    let eq = p.indexOf("=");
    let name = eq >= 0 ? p.substring(0, eq) : p;
    let value = eq >= 0 ? p.substring(eq + 1) : "1";
    if (name.length == 0) return false;
    for (let k = 0; k < optNames.length; k++) if (optNames[k] == name) return false;
    let dv = decodePercent(value);
    if (dv == null) return false;
    optNames.push(name); optValues.push(dv!);
  }
  return true;
}

// ---- the pass registry ----

// Module passes: 1..99. Function passes: 100...
const M_VERIFY = 1, M_NOOP = 2, M_REQUIRE_VERIFY = 3, M_MERGEFUNC = 4, M_DEBUGIFY = 5, M_CHECK_DEBUGIFY = 6,
  M_REPO_METADATA = 7, M_REPO_PRUNE = 8;
const F_VERIFY = 100, F_NOOP = 101, F_PRINT_DOM = 102, F_PRINT_POSTDOM = 103, F_DOT_DOM = 104,
  F_DOT_DOM_ONLY = 105, F_DOT_POSTDOM = 106, F_DOT_POSTDOM_ONLY = 107, F_DOT_CFG = 108, F_DOT_CFG_ONLY = 109,
  F_REQUIRE_ANALYSIS = 110, F_MEM2REG = 111;

function modulePassId(name: string): i32 {
  if (name == "verify") return M_VERIFY;
  if (name == "mergefunc") return M_MERGEFUNC;
  if (name == "debugify") return M_DEBUGIFY;
  if (name == "check-debugify") return M_CHECK_DEBUGIFY;
  if (name == "repo-metadata") return M_REPO_METADATA;
  if (name == "repo-prune") return M_REPO_PRUNE;
  if (name == "no-op-module") return M_NOOP;
  if (name == "require<verify>" || name == "invalidate<verify>") return M_REQUIRE_VERIFY;
  return 0;
}
function functionPassId(name: string): i32 {
  if (name == "verify") return F_VERIFY;
  if (name == "no-op-function") return F_NOOP;
  if (name == "mem2reg") return F_MEM2REG;
  if (name == "print<domtree>") return F_PRINT_DOM;
  if (name == "print<postdomtree>") return F_PRINT_POSTDOM;
  if (name == "dot-dom") return F_DOT_DOM;
  if (name == "dot-dom-only") return F_DOT_DOM_ONLY;
  if (name == "dot-post-dom") return F_DOT_POSTDOM;
  if (name == "dot-post-dom-only") return F_DOT_POSTDOM_ONLY;
  if (name == "dot-cfg") return F_DOT_CFG;
  if (name == "dot-cfg-only") return F_DOT_CFG_ONLY;
  // analyses: building them has no visible effect, so require<>/invalidate<> are no-ops
  if (name == "require<domtree>" || name == "require<postdomtree>" || name == "invalidate<domtree>" ||
      name == "invalidate<postdomtree>" || name == "verify<domtree>" || name == "require<no-op-function>" ||
      name == "invalidate<all>") return F_REQUIRE_ANALYSIS;
  return 0;
}

// A failed `verify` pass: the verifier's text goes to the pass output (stderr), as opt aborts.
function brokenIR(what: string): i32 {
  let v = verifierOutput();
  passOutputText().bytes(v.buf.ptr, v.len);
  passErr = "error: Broken " + what + " found, compilation aborted!";
  return 1;
}
export const PAUSE_FOR_REPOSITORY: i32 = 3;
// The pipeline as the repository digests see it: the pipeline text and the options that change
// code (the repo-* options only change how results are written or found).
let envPipeline: string = "";
export function pipelineForDigests(): string { return envPipeline; }
// Returns 0 ok, 1 error (passErr holds the message), 3 paused at repo-prune.
function runModulePass(id: i32): i32 {
  switch (id) {
    case M_MERGEFUNC: analyses().resetDomTreeStates(); return runMergeFunc();   // preserves no function analyses
    case M_VERIFY: return verifyModule() ? 0 : brokenIR("module");
    case M_DEBUGIFY: {
      let level = passOption("debugify-level");
      runDebugify(passOutputText(), level != null && level == "locations" ? LEVEL_LOCATIONS : LEVEL_VARIABLES,
        passOptionBool("debugify-quiet"));
      return 0;
    }
    case M_CHECK_DEBUGIFY: runCheckDebugify(passOutputText(), passOptionBool("debugify-quiet")); return 0;
    case M_REPO_METADATA: runRepoMetadata(envPipeline, passOptionBool("repo-plain-metadata")); return 0;
    case M_REPO_PRUNE:
      // the host answers with the repository's hits (repoSetHits) and resumes (resumePasses)
      if (!hitsProvided()) return PAUSE_FOR_REPOSITORY;
      analyses().resetDomTreeStates(); runRepoPrune(); return 0;
    case M_NOOP: case M_REQUIRE_VERIFY: return 0;
    default: return 0;
  }
}
function runFunctionPass(id: i32, g: i32, out: OutBuf): i32 {
  switch (id) {
    case F_PRINT_DOM: printDomTreeOf(out, g, false); return 0;
    case F_PRINT_POSTDOM: printDomTreeOf(out, g, true); return 0;
    case F_DOT_DOM: dotTreeOf(out, g, false, false); return 0;
    case F_DOT_DOM_ONLY: dotTreeOf(out, g, false, true); return 0;
    case F_DOT_POSTDOM: dotTreeOf(out, g, true, false); return 0;
    case F_DOT_POSTDOM_ONLY: dotTreeOf(out, g, true, true); return 0;
    case F_DOT_CFG: dotCFGOf(out, g, false); return 0;
    case F_DOT_CFG_ONLY: dotCFGOf(out, g, true); return 0;
    case F_VERIFY: return verifyOneFunction(g) ? 0 : brokenIR("function");
    case F_MEM2REG: runMem2Reg(g); return 0;
    default: return 0;   // no-ops, analyses
  }
}

// ---- pipeline text -> element tree ----
// Elements: name, first child (-1 none, -2 empty parens), next sibling.
let pNames: Array<string> = new Array<string>();
let pChild: I32Vec = new I32Vec();
let pNext: I32Vec = new I32Vec();
let ptext: string = "";
let ppos: i32 = 0;

// Parses `elem (',' elem)*` up to ')' or the end; returns the first element (or -1 on error).
function parseList(depth: i32): i32 {
  let first = -1, prev = -1;
  while (true) {
    let start = ppos;
    while (ppos < ptext.length) {
      let c = ptext.charCodeAt(ppos);
      if (c == 44 || c == 40 || c == 41) break;
      ppos++;
    }
    let e = pNames.length;
    pNames.push(ptext.substring(start, ppos).trim()); pChild.push(-1); pNext.push(-1);
    if (prev >= 0) pNext.set(prev, e); else first = e;
    prev = e;
    if (ppos < ptext.length && ptext.charCodeAt(ppos) == 40) {
      ppos++;
      let inner = parseList(depth + 1);
      if (inner == -1) return -1;
      if (ppos >= ptext.length || ptext.charCodeAt(ppos) != 41) return -1;
      ppos++;
      pChild.set(e, inner);
    }
    if (ppos >= ptext.length) return depth == 0 ? first : -1;
    let c = ptext.charCodeAt(ppos);
    if (c == 41) return depth > 0 ? first : -1;
    if (c != 44) return -1;
    ppos++;
  }
  return -1;
}

// ---- element tree -> plan: steps are module pass ids, or a function group ----
// steps: (kind, a, b): kind 0 = module pass a; kind 1 = function passes fnIds[a .. a+b).
let steps: I32Vec = new I32Vec();
let fnIds: I32Vec = new I32Vec();

function isModuleLevel(name: string): bool {
  return modulePassId(name) != 0 || name == "module" || name == "function";
}
function addFunctionElement(e: i32): i32 {
  let name = pNames[e];
  let ch = pChild.get(e);
  if (name == "function" && ch >= 0) {
    for (let c = ch; c >= 0; c = pNext.get(c)) { let r = addFunctionElement(c); if (r != 0) return r; }
    return 0;
  }
  let id = ch < 0 ? functionPassId(name) : 0;
  if (id == 0) { passErr = "unknown function pass '" + name + "'"; return 1; }
  fnIds.push(id);
  return 0;
}
function beginGroup(): i32 { steps.push(1); steps.push(fnIds.len); steps.push(0); return steps.len - 1; }
function endGroup(at: i32, start: i32): void { steps.set(at, fnIds.len - start); }
function addModuleElement(e: i32): i32 {
  let name = pNames[e];
  let ch = pChild.get(e);
  if (ch >= 0 && name == "module") {
    for (let c = ch; c >= 0; c = pNext.get(c)) { let r = addModuleElement(c); if (r != 0) return r; }
    return 0;
  }
  if (ch >= 0 && name == "function") {
    let start = fnIds.len;
    let at = beginGroup();
    for (let c = ch; c >= 0; c = pNext.get(c)) { let r = addFunctionElement(c); if (r != 0) return r; }
    endGroup(at, start);
    return 0;
  }
  if (ch < 0) {
    let m = modulePassId(name);
    if (m != 0) { steps.push(0); steps.push(m); steps.push(0); return 0; }
    let f = functionPassId(name);
    if (f != 0) { let start = fnIds.len; let at = beginGroup(); fnIds.push(f); endGroup(at, start); return 0; }
  }
  passErr = "unknown module pass '" + name + "'";
  return 1;
}

// Returns 0 ok, 1 error, 2 unknown pass (passErr holds the name).
export function runPasses(p: usize, len: i32): i32 {
  passOut = new OutBuf();
  resetSideFiles();
  analyses().resetDomTreeStates();
  let text = String.UTF8.decodeUnsafe(p, <usize>len, false);
  let bar = text.indexOf("|");
  let pipeline = bar >= 0 ? text.substring(0, bar) : text;
  if (!parseOptions(bar >= 0 ? text.substring(bar + 1) : "")) { passErr = "malformed pass option list"; return 1; }
  envPipeline = pipeline;
  for (let i = 0; i < optNames.length; i++) if (!optNames[i].startsWith("repo-")) envPipeline += "|" + optNames[i] + "=" + optValues[i];
  if (pipeline.length == 0) return 0;
  pNames = new Array<string>(); pChild.clear(); pNext.clear();
  ptext = pipeline; ppos = 0;
  let top = parseList(0);
  if (top < 0) { passErr = "invalid pipeline '" + pipeline + "'"; return 1; }
  steps.clear(); fnIds.clear();
  let first = pNames[top];
  if (isModuleLevel(first)) {
    for (let e = top; e >= 0; e = pNext.get(e)) { let r = addModuleElement(e); if (r != 0) return r; }
  } else if (functionPassId(first) != 0 && pChild.get(top) < 0) {
    let at = beginGroup();
    for (let e = top; e >= 0; e = pNext.get(e)) { let r = addFunctionElement(e); if (r != 0) return r; }
    endGroup(at, 0);
  } else {
    if (pChild.get(top) >= 0) { passErr = "unknown pipeline name '" + first + "'"; return 1; }
    passErr = first;
    return 2;
  }
  return runPlan(0);
}

// Continues a pipeline that paused for the repository (runPasses returned 3).
let resumeAt: i32 = 0;
export function resumePasses(): i32 {
  if (passOut == null) passOut = new OutBuf();
  return runPlan(resumeAt);
}

function runPlan(from: i32): i32 {
  let out = passOut!;
  for (let s = from; s < steps.len; s += 3) {
    let kind = steps.get(s), a = steps.get(s + 1), b = steps.get(s + 2);
    if (kind == 0) {
      let r = runModulePass(a);
      if (r == PAUSE_FOR_REPOSITORY) { resumeAt = s; return r; }
      if (r != 0) return r;
      continue;
    }
    for (let g = 0; g < globalCount(); g++) {
      if (<i32>gKind.get(g) != GK.Func || (gFlags.get(g) & GF_ERASED) != 0 || gFirstBlock.get(g) < 0) continue;
      for (let k = 0; k < b; k++) { let r = runFunctionPass(fnIds.get(a + k), g, out); if (r != 0) return r; }
    }
  }
  return 0;
}
