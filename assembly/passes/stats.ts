// What the passes did to the module, counted for the batch summary and report (`wopt -output-dir`):
// allocas promoted and phis inserted by mem2reg, functions merged, thunks, aliases and functions
// deleted by mergefunc, functions global-merge-func turned into thunks of merged bodies. Every run of a pass adds to them; resetPasses() (runner.ts) zeroes them
// with the module. Plain globals, not a table: the heap is freed at each module's reset.
export const STAT_ALLOCAS_PROMOTED = 0, STAT_PHIS_INSERTED = 1, STAT_FUNCTIONS_MERGED = 2,
  STAT_THUNKS = 3, STAT_ALIASES = 4, STAT_DELETED = 5, STAT_GLOBAL_MERGED = 6;

let allocasPromoted: i32 = 0;
let phisInserted: i32 = 0;
let functionsMerged: i32 = 0;
let thunks: i32 = 0;
let aliases: i32 = 0;
let deleted: i32 = 0;
let globalMerged: i32 = 0;

export function resetStats(): void {
  allocasPromoted = 0; phisInserted = 0; functionsMerged = 0; thunks = 0; aliases = 0; deleted = 0; globalMerged = 0;
}

// mem2reg: the allocas one promoteMemToReg call takes (dead ones included, as opt's NumPromoted).
export function countAllocasPromoted(n: i32): void { allocasPromoted += n; }
// mem2reg: one phi created (before the folding that removes some, as opt's NumPHIInsert).
export function countPhiInserted(): void { phisInserted++; }
// mergefunc: the counts of one run's merge report.
export function countMerges(merged: i32, thunk: i32, alias: i32, del: i32): void {
  functionsMerged += merged; thunks += thunk; aliases += alias; deleted += del;
}

// global-merge-func: the functions one run merged (each now a thunk of its .Tgm body).
export function countGlobalMerges(n: i32): void { globalMerged += n; }

// Counter k (the STAT_ constants); 0 for an unknown k.
export function stat(k: i32): i32 {
  switch (k) {
    case STAT_ALLOCAS_PROMOTED: return allocasPromoted;
    case STAT_PHIS_INSERTED: return phisInserted;
    case STAT_FUNCTIONS_MERGED: return functionsMerged;
    case STAT_THUNKS: return thunks;
    case STAT_ALIASES: return aliases;
    case STAT_DELETED: return deleted;
    case STAT_GLOBAL_MERGED: return globalMerged;
    default: return 0;
  }
}
