// The pass pipeline: parses opt's pipeline text (`a,b,function(c)`, options after `|`) and runs
// the passes in order. Passes register by name here.
import { OutBuf } from "../util/outbuf";

let passErr: string = "";
let passOut: OutBuf | null = null;
export function passError(): string { return passErr; }
export function passOutputText(): OutBuf { if (passOut == null) passOut = new OutBuf(); return passOut!; }

// Names of the passes we know; a pipeline element that is none of these is an unknown pass.
function isKnownNoOp(name: string): bool {
  // Analyses and wrappers that leave the module unchanged.
  return name == "verify" || name == "require<verify>" || name == "no-op-module" || name == "no-op-function";
}

// Returns 0 ok, 1 error, 2 unknown pass (passErr holds the name).
export function runPasses(p: usize, len: i32): i32 {
  passOut = new OutBuf();
  let text = String.UTF8.decodeUnsafe(p, <usize>len, false);
  let bar = text.indexOf("|");
  let pipeline = bar >= 0 ? text.substring(0, bar) : text;
  if (pipeline.length == 0) return 0;
  let parts = pipeline.split(",");
  for (let i = 0; i < parts.length; i++) {
    let name = parts[i].trim();
    // strip function(...) / module(...) adaptors
    while (true) {
      let open = name.indexOf("(");
      if (open > 0 && name.endsWith(")") && (name.startsWith("function(") || name.startsWith("module(") || name.startsWith("cgscc("))) {
        name = name.substring(open + 1, name.length - 1);
      } else break;
    }
    if (isKnownNoOp(name)) continue;
    passErr = name;
    return 2;
  }
  return 0;
}
