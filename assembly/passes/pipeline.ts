// The pass pipeline: parses opt's pipeline text (`a,b,function(c)`, options after `|`) and runs
// the passes in order. Passes register by name here.
import { OutBuf } from "../util/outbuf";
import { resetSideFiles } from "./sidefiles";
import { runMergeFunc } from "./mergefunc/pass";

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
function hexVal(c: i32): i32 {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}
// `%XX` escapes decoded (bytes, then UTF-8); null when one is malformed.
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

// Module passes we run.
function isModulePass(name: string): bool { return name == "mergefunc"; }
function runModulePass(name: string): i32 {
  if (name == "mergefunc") return runMergeFunc();
  return 0;
}

// Names of the passes we know; a pipeline element that is none of these is an unknown pass.
function isKnownNoOp(name: string): bool {
  // Analyses and wrappers that leave the module unchanged.
  return name == "verify" || name == "require<verify>" || name == "no-op-module" || name == "no-op-function";
}

// Returns 0 ok, 1 error, 2 unknown pass (passErr holds the name).
export function runPasses(p: usize, len: i32): i32 {
  passOut = new OutBuf();
  resetSideFiles();
  let text = String.UTF8.decodeUnsafe(p, <usize>len, false);
  let bar = text.indexOf("|");
  let pipeline = bar >= 0 ? text.substring(0, bar) : text;
  if (!parseOptions(bar >= 0 ? text.substring(bar + 1) : "")) { passErr = "malformed pass option list"; return 1; }
  if (pipeline.length == 0) return 0;
  let parts = pipeline.split(",");
  let names = new Array<string>();
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
    if (isModulePass(name)) { names.push(name); continue; }
    passErr = name;
    return 2;
  }
  for (let i = 0; i < names.length; i++) { let r = runModulePass(names[i]); if (r != 0) return r; }
  return 0;
}
