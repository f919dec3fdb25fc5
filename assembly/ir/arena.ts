// The IR layer's one reset: every table of the arena (ir/) emptied for the next module. The
// arena's columns are module-level tables on purpose: one instance holds one module at a time
// and the passes' inner loops read the columns directly (a WASM global each, no context load).
import { resetModule } from "./module";
import { resetTypes } from "./types";
import { resetValues } from "./values";
import { resetConstants } from "./constants";
import { resetGlobals } from "./globals";
import { resetMetadata } from "./metadata";
import { resetDebugInfo } from "./debuginfo";
import { resetAttributes } from "./attributes";
import { newDataLayout } from "./datalayout";
import { resetBuilder } from "./builder";
import { resetIntrinsics } from "./intrinsics";
import { resetDIOperands } from "./di-operands";

// valueHint: the expected value count (the value columns are sized for it).
export function resetArena(valueHint: i32): void {
  resetModule();
  resetTypes(); resetValues(valueHint); resetConstants(); resetGlobals(); resetMetadata(); resetDebugInfo(); resetAttributes();
  newDataLayout();
  resetBuilder(); resetIntrinsics(); resetDIOperands();
}
