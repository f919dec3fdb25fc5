// Bitcode the text reader cannot write: a module assembled by llvm-as, then one operand of one
// record rewritten in place, keeping its encoded width (a VBR value keeps its number of chunks), so
// no block length or offset moves. For fixtures of checks that only a bitcode reader lets through
// (an attribute at a position the text parser refuses, an unknown emission kind, ...).
//
// A fixture names its patches in comment lines:
//   ; patch: <block id> <record code> <record #> <operand #> <old value> -> <new value>
//   ; patch (llvm <N>): ...   (for llvm-as-N's output only)
// record # counts the records of that code in that block id through the whole file; operand #
// counts the record's operands after its code. The old value is checked, so a writer that lays
// the record out differently fails loudly instead of patching the wrong bits.

// Every record of the stream with its operands' values and bit positions.
export function scanRecords(buf) {
  let pos = 0;
  const bit = () => { const b = (buf[pos >> 3] >> (pos & 7)) & 1; pos++; return b; };
  const fixed = (w) => { let v = 0n; for (let i = 0; i < w; i++) v |= BigInt(bit()) << BigInt(i); return v; };
  const vbr = (w) => {
    const start = pos, hi = 1n << BigInt(w - 1);
    let v = 0n, shift = 0n, chunks = 0;
    for (;;) {
      const c = fixed(w); chunks++;
      v |= (c & (hi - 1n)) << shift; shift += BigInt(w - 1);
      if (!(c & hi)) return { v, start, width: w, chunks };
    }
  };
  const align32 = () => { pos = (pos + 31) & ~31; };
  let offset = 0; // a wrapper header gives the offset of the bitcode
  if (buf[0] === 0xde && buf[1] === 0xc0 && buf[2] === 0x17 && buf[3] === 0x0b) offset = buf.readUInt32LE(8);
  pos = (offset + 4) * 8; // past 'BC' 0xC0DE
  const records = [], blockInfo = new Map();
  function block(id, abbrevWidth) {
    const abbrevs = [...(blockInfo.get(id) ?? [])];
    let infoTarget = -1;
    while (pos < buf.length * 8) {
      const code = Number(fixed(abbrevWidth));
      if (code === 0) { align32(); return; } // END_BLOCK
      if (code === 1) { // ENTER_SUBBLOCK
        const sub = Number(vbr(8).v), width = Number(vbr(4).v);
        align32(); fixed(32);
        block(sub, width);
        continue;
      }
      if (code === 2) { // DEFINE_ABBREV
        const n = Number(vbr(5).v), ops = [];
        for (let i = 0; i < n; i++) {
          if (fixed(1)) { ops.push({ literal: vbr(8).v }); continue; }
          const enc = Number(fixed(3));
          ops.push(enc === 1 || enc === 2 ? { enc, width: Number(vbr(5).v) } : { enc });
        }
        if (id === 0) { if (!blockInfo.has(infoTarget)) blockInfo.set(infoTarget, []); blockInfo.get(infoTarget).push(ops); }
        else abbrevs.push(ops);
        continue;
      }
      if (code === 3) { // UNABBREV_RECORD
        const rc = vbr(6), n = Number(vbr(6).v), ops = [];
        for (let i = 0; i < n; i++) ops.push(vbr(6));
        if (id === 0 && rc.v === 1n) infoTarget = Number(ops[0].v); // SETBID
        records.push({ block: id, code: Number(rc.v), ops });
        continue;
      }
      const abbrev = abbrevs[code - 4];
      if (!abbrev) throw new Error(`undefined abbreviation ${code} in block ${id}`);
      const one = (op) => {
        if (op.literal !== undefined) return { v: op.literal };
        if (op.enc === 1) { const start = pos; return { v: fixed(op.width), start, width: op.width, fixedWidth: true }; }
        if (op.enc === 2) return vbr(op.width);
        if (op.enc === 4) return { v: fixed(6) }; // char6
        throw new Error(`encoding ${op.enc} where a scalar is expected`);
      };
      const vals = [];
      for (let i = 0; i < abbrev.length; i++) {
        const op = abbrev[i];
        if (op.enc === 3) { const n = Number(vbr(6).v), el = abbrev[++i]; for (let k = 0; k < n; k++) vals.push(one(el)); continue; }
        if (op.enc === 5) { const n = Number(vbr(6).v); align32(); pos += n * 8; align32(); vals.push({ blob: n }); continue; }
        vals.push(one(op));
      }
      records.push({ block: id, code: Number(vals[0].v), ops: vals.slice(1) });
    }
  }
  block(-1, 2);
  return records;
}

// Rewrites one scanned operand to `value` in the same number of bits.
function writeOperand(buf, op, value) {
  const put = (at, width, v) => {
    for (let i = 0; i < width; i++) {
      const b = Number((v >> BigInt(i)) & 1n), byte = (at + i) >> 3, sh = (at + i) & 7;
      buf[byte] = (buf[byte] & ~(1 << sh)) | (b << sh);
    }
  };
  if (op.fixedWidth) {
    if (value >= 1n << BigInt(op.width)) throw new Error(`${value} does not fit ${op.width} bits`);
    put(op.start, op.width, value);
    return;
  }
  if (!op.chunks) throw new Error('only fixed and VBR operands can be patched');
  const payload = BigInt(op.width - 1), hi = 1n << payload;
  let rest = value;
  for (let c = 0; c < op.chunks; c++) {
    let piece = rest & (hi - 1n);
    rest >>= payload;
    if (c + 1 < op.chunks) piece |= hi;
    put(op.start + c * op.width, op.width, piece);
  }
  if (rest) throw new Error(`${value} does not fit ${op.chunks} chunks of ${op.width} bits`);
}

// The patch lines of a fixture's text for LLVM `version` (all of them without one). A line
// `; patch (llvm N): ...` is for llvm-as-N's output only (a record another version lays out
// differently, or one only LLVM N writes).
export function patchesOf(text, version) {
  return [...text.matchAll(/^; patch(?: \(llvm (\d+)\))?: (\d+) (\d+) (\d+) (\d+) (\d+) -> (\d+)\s*$/gm)]
    .filter(m => version === undefined || m[1] === undefined || Number(m[1]) === version)
    .map(m => ({
      block: Number(m[2]), code: Number(m[3]), record: Number(m[4]), operand: Number(m[5]), from: BigInt(m[6]), to: BigInt(m[7]),
    }));
}

// Applies the patches to bitcode `buf` (a Buffer, changed in place).
export function applyPatches(buf, patches) {
  const records = scanRecords(buf);
  for (const p of patches) {
    const rec = records.filter(r => r.block === p.block && r.code === p.code)[p.record];
    if (!rec) throw new Error(`no record #${p.record} of code ${p.code} in block ${p.block}`);
    const op = rec.ops[p.operand];
    if (!op || op.v !== p.from) throw new Error(`operand ${p.operand} of record #${p.record} (code ${p.code}, block ${p.block}) is ${op?.v}, not ${p.from}`);
    writeOperand(buf, op, p.to);
  }
  return buf;
}
