// JSON text for the reports the passes write (merge reports, the cross-module report): strings
// escaped as JSON requires, numbers as JSON can hold them.
import { OutBuf } from "./outbuf";
import { StrTab } from "./strtab";

// The n bytes at p as a JSON string (UTF-8 passed through; quotes, backslashes and control
// characters escaped).
export function jsonBytes(o: OutBuf, p: usize, n: i32): void {
  o.byte(34);
  for (let i = 0; i < n; i++) {
    let c = <i32>load<u8>(p + <usize>i);
    if (c == 34 || c == 92) { o.byte(92); o.byte(c); }
    else if (c < 32) { o.str("\\u00"); o.byte(hexDigit(c >> 4)); o.byte(hexDigit(c & 15)); }
    else o.byte(c);
  }
  o.byte(34);
}
// String s of `tab` as a JSON string; null for -1.
export function jsonStrId(o: OutBuf, tab: StrTab, s: i32): void {
  if (s < 0) { o.str("null"); return; }
  jsonBytes(o, tab.ptrOf(s), tab.lenOf(s));
}
// A JSON number for a double (integers without a fraction; infinities and NaN as strings).
export function jsonNumber(o: OutBuf, x: f64): void {
  if (isNaN(x)) { o.str("\"nan\""); return; }
  if (!isFinite(x)) { o.str(x > 0 ? "\"inf\"" : "\"-inf\""); return; }
  if (x == Math.floor(x) && Math.abs(x) < 1e15) { o.i64(<i64>x); return; }
  o.str(x.toString());
}
function hexDigit(d: i32): i32 { return d < 10 ? 48 + d : 87 + d; }
