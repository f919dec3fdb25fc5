// InlineAsm::verify: an inline asm callee's constraint string against its function type, as
// LLParser checks it when it builds the callee. The constraints are parsed the way
// InlineAsm::ParseConstraints parses them (a string it cannot parse is "failed to parse
// constraints"), then their kinds are counted: outputs first, then inputs (indirect outputs count
// as inputs), labels, clobbers last; the outputs make the return type, the inputs the parameters.
import { strtab } from "../ir/module";
import { TK, tyKind, tyA, tyFlags, listLen, TF_VARARG } from "../ir/types";
import { I32Vec } from "../util/vec";

const INPUT = 0, OUTPUT = 1, CLOBBER = 2, LABEL = 3;

// Per constraint parsed so far: its kind, whether it is indirect, its matching input (-1: none),
// its number of alternatives (0 without '|'), and where its alternatives' own matching inputs
// start in `altMatching`. Made for each string (the core keeps no module-level objects).
@final class Constraints {
  kinds: I32Vec = new I32Vec(8); indirect: I32Vec = new I32Vec(8); matchingInput: I32Vec = new I32Vec(8);
  alts: I32Vec = new I32Vec(8); altAt: I32Vec = new I32Vec(8); altMatching: I32Vec = new I32Vec(8);
}

@inline function ch(p: usize, i: i32): i32 { return <i32>load<u8>(p + <usize>i); }
@inline function isDigit(c: i32): bool { return c >= 48 && c <= 57; }

// InlineAsm::ConstraintInfo::Parse of the constraint at [s, e) of the string at p; false when it
// cannot be parsed. Records the constraint as the next one.
function parseOne(cs: Constraints, p: usize, s: i32, e: i32): bool {
  let kinds = cs.kinds, indirect = cs.indirect, matchingInput = cs.matchingInput;
  let alts = cs.alts, altAt = cs.altAt, altMatching = cs.altMatching;
  let nAlts = 1;
  for (let k = s; k < e; k++) if (ch(p, k) == 124) nAlts++; // '|'
  let multi = nAlts > 1;
  let kind = INPUT, ind = 0;
  let i = s;
  let c = ch(p, i);
  if (c == 126) { // '~': a clobber, '{' right after
    kind = CLOBBER; i++;
    if (i < e && ch(p, i) != 123) return false;
  } else if (c == 61) { kind = OUTPUT; i++; } // '='
  else if (c == 33) { kind = LABEL; i++; } // '!'
  if (i < e && ch(p, i) == 42) { ind = 1; i++; } // '*'
  if (i >= e) return false; // a prefix alone
  let early = false, commutative = false;
  while (true) {
    c = ch(p, i);
    if (c == 38) { // '&' early clobber: outputs only, once
      if (kind != OUTPUT || early) return false;
      early = true;
    } else if (c == 37) { // '%' commutative: not clobbers, once
      if (kind == CLOBBER || commutative) return false;
      commutative = true;
    } else if (c == 35 || c == 42) return false; // '#', '*': not supported
    else break;
    i++;
    if (i >= e) return false; // prefixes and modifiers alone
  }
  let self = kinds.len;
  let at = altMatching.len;
  if (multi) for (let k = 0; k < nAlts; k++) altMatching.push(-1);
  kinds.push(kind); indirect.push(ind); matchingInput.push(-1); alts.push(multi ? nAlts : 0); altAt.push(at);
  let alt = 0;
  while (i < e) {
    c = ch(p, i);
    if (c == 123) { // '{' a register, to '}'
      let j = i + 1;
      while (j < e && ch(p, j) != 125) j++;
      if (j >= e) return false;
      i = j + 1;
    } else if (isDigit(c)) { // a matching constraint: the number of an output before it
      let n: i64 = 0;
      while (i < e && isDigit(ch(p, i))) { if (n < 0x7fffffff) n = n * 10 + (ch(p, i) - 48); i++; }
      if (n >= <i64>self || kinds.get(<i32>n) != OUTPUT || kind != INPUT) return false;
      let o = <i32>n;
      // an output matches one input (per alternative, when this input has alternatives)
      if (multi) {
        if (alt >= alts.get(o)) return false;
        let slot = altAt.get(o) + alt;
        if (altMatching.get(slot) != -1) return false;
        altMatching.set(slot, self);
      } else {
        if (matchingInput.get(o) != -1 && matchingInput.get(o) != self) return false;
        matchingInput.set(o, self);
      }
    } else if (c == 124) { alt++; i++; } // '|' the next alternative
    else if (c == 94) i += 3; // '^' a two-letter constraint
    else if (c == 64) { // '@' a digit, then that many letters
      i++;
      let n = i < e && isDigit(ch(p, i)) ? ch(p, i) - 48 : 0;
      i += 1 + n;
    } else i++; // a one-letter constraint
  }
  return true;
}

// The error InlineAsm::verify gives for function type fnTy and constraint string `cons` (a string
// table id), or "" when there is none.
export function inlineAsmError(fnTy: i32, cons: i32): string {
  if ((tyFlags.get(fnTy) & TF_VARARG) != 0) return "inline asm cannot be variadic";
  let cs = new Constraints();
  let kinds = cs.kinds, indirect = cs.indirect;
  let p = strtab.ptrOf(cons), n = strtab.lenOf(cons);
  let ok = true;
  let i = 0;
  while (i < n) {
    let e = i;
    while (e < n && ch(p, e) != 44) e++; // ','
    if (e == i || !parseOne(cs, p, i, e)) { ok = false; break; } // an empty constraint, or one not understood
    i = e;
    if (i < n) { i++; if (i >= n) { ok = false; break; } } // no trailing ','
  }
  if (!ok && n > 0) return "failed to parse constraints";
  let outputs = 0, inputs = 0, clobbers = 0, indirects = 0, labels = 0;
  for (let k = 0; k < kinds.len; k++) {
    let kind = kinds.get(k);
    if (kind == OUTPUT) {
      if (inputs - indirects != 0 || clobbers != 0 || labels != 0) return "output constraint occurs after input, clobber or label constraint";
      if (indirect.get(k) == 0) { outputs++; continue; }
      indirects++;
      kind = INPUT; // an indirect output counts as an input
    }
    if (kind == INPUT) {
      if (clobbers != 0) return "input constraint occurs after clobber constraint";
      inputs++;
    } else if (kind == CLOBBER) clobbers++;
    else if (kind == LABEL) {
      if (clobbers != 0) return "label constraint occurs after clobber constraint";
      labels++;
    }
  }
  let ret = tyA.get(fnTy), rk = <i32>tyKind.get(ret);
  let isStruct = rk == TK.Struct || rk == TK.NamedStruct;
  if (outputs == 0) {
    if (rk != TK.Void) return "inline asm without outputs must return void";
  } else if (outputs == 1) {
    if (isStruct) return "inline asm with one output cannot return struct";
  } else if (!isStruct || listLen(ret) != outputs) {
    return "number of output constraints does not match number of return struct elements";
  }
  if (listLen(fnTy) != inputs) return "number of input constraints does not match number of parameters";
  return "";
}
