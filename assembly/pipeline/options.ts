// The pass options the host sends after the pipeline: `<pipeline>|name=value,...`, values
// percent-encoded (ABI.md). Each name must be an option some pass in the table declares, and its
// value one that option takes.
import { OutBuf } from "../util/outbuf";
import { PassContext, PassOption } from "../passes/registry";
import { passTable } from "./table";
import { instrumentationOptions } from "./instrument";

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

// The declaration of option `name` in the pass table or the instrumentation's, or null.
export function declaredOption(name: string): PassOption | null {
  let t = passTable();
  for (let i = 0; i < t.length; i++) { let o = t[i].findOption(name); if (o != null) return o; }
  let io = instrumentationOptions();
  for (let i = 0; i < io.length; i++) if (io[i].name == name) return io[i];
  return null;
}

// Reads `text` (what follows '|') into c's option lists; returns "" or the error.
export function readOptions(c: PassContext, text: string): string {
  c.optionNames = []; c.optionValues = [];
  if (text.length == 0) return "";
  let parts = text.split(",");
  for (let i = 0; i < parts.length; i++) {
    let p = parts[i];
    let eq = p.indexOf("=");
    let name = eq >= 0 ? p.substring(0, eq) : p;
    let value = eq >= 0 ? p.substring(eq + 1) : "1";
    if (name.length == 0 || c.optionNames.includes(name)) return "malformed pass option list";
    let dv = decodePercent(value);
    if (dv == null) return "malformed pass option list";
    let decl = declaredOption(name);
    if (decl == null) return "unknown pass option '" + name + "'";
    let bad = decl.check(dv);
    if (bad.length > 0) return bad;
    c.optionNames.push(name); c.optionValues.push(dv);
  }
  return "";
}
