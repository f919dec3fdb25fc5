// Warnings (and the one late error) a module's reading produces, for the host to print in opt's
// order: each is a line `<stage><tool><text>` where stage is 'p' (while parsing, before the
// verifier) or 't' (after the input verified: opt's target machine checks), tool is '1' when opt
// prefixes the text with its own name ("opt: warning: ...") and '0' for a context diagnostic
// ("warning: ..."), and text is what follows the prefix. Emptied with the module (resetWarnings).
import { OutBuf } from "./outbuf";

export const STAGE_PARSE: i32 = 0x70, STAGE_TARGET: i32 = 0x74;
let buf: OutBuf = new OutBuf();

export function resetWarnings(): void { buf = new OutBuf(); }
// Starts a warning; the caller writes its text into the returned buffer and ends it with endWarning.
export function beginWarning(stage: i32, tool: bool): OutBuf {
  buf.byte(stage); buf.byte(tool ? 0x31 : 0x30);
  return buf;
}
export function endWarning(): void { buf.byte(10); }
export function warningsText(): OutBuf { return buf; }
