// The reader's state: one `Reader` per parse, holding the parser's per-module tables and scratch,
// and its `FunctionScope` (the function body being parsed). text/reset.ts makes a new Reader and
// scope after each arena reset, so there is no per-file reset to forget. The lexer's token state is in
// text/lexer.ts's `Lexer`; what the bitcode reader shares, ir/module-reading.ts's `ModuleReading`.
// Fields are read into locals where a loop uses them.
import { I32Vec, I64Vec, U8Vec } from "../util/vec";
import { NumTable } from "../util/numtable";
import { TypeWalk } from "../ir/nesting";
import { SymbolIndex } from "./symbol-index";

// The function whose body is being parsed: its locals by name and number, the placeholders its
// forward references made, and the instruction parser's per-instruction registers. Reused from
// function to function (`begin` empties it; names are invalidated by a stamp, not cleared).
@final export class FunctionScope {
  inFunction: bool = false;
  fnValue: i32 = -1;
  localByName: I32Vec = new I32Vec();
  localStamp: I32Vec = new I32Vec();
  stampNow: i32 = 0;
  localByNum: NumTable = new NumTable();
  localForwards: i32 = 0;
  // forward-referenced local placeholders created in this function (to report the first undefined one)
  forwardList: I32Vec = new I32Vec();
  // the value id the instruction being defined takes (parse-inst.ts setPending)
  pendName: i32 = -1;
  pendNum: i32 = -1;
  pendImplicit: i32 = -1;
  // a forward placeholder of the pending name or number with another type than the instruction's
  pendClash: i32 = -1;
  lastWasTerminator: bool = false;
  // a comma consumed by a list loop that belongs to the trailing attachments
  pendingComma: bool = false;
  // debug records waiting for the instruction they precede
  pendingRecords: I32Vec = new I32Vec(16);

  begin(fnValue: i32): void {
    this.stampNow++; this.localByNum.clear(); this.localForwards = 0; this.forwardList.clear();
    this.inFunction = true; this.fnValue = fnValue;
  }
  end(): void { this.inFunction = false; this.fnValue = -1; }
}

@final export class Reader {
  // the result registers of the token readers (pstate.ts, parse-di-fields.ts): a value and
  // whether it overflowed, read right after the call
  tokOverflow: bool = false;
  limitedSaturated: bool = false;
  uint64Val: u64 = 0;
  intNeg: bool = false; intSigned: bool = false; intOver: bool = false; intMag: u64 = 0;
  rawEnd: i32 = 0;          // the end of a raw debug-info field value (parse-di-fields.ts V_RAW)
  nodeDepth: i32 = 0;       // metadata nodes open (parse-meta.ts)
  // parse-meta.ts parseMetadataOperand, for the values of type `metadata` (parse-values.ts): the
  // metadata parser reads values in turn, so it sits above the values parser, and newReader
  // (parser.ts) hands it down here
  parseMetadataOperand!: () => i32;
  builtinAt: i32 = -1;      // where a call site's `builtin` attribute stood (parse-attrs.ts)
  // two's complement words of the last wide integer read (parse-attrs.ts intToken), wideCount of them
  wideWords: StaticArray<u32> = changetype<StaticArray<u32>>(0);
  wideCount: i32 = 0;
  // error latch (pstate.ts): the first error only
  failed: bool = false;
  errOff: i32 = 0;
  errMsg: string = "";
  // operand/element stacks: callers record `let base = stack.len`, push, consume, reset len
  stack: I32Vec = new I32Vec(1024);
  stack2: I32Vec = new I32Vec(256);
  // the order a definition takes over its forward placeholder's uses in (ir/values.ts takeOverForwardUses)
  forwardUseOrder: I32Vec = new I32Vec(16);
  depth: i32 = 0; // recursive-descent nesting (pstate.ts enter/leave)
  // the walks of parse-gep.ts sizedNow and scalableNow (the first asks the second)
  sizedWalk: TypeWalk = new TypeWalk();
  scalableWalk: TypeWalk = new TypeWalk();
  // a load, store, alloca or atomic without `align` was parsed (ir/defaults.ts fillDefaults needed)
  missingAlign: bool = false;

  // globals by name and number, and their forward placeholders (parse-symbols.ts)
  globalByName: I32Vec = new I32Vec();
  globalByNum: NumTable = new NumTable();
  globalForwards: i32 = 0;
  globalForwardList: I32Vec = new I32Vec();
  // every placeholder and the source offset of its first reference, in creation order
  fwdPosValue: I32Vec = new I32Vec();
  fwdPosOffset: I32Vec = new I32Vec();

  // module directives and entities (parser.ts, parse-globals.ts, parse-function.ts)
  comdatByName: I32Vec = new I32Vec();
  // per comdat: the offset of its first reference while it is not defined, COMDAT_DEFINED once it
  // is (parser.ts; an undefined one is an error at the end of the module)
  comdatRefAt: I32Vec = new I32Vec();
  attrScratch: I32Vec = new I32Vec(32);
  nextGlobalNum: i32 = 0; // the least number an unnamed global may take next
  pendingFnAttrOwners: I32Vec = new I32Vec(); // attribute lists with `#N` to resolve after the module
  linkageExplicit: bool = false;
  curDSOLocal: bool = false;
  catBuf: U8Vec = new U8Vec(64);
  argTypes: I32Vec = new I32Vec(32);
  argNames: I32Vec = new I32Vec(32);
  argNums: I64Vec = new I64Vec(32); // an unsigned 32-bit number; -1 named, -2 neither
  argAt: I32Vec = new I32Vec(32);   // each argument's type's offset

