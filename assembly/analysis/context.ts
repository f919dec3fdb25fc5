// The analysis layer's state, explicit: a FunctionAnalyses object owns the CFG of one function at
// a time and everything built from it (dominator and post-dominator trees, dominance queries, IDF,
// loops and SCCs, branch probabilities, block frequencies), plus the scratch their builders reuse
// from function to function (so a function costs no allocation once the arrays have grown).
//
//   let fa = analyses();            // the session's context (or one of your own: new FunctionAnalyses())
//   fa.buildCFG(g);                 // function g's CFG; everything below reads it
//   let t = fa.buildDomTree();      // fa.domTree, rebuilt
//   fa.idf.setDefiningBlocks(defs); fa.idf.calculate(t, out);
//   fa.dom.instDominates(t, def, user);
//
// Builds are explicit (a pass knows when it changed the CFG): every build replaces the previous
// one; a tree remembers the CFG generation it was built from (DomTree.isCurrent). invalidate()
// marks everything stale after a pass rewrote the function; resetDomTreeStates() forgets what
// opt's cached trees would print (passes that do not preserve the CFG analyses, pipeline start).
import { CFG } from "./cfg";
import { DomTree, DomTreeBuilder, DomTreeStates } from "./domtree";
import { Dominance } from "./dominance";
import { IDF } from "./idf";
import { Loops, SCC } from "./loops";
import { BPI } from "./bpi";
import { BFI } from "./bfi";

@final export class FunctionAnalyses {
  cfg: CFG;
  states: DomTreeStates;       // what opt's cached trees would print, per function
  builder: DomTreeBuilder;     // Semi-NCA scratch
  domTree: DomTree;
  postDomTree: DomTree;
  dom: Dominance;              // instruction-level dominance, instruction order cache
  idf: IDF;
  loops: Loops;
  scc: SCC;
  bpi: BPI;
  bfi: BFI;

  constructor() {
    // built from locals: the analyses hold references to the CFG and to each other
    let cfg = new CFG(), states = new DomTreeStates(), builder = new DomTreeBuilder();
    let domTree = new DomTree(false, cfg, states), postDomTree = new DomTree(true, cfg, states);
    let loops = new Loops(cfg), scc = new SCC();
    let bpi = new BPI(cfg, loops, scc, builder, domTree, postDomTree);
    this.cfg = cfg; this.states = states; this.builder = builder;
    this.domTree = domTree; this.postDomTree = postDomTree;
    this.dom = new Dominance(cfg); this.idf = new IDF();
    this.loops = loops; this.scc = scc;
    this.bpi = bpi; this.bfi = new BFI(cfg, bpi, loops, scc);
  }

  // Builds the CFG of function g (a global index); returns its number of blocks.
  @inline buildCFG(g: i32): i32 { return this.cfg.build(g); }
  // Rebuild the trees from the CFG as it is.
  @inline buildDomTree(): DomTree { return this.builder.buildDom(this.domTree); }
  @inline buildPostDomTree(): DomTree { return this.builder.buildPostDom(this.postDomTree); }
  // Branch probabilities of the CFG (rebuilds both trees and the loops), then block frequencies.
  computeBranchProbabilities(): BPI { this.bpi.compute(); return this.bpi; }
  computeBlockFrequencies(): BFI { this.bfi.compute(); return this.bfi; }

  // After a pass changed the function: the CFG and what was built from it are stale.
  invalidate(): void { this.cfg.fn = -1; this.cfg.generation++; this.dom.invalidateInstOrder(); }
  @inline resetDomTreeStates(): void { this.states.clear(); }
}

// The session's context, the one module-level variable of the layer: the pipeline's passes are
// started by id and get it here (analyses()), then hand it on explicitly; the verifier's callers
// hand it to their Verifier. It stays a session variable because the host drives one module
// through several exports that must see the same context: cfgBuild, domTreeBuild and the array
// reads after them, and a pipeline paused for the repository and resumed (runner.ts's run holds
// it). index.ts makes a new one after each arena reset (the stub runtime's reset frees the old
// one), the layer's only reset.
let session: FunctionAnalyses = new FunctionAnalyses();
export function analyses(): FunctionAnalyses { return session; }
export function newAnalyses(): FunctionAnalyses { session = new FunctionAnalyses(); return session; }
