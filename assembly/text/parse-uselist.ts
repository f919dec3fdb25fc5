// `uselistorder` directives, at the top level (parser.ts) and in function bodies (parse-function.ts).
import { I32Vec } from "../util/vec";
import { useCount, reorderUses } from "../ir/values";
import { lx, T, next } from "./lexer";
import * as K from "./keywords";
import { error, errorAt, expect } from "./pstate";
import { parseTypeAndValue } from "./parse-values";

// `uselistorder <type> <value>, { indexes }`: the value's uses are reordered, the use at position
// i of its list going to position indexes[i] (LLParser's sortUseListOrder); the bitcode writer
// keeps the order. `uselistorder_bb` directives are read and dropped.
export function skipUseListOrder(): bool {
  if (lx.tokStr == K.KW_uselistorder) return parseUseListOrder();
  next();
  // operands up to the closing '}' of the index list
  while (lx.tok != T.LBrace && lx.tok != T.EOF) next();
  while (lx.tok != T.RBrace && lx.tok != T.EOF) next();
  return expect(T.RBrace, "'}'");
}
function parseUseListOrder(): bool {
  next();
  let at = lx.tokStart;
  let v = parseTypeAndValue();
  if (v < 0) return false;
  if (!expect(T.Comma, "expected comma in uselistorder directive")) return false;
  if (!expect(T.LBrace, "expected '{' here")) return false;
  let idx = new I32Vec(8);
  let listAt = lx.tokStart;
  while (lx.tok != T.RBrace) {
    if (lx.tok != T.Int) return error("expected integer");
    idx.push(<i32>lx.tokNum);
    next();
    if (lx.tok == T.Comma) next(); else break;
  }
  if (!expect(T.RBrace, "expected '}' here")) return false;
  if (idx.len < 2) return errorAt("expected >= 2 uselistorder indexes", listAt);
  // a permutation that changes the order
  let seen = new I32Vec(idx.len);
  seen.resize(idx.len, 0);
  let changes = false;
  for (let i = 0; i < idx.len; i++) {
    let k = idx.get(i);
    if (k < 0 || k >= idx.len) return errorAt("expected distinct uselistorder indexes in range [0, size)", listAt);
    if (seen.get(k) != 0) return errorAt("expected distinct uselistorder indexes in range [0, size)", listAt);
    seen.set(k, 1);
    if (k != i) changes = true;
  }
  if (!changes) return errorAt("expected uselistorder indexes to change the order", listAt);
  let n = useCount(v);
  if (n == 0) return errorAt("value has no uses", at);
  if (n < 2) return errorAt("value only has one use", at);
  if (n != idx.len) return errorAt("wrong number of indexes, expected " + n.toString(), at);
  reorderUses(v, idx);
  return true;
}
