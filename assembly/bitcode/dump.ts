// The bitstream as text, block by block and record by record, for tests that compare the
// container layer with `llvm-bcanalyzer -dump` (numbers only: block and record ids, abbreviation
// ids, operands; BLOCKINFO is read, not shown; a blob shows its length).
//
//   <B8 NumWords=380 BlockCodeSize=3>
//     <R1 op0=2/>
//     <R16 abbrevid=5 op0=116 op1=46/>
//     <R1 abbrevid=4 blob=17/>
//   </B8>
import { OutBuf } from "../util/outbuf";
import {
  bs, openStream, advance, enterBlock, readRecord, ENTRY_BLOCK, ENTRY_END, ENTRY_ERROR, ENTRY_RECORD,
  depth, bsFailed, FIRST_APPLICATION_ABBREV, currentWidth,
} from "./bitstream";

// The dump of the bytes at p; false when the stream is malformed (bsErrorText() says why; `out`
// holds what was read before).
export function dumpBitstream(p: usize, n: i32, out: OutBuf): bool {
  if (!openStream(p, n)) return false;
  let widths: i32[] = [];
  while (true) {
    let e = advance();
    if (e == ENTRY_ERROR) return false;
    if (e == ENTRY_END) {
      if (widths.length == 0) return !bsFailed();
      indent(out, depth());
      out.str("</B"); out.int(widths.pop()); out.str(">\n");
      continue;
    }
    if (e == ENTRY_BLOCK) {
      let id = bs.entryBlock;
      let d = depth();
      if (!enterBlock()) return false;
      indent(out, d);
      out.str("<B"); out.int(id); out.str(" NumWords="); out.u64(bs.blockWords);
      out.str(" BlockCodeSize="); out.int(currentWidth()); out.str(">\n");
      widths.push(id);
      continue;
    }
    if (e == ENTRY_RECORD) {
      let a = bs.entryAbbrev;
      let code = readRecord(a);
      if (bsFailed()) return false;
      indent(out, depth());
      out.str("<R"); out.u32(code);
      if (a >= FIRST_APPLICATION_ABBREV) { out.str(" abbrevid="); out.int(a); }
      for (let i = 0; i < bs.ops.len; i++) { out.str(" op"); out.int(i); out.byte(61); out.i64(bs.ops.get(i)); }
      if (bs.blobLen >= 0) { out.str(" blob="); out.int(bs.blobLen); }
      out.str("/>\n");
    }
  }
}

function indent(out: OutBuf, d: i32): void { for (let i = 0; i < d; i++) out.str("  "); }
