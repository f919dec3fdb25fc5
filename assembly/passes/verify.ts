// The `verify` passes: the verifier at module or function level. A failure ends the pipeline with
// the verifier's text in the pass output, as opt aborts.
import { PassContext, PassInfo, Level } from "./registry";
import { verifyModule, verifyOneFunction, verifierOutput } from "../analysis/verifier";

function brokenIR(c: PassContext, what: string): i32 {
  let v = verifierOutput();
  c.out.bytes(v.buf.ptr, v.len);
  return c.fail("error: Broken " + what + " found, compilation aborted!");
}
export function verifyModulePass(): PassInfo {
  return new PassInfo("verify", Level.Module, (c: PassContext): i32 => verifyModule() ? 0 : brokenIR(c, "module"))
    .as("VerifierPass").describe("Check the module is well formed");
}
export function verifyFunctionPass(): PassInfo {
  return new PassInfo("verify", Level.Function, (c: PassContext): i32 => verifyOneFunction(c.fn) ? 0 : brokenIR(c, "function"))
    .as("VerifierPass").describe("Check the function is well formed");
}
