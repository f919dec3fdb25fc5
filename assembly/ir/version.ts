// The LLVM version whose dialect and behaviour wopt follows (`--llvm-version`): what the reader
// accepts, how the printer spells things, and the pass behaviour that changed between versions.
// The host sets it before each parse (index.ts setLLVMVersion); it is not part of the arena, so
// a reset keeps it.
export let llvmVersion: i32 = 22;

// Versions wopt can follow. 20 and 21 are not listed: there is no opt of those versions here to
// check them against.
export function isSupportedVersion(v: i32): bool { return v == 19 || v == 22; }
export function setVersion(v: i32): void { llvmVersion = v; }
// "requires LLVM N" for constructs a version cannot hold.
export function needsVersion(v: i32): bool { return llvmVersion >= v; }
