// The `verify` passes: the verifier at module or function level. A failure ends the pipeline with
// the verifier's text in the pass output, as opt aborts.
import { PassContext, PassInfo, PassState, Level } from "./registry";
import { Verifier, verifyModule, verifyOneFunction } from "../analysis/verifier";

const BROKEN_MODULE = "Broken module found, compilation aborted!";
const BROKEN_FUNCTION = "Broken function found, compilation aborted!";

// (opt's VerifierPass stops with LLVM's fatal error: "LLVM ERROR: ...", without the tool's name)
function brokenIR(c: PassContext, vr: Verifier, message: string): i32 {
  let v = vr.out;
  c.out.bytes(v.buf.ptr, v.len);
  return c.fail("LLVM ERROR: " + message);
}
export function verifyModulePass(): PassInfo {
  return new PassInfo("verify", Level.Module, (c: PassContext): i32 => {
    let vr = new Verifier(c.analyses);
    return verifyModule(vr) ? 0 : brokenIR(c, vr, BROKEN_MODULE);
  })
    .as("VerifierPass").describe("Check the module is well formed");
}
// The function-level pass keeps one Verifier for the run (made on its first function: it needs the
// run's analyses), as its tables grow once.
class VerifyFunctions extends PassState { vr: Verifier | null = null; }
export function verifyFunctionPass(): PassInfo {
  return new PassInfo("verify", Level.Function, (c: PassContext): i32 => {
    let s = changetype<VerifyFunctions>(c.state());
    let vr = s.vr;
    if (vr == null) { vr = new Verifier(c.analyses); s.vr = vr; }
    return verifyOneFunction(vr, c.fn) ? 0 : brokenIR(c, vr, BROKEN_FUNCTION);
  }).perRun((): PassState => new VerifyFunctions())
    .as("VerifierPass").describe("Check the function is well formed");
}