  // named types (parse-types.ts): by name strId and by number, where each was defined (or first
  // referenced, while it is not), defined flag
  typeByName: I32Vec = new I32Vec();
  typeByNumber: NumTable = new NumTable();
  typeDefPos: I32Vec = new I32Vec();
  typeDefined: U8Vec = new U8Vec();

  // metadata (parse-meta.ts; the nodes of values and strings and the ODR types are in ir/module-reading.ts)
  mdForwardPos: NumTable = new NumTable(); // md number -> first reference offset
  mdStack: I32Vec = new I32Vec(256);
  S_HEADER: i32 = -1;

  // attributes (parse-attrs.ts); groups: number -> set id (-2 = not defined)
  kindOfStr: I32Vec = new I32Vec();
  entries: I32Vec = new I32Vec(64);
  byOrder: I32Vec = new I32Vec(); sortTmp: I32Vec = new I32Vec(); sorted: I32Vec = new I32Vec(64);
  groupSets: NumTable = new NumTable(-2);
  groupOrder: I32Vec = new I32Vec();
  fnAlign: i32 = 0;      // `align N` in a function attribute position (encoded, ir/align.ts)
  memUpgrade: i32 = -1;  // memory bits from legacy function attributes, -1 if none
  attrKind: i32 = -1;    // the attribute parseOne just read (-1: a string, group or upgrade) and where
  attrAt: i32 = 0;
  misplacedAt: i32 = -1; // the last attribute in a position it does not apply to (reported after the list)
  groupRefAt: i32 = -1;  // the last `#N` inside an attribute group's braces (reported after the list)
  // dso_local_equivalent's globals not defined where they were named, and where (parse-finish.ts)
  dsoEquivRefs: I32Vec = new I32Vec(); dsoEquivAt: I32Vec = new I32Vec();
  S_ARGMEMONLY: i32 = 0; S_INACC: i32 = 0; S_INACC_OR_ARG: i32 = 0;

  // blockaddress(@f, %bb) before @f's body (parse-blockaddr.ts)
  baFunc: I32Vec = new I32Vec();
  baName: I32Vec = new I32Vec();
  baNum: I32Vec = new I32Vec();
  baBlock: I32Vec = new I32Vec();
  baAt: I32Vec = new I32Vec();     // offset of the function's name in the blockaddress

  // instruction and constant scratch
  opcodeByStr: I32Vec = new I32Vec();
  callAttrScratch: I32Vec = new I32Vec(32);
  maskVec: I32Vec = new I32Vec(32);
  exprWords: I32Vec = new I32Vec(8);
  words: I32Vec = new I32Vec(16);
  bytes: U8Vec = new U8Vec(64);
  // inside a constant's elements or operands, which LLParser reads without the function's
  // locals (parse-values.ts parseGlobalTypeAndValue)
  noLocals: bool = false;
  // the module has debug records / calls to the debug intrinsics (LLParser's Seen{New,Old}DbgInfoFormat)
  seenDbgRecord: bool = false;
  seenDbgIntrinsic: bool = false;

  // `wopt repo link` (link/repo-link.ts) reads stored fragments into a parsed module. While
  // `linking`, the next definitions of a fragment take the values in linkTargets (from linkAt;
  // parse-symbols.ts linkTarget), and a value in `relink` (value id -> global index + 1) keeps
  // that global index (parse-globals.ts globalFor): the pruned declaration it replaces.
  linking: bool = false;
  linkTargets: I32Vec = new I32Vec(4);
  linkAt: i32 = 0;
  relink: I32Vec = new I32Vec();
  // the names' definitions and uses, recorded when the host asks (text/symbol-index.ts)
  index: SymbolIndex | null = null;
}

// The session's reader and function scope, at fixed addresses in static memory like the lexer
// (text/lexer.ts): the parser reads them on nearly every step, and a field at a constant address is
// one load, where a heap object behind a global costs one more per read and the scope behind the
// reader one more again (measured: +3% parse instructions). newReader (parser.ts, after each arena
// reset) copies new objects there, so the classes' initial values are the reset.
const READER_SIZE: usize = 512, SCOPE_SIZE: usize = 64;
export const rd: Reader = changetype<Reader>(memory.data(<i32>READER_SIZE, 16));
export const fnScope: FunctionScope = changetype<FunctionScope>(memory.data(<i32>SCOPE_SIZE, 16));
export function installReader(r: Reader, s: FunctionScope): void {
  assert(offsetof<Reader>() <= READER_SIZE && offsetof<FunctionScope>() <= SCOPE_SIZE);
  memory.copy(changetype<usize>(rd), changetype<usize>(r), offsetof<Reader>());
  memory.copy(changetype<usize>(fnScope), changetype<usize>(s), offsetof<FunctionScope>());
}
