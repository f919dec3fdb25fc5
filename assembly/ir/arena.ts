// The IR layer's one reset: every table of the arena (ir/) emptied for the next module. The
// arena's columns are module-level tables on purpose: one instance holds one module at a time
// and the passes' inner loops read the columns directly (a WASM global each, no context load);
// the module's other tables are objects at fixed addresses, each made anew here.
import { resetModule } from "./module";
import { resetTypes } from "./types";
import { resetValues } from "./values";
import { newConstantTables } from "./constants";
import { resetGlobals } from "./globals";
import { resetMetadata } from "./metadata";
import { newDebugInfoTables } from "./debuginfo";
import { resetAttributes } from "./attributes";
import { newDataLayout } from "./datalayout";
import { newEditLayer } from "./edit";
import { newIntrinsicAttrs } from "./intrinsics";
import { newDIOperandIndex } from "./di-operands";

// valueHint: the expected value count (the value columns are sized for it).
export function resetArena(valueHint: i32): void {
  // the columns
  resetModule(); resetTypes(); resetValues(valueHint); resetGlobals(); resetMetadata(); resetAttributes();
  // the module's tables, each one object at a fixed address
  newConstantTables(); newDebugInfoTables(); newDataLayout(); newEditLayer(); newIntrinsicAttrs(); newDIOperandIndex();
}
