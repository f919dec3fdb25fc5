// What the passes did to the module, counted for the batch summary and report (`wopt -output-dir`):
// allocas promoted and phis inserted by mem2reg, functions merged, thunks, aliases and functions
// deleted by mergefunc, functions global-merge-func turned into thunks of merged bodies. Every run of a pass adds to them; resetPasses() (runner.ts) zeroes them
// with the module.
export const STAT_ALLOCAS_PROMOTED = 0, STAT_PHIS_INSERTED = 1, STAT_FUNCTIONS_MERGED = 2,
  STAT_THUNKS = 3, STAT_ALIASES = 4, STAT_DELETED = 5, STAT_GLOBAL_MERGED = 6;

const NUM_STATS: i32 = STAT_GLOBAL_MERGED + 1;
// The counters, one i32 per STAT_ constant, in static memory (the heap is freed at each module's
// reset; these are zeroed then by resetStats()).
const COUNTS: usize = memory.data(4 * NUM_STATS);
@inline function add(k: i32, n: i32): void { store<i32>(COUNTS + 4 * <usize>k, load<i32>(COUNTS + 4 * <usize>k) + n); }

export function resetStats(): void { memory.fill(COUNTS, 0, 4 * NUM_STATS); }

// mem2reg: the allocas one promoteMemToReg call takes (dead ones included, as opt's NumPromoted).
export function countAllocasPromoted(n: i32): void { add(STAT_ALLOCAS_PROMOTED, n); }
// mem2reg: one phi created (before the folding that removes some, as opt's NumPHIInsert).
export function countPhiInserted(): void { add(STAT_PHIS_INSERTED, 1); }
// mergefunc: the counts of one run's merge report.
export function countMerges(merged: i32, thunk: i32, alias: i32, del: i32): void {
  add(STAT_FUNCTIONS_MERGED, merged); add(STAT_THUNKS, thunk); add(STAT_ALIASES, alias); add(STAT_DELETED, del);
}

// global-merge-func: the functions one run merged (each now a thunk of its .Tgm body).
export function countGlobalMerges(n: i32): void { add(STAT_GLOBAL_MERGED, n); }

// Counter k (the STAT_ constants); 0 for an unknown k.
export function stat(k: i32): i32 { return k >= 0 && k < NUM_STATS ? load<i32>(COUNTS + 4 * <usize>k) : 0; }
