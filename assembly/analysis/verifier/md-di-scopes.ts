// The checks of debug-info scope, variable and other nodes (Verifier::visitDICompileUnit,
// visitDISubprogram, visitDILocation, ...).
import { mdKind, mdCount, MK } from "../../ir/metadata";

// Runs the checks of m when it is a node of one of this file's classes; false otherwise.
export function visitDIScopeNode(m: i32): bool {
  if (m < 0 || m >= mdCount() || <i32>mdKind.get(m) != MK.Node) return false;
  return false;
}
