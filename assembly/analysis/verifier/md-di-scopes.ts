// The checks of debug-info scope, variable and other nodes (Verifier::visitDICompileUnit,
// visitDISubprogram, visitDILocation, ...), in LLVM's order inside each visit. Nodes are stored as
// opt prints them (ir/di-printed.ts): a metadata field is FV_MD (a node, string or value; -1 for
// null), numbers, strings, DWARF names and flags are FV_RAW text. Fields a class gives implicitly in
// text and bitcode (the tags of DISubprogram, DICompileUnit, DILexicalBlock, ...) cannot be wrong,
// so their tag checks are not made. DIExpression's checks are in md-di-expr.ts.
import { strtab } from "../../ir/module";
import { mdKind, mdA, mdCount, MK, FV_MD, FV_RAW, mdPool } from "../../ir/metadata";
import { field, exprFragmentSize, exprFragmentOffset, variableSizeInBits } from "../../ir/debuginfo";
import { llvmVersion } from "../../ir/version";
import { vr } from "./state";
import { isDistinct, numOps, op } from "./md-common";
import { visitDIExpression } from "./md-di-expr";

// Class and field names interned once per module (newDIScopeNames() makes a new table with every
// module; the first node visited fills it).
@final class DIScopeNames {
  ready: bool = false;
  // classes
  LOC: i32 = -1; GENERIC: i32 = -1; CU: i32 = -1; SP: i32 = -1; LB: i32 = -1; LBF: i32 = -1; CB: i32 = -1;
  NS: i32 = -1; MACRO: i32 = -1; MACROFILE: i32 = -1; MODULE: i32 = -1; GV: i32 = -1; LV: i32 = -1;
  ASSIGNID: i32 = -1; LABEL: i32 = -1; GVE: i32 = -1; OBJC: i32 = -1; IE: i32 = -1; FILE: i32 = -1;
  BASIC: i32 = -1; STRING: i32 = -1; DERIVED: i32 = -1; COMPOSITE: i32 = -1; SUBROUTINE: i32 = -1;
  FIXED: i32 = -1; SUBRANGETYPE: i32 = -1; TTP: i32 = -1; TVP: i32 = -1;
  // fields
  scope: i32 = -1; file: i32 = -1; line: i32 = -1; column: i32 = -1; inlinedAt: i32 = -1; tag: i32 = -1;
  type: i32 = -1; containingType: i32 = -1; templateParams: i32 = -1; declaration: i32 = -1;
  retainedNodes: i32 = -1; flags: i32 = -1; spFlags: i32 = -1; unit: i32 = -1; thrownTypes: i32 = -1;
  enums: i32 = -1; retainedTypes: i32 = -1; emissionKind: i32 = -1; globals: i32 = -1; imports: i32 = -1; macros: i32 = -1;
  name: i32 = -1; filename: i32 = -1; nodes: i32 = -1; entity: i32 = -1; var: i32 = -1; expr: i32 = -1;
  isDefinition: i32 = -1; identifier: i32 = -1;
  // values
  vTrue: i32 = -1; vEmpty: i32 = -1; vZero: i32 = -1;
  tagEnum: i32 = -1; tagImpModule: i32 = -1; tagImpDecl: i32 = -1; macDefine: i32 = -1; macUndef: i32 = -1;
  tagNull: i32 = -1;
  // spIsDefinition's last spFlags text and answer
  lastSPFlags: i32 = -1; lastSPDefinition: bool = false;
}
const DI_SCOPE_NAMES_SIZE: usize = 320;
const dn: DIScopeNames = changetype<DIScopeNames>(memory.data(<i32>DI_SCOPE_NAMES_SIZE, 16));

export function newDIScopeNames(): void {
  assert(offsetof<DIScopeNames>() <= DI_SCOPE_NAMES_SIZE);
  memory.copy(changetype<usize>(dn), changetype<usize>(new DIScopeNames()), offsetof<DIScopeNames>());
}
function s(x: string): i32 { return strtab.internStr(x); }
function ensure(): void {
  if (dn.ready) return;
  dn.ready = true;
  dn.lastSPFlags = -1;
  dn.LOC = s("DILocation"); dn.GENERIC = s("GenericDINode"); dn.CU = s("DICompileUnit"); dn.SP = s("DISubprogram");
  dn.LB = s("DILexicalBlock"); dn.LBF = s("DILexicalBlockFile"); dn.CB = s("DICommonBlock"); dn.NS = s("DINamespace");
  dn.MACRO = s("DIMacro"); dn.MACROFILE = s("DIMacroFile"); dn.MODULE = s("DIModule"); dn.GV = s("DIGlobalVariable");
  dn.LV = s("DILocalVariable"); dn.ASSIGNID = s("DIAssignID"); dn.LABEL = s("DILabel");
  dn.GVE = s("DIGlobalVariableExpression"); dn.OBJC = s("DIObjCProperty"); dn.IE = s("DIImportedEntity");
  dn.FILE = s("DIFile"); dn.BASIC = s("DIBasicType"); dn.STRING = s("DIStringType"); dn.DERIVED = s("DIDerivedType");
  dn.COMPOSITE = s("DICompositeType"); dn.SUBROUTINE = s("DISubroutineType"); dn.FIXED = s("DIFixedPointType");
  dn.SUBRANGETYPE = s("DISubrangeType"); dn.TTP = s("DITemplateTypeParameter"); dn.TVP = s("DITemplateValueParameter");
  dn.scope = s("scope"); dn.file = s("file"); dn.line = s("line"); dn.column = s("column"); dn.inlinedAt = s("inlinedAt");
  dn.tag = s("tag"); dn.type = s("type"); dn.containingType = s("containingType"); dn.templateParams = s("templateParams");
  dn.declaration = s("declaration"); dn.retainedNodes = s("retainedNodes"); dn.flags = s("flags"); dn.spFlags = s("spFlags");
  dn.unit = s("unit"); dn.thrownTypes = s("thrownTypes"); dn.enums = s("enums"); dn.retainedTypes = s("retainedTypes");
  dn.emissionKind = s("emissionKind");
  dn.globals = s("globals"); dn.imports = s("imports"); dn.macros = s("macros"); dn.name = s("name");
  dn.filename = s("filename"); dn.nodes = s("nodes"); dn.entity = s("entity"); dn.var = s("var"); dn.expr = s("expr");
  dn.isDefinition = s("isDefinition"); dn.identifier = s("identifier");
  dn.vTrue = s("true"); dn.vEmpty = s("\"\""); dn.vZero = s("0");
  dn.tagEnum = s("DW_TAG_enumeration_type"); dn.tagImpModule = s("DW_TAG_imported_module");
  dn.tagImpDecl = s("DW_TAG_imported_declaration"); dn.macDefine = s("DW_MACINFO_define");
  dn.macUndef = s("DW_MACINFO_undef"); dn.tagNull = s("DW_TAG_null");
}

// ---- node questions (each answers false for null, strings, values and tuples) ----

// The class of a specialized node, or -1.
function cls(m: i32): i32 { return m >= 0 && m < mdCount() && <i32>mdKind.get(m) == MK.Node ? mdA.get(m) : -1; }
function isTypeClass(c: i32): bool {
  return c >= 0 && (c == dn.BASIC || c == dn.DERIVED || c == dn.COMPOSITE || c == dn.SUBROUTINE || c == dn.STRING ||
    c == dn.FIXED || c == dn.SUBRANGETYPE);
}
function isLocalScopeClass(c: i32): bool { return c >= 0 && (c == dn.SP || c == dn.LB || c == dn.LBF); }
function isScopeClass(c: i32): bool {
  return isTypeClass(c) || isLocalScopeClass(c) || (c >= 0 && (c == dn.FILE || c == dn.CU || c == dn.NS || c == dn.CB || c == dn.MODULE));
}
// isa<DIType> / isa<DIScope> / isa<DILocalScope> / isa<DINode> (a specialized node other than
// DILocation, DIGlobalVariableExpression, DIAssignID and the macro nodes).
function isDIType(m: i32): bool { return isTypeClass(cls(m)); }
function isDIScope(m: i32): bool { return isScopeClass(cls(m)); }
function isLocalScope(m: i32): bool { return isLocalScopeClass(cls(m)); }
function isDINodeMD(m: i32): bool {
  let c = cls(m);
  return c >= 0 && c != dn.LOC && c != dn.GVE && c != dn.ASSIGNID && c != dn.MACRO && c != dn.MACROFILE;
}
function isTuple(m: i32): bool { return m >= 0 && m < mdCount() && <i32>mdKind.get(m) == MK.Tuple; }
function isMacroNode(m: i32): bool { let c = cls(m); return c >= 0 && (c == dn.MACRO || c == dn.MACROFILE); }
// LLVM's static isType / isScope / isDINode: null, or of the kind.
function typeOrNull(m: i32): bool { return m < 0 || isDIType(m); }
function scopeOrNull(m: i32): bool { return m < 0 || isDIScope(m); }
function diNodeOrNull(m: i32): bool { return m < 0 || isDINodeMD(m); }
// isType for the record checks (md-records.ts).
export function diTypeOrNull(m: i32): bool { ensure(); return typeOrNull(m); }

// A metadata field (-1 for null or absent) and a raw field's text id (-1 when absent).
function md(m: i32, name: i32): i32 {
  let f = field(m, name);
  if (f < 0 || mdPool.get(f + 1) != FV_MD) return -1;
  return mdPool.get(f + 2);
}
function raw(m: i32, name: i32): i32 {
  let f = field(m, name);
  if (f < 0 || mdPool.get(f + 1) != FV_RAW) return -1;
  return mdPool.get(f + 2);
}
// An unsigned number field (0 when absent).
function num(m: i32, name: i32): u64 {
  let t = raw(m, name);
  if (t < 0) return 0;
  let p = strtab.ptrOf(t), n = strtab.lenOf(t);
  let v: u64 = 0;
  for (let i = 0; i < n; i++) {
    let d = <i32>load<u8>(p + <usize>i) - 48;
    if (d < 0 || d > 9) break;
    v = v * 10 + <u64>d;
  }
  return v;
}
// A string field is empty (absent, or `""`).
function strEmpty(m: i32, name: i32): bool { let t = raw(m, name); return t < 0 || strtab.lenOf(t) <= 2; }
// A flags field (`A | B | 8`) names the flag.
function hasFlag(m: i32, name: i32, flag: string): bool {
  let t = raw(m, name);
  if (t < 0) return false;
  let p = strtab.ptrOf(t), n = strtab.lenOf(t), fl = flag.length;
  let i = 0;
  while (i < n) {
    let st = i;
    while (i < n && load<u8>(p + <usize>i) != 32) i++;
    if (i - st == fl) {
      let same = true;
      for (let k = 0; k < fl; k++) if (<i32>load<u8>(p + <usize>(st + k)) != flag.charCodeAt(k)) { same = false; break; }
      if (same) return true;
    }
    while (i < n && (load<u8>(p + <usize>i) == 32 || load<u8>(p + <usize>i) == 124)) i++;
  }
  return false;
}
// (subprograms share a few spFlags texts: the last one's answer is kept)
function spIsDefinition(m: i32): bool {
  let t = raw(m, dn.spFlags);
  if (t == dn.lastSPFlags && t >= 0) return dn.lastSPDefinition;
  let def = hasFlag(m, dn.spFlags, "DISPFlagDefinition");
  dn.lastSPFlags = t; dn.lastSPDefinition = def;
  return def;
}
function hasConflictingReferenceFlags(m: i32): bool {
  return (hasFlag(m, dn.flags, "DIFlagLValueReference") && hasFlag(m, dn.flags, "DIFlagRValueReference")) ||
    (hasFlag(m, dn.flags, "DIFlagTypePassByValue") && hasFlag(m, dn.flags, "DIFlagTypePassByReference"));
}

// A failed check: the message, then the metadata operands (-1: nothing written).
function fail(msg: string, a: i32 = -1, b: i32 = -1, c: i32 = -1, d: i32 = -1): void {
  vr.failDebugInfo(msg);
  vr.wm(a); vr.wm(b); vr.wm(c); vr.wm(d);
}

// Runs the checks of m when it is a node of one of this file's classes; false otherwise.
export function visitDIScopeNode(m: i32): bool {
  if (m < 0 || m >= mdCount()) return false;
  let k = <i32>mdKind.get(m);
  if (k == MK.Expr) { visitDIExpression(m); return true; }
  if (k != MK.Node) return false;
  ensure();
  let c = mdA.get(m);
  if (c == dn.LOC) visitDILocation(m);
  else if (c == dn.SP) visitDISubprogram(m);
  else if (c == dn.LV) visitDILocalVariable(m);
  else if (c == dn.LB) visitDILexicalBlock(m);
  else if (c == dn.LBF) visitDILexicalBlockBase(m);
  else if (c == dn.GVE) visitDIGlobalVariableExpression(m);
  else if (c == dn.GV) visitDIGlobalVariable(m);
  else if (c == dn.CU) visitDICompileUnit(m);
  else if (c == dn.IE) visitDIImportedEntity(m);
  else if (c == dn.LABEL) visitDILabel(m);
  else if (c == dn.NS) visitDINamespace(m);
  else if (c == dn.CB) visitDICommonBlock(m);
  else if (c == dn.MODULE) visitDIModule(m);
  else if (c == dn.MACRO) visitDIMacro(m);
  else if (c == dn.MACROFILE) visitDIMacroFile(m);
  else if (c == dn.OBJC) visitDIObjCProperty(m);
  else if (c == dn.ASSIGNID) visitDIAssignID(m);
  else if (c == dn.GENERIC) visitGenericDINode(m);
  else return false;
  return true;
}

function visitDILocation(m: i32): void {
  let sc = md(m, dn.scope);
  if (!isLocalScope(sc)) { fail("location requires a valid scope", m, sc); return; }
  let ia = md(m, dn.inlinedAt);
  if (ia >= 0 && cls(ia) != dn.LOC) { fail("inlined-at should be a location", m, ia); return; }
  if (cls(sc) == dn.SP && !spIsDefinition(sc)) { fail("scope points into the type hierarchy", m); return; }
}

function visitGenericDINode(m: i32): void {
  let t = raw(m, dn.tag);
  if (t < 0 || t == dn.tagNull || t == dn.vZero) fail("invalid tag", m);
}

function visitDICompileUnit(m: i32): void {
  if (!isDistinct(m)) { fail("compile units must be distinct", m); return; }
  let f = md(m, dn.file);
  if (cls(f) != dn.FILE) { fail("invalid file", m, f); return; }
  if (strEmpty(f, dn.filename)) { fail("invalid filename", m, f); return; }
  // (the text reader takes known kinds only; the bitcode reader keeps an unknown one nameless)
  let ek = raw(m, dn.emissionKind);
  if (ek >= 0 && strtab.lenOf(ek) == 0) { fail("invalid emission kind", m); return; }
  let a = md(m, dn.enums);
  if (a >= 0) {
    if (!isTuple(a)) { fail("invalid enum list", m, a); return; }
    for (let i = 0, n = numOps(a); i < n; i++) {
      let o = op(a, i);
      if (cls(o) != dn.COMPOSITE || raw(o, dn.tag) != dn.tagEnum) { fail("invalid enum type", m, a, o); return; }
    }
  }
  a = md(m, dn.retainedTypes);
  if (a >= 0) {
    if (!isTuple(a)) { fail("invalid retained type list", m, a); return; }
    for (let i = 0, n = numOps(a); i < n; i++) {
      let o = op(a, i);
      if (!(isDIType(o) || (cls(o) == dn.SP && !spIsDefinition(o)))) { fail("invalid retained type", m, o); return; }
    }
  }
  a = md(m, dn.globals);
  if (a >= 0) {
    if (!isTuple(a)) { fail("invalid global variable list", m, a); return; }
    for (let i = 0, n = numOps(a); i < n; i++) {
      let o = op(a, i);
      if (cls(o) != dn.GVE) { fail("invalid global variable ref", m, o); return; }
    }
  }
  a = md(m, dn.imports);
  if (a >= 0) {
    if (!isTuple(a)) { fail("invalid imported entity list", m, a); return; }
    for (let i = 0, n = numOps(a); i < n; i++) {
      let o = op(a, i);
      if (cls(o) != dn.IE) { fail("invalid imported entity ref", m, o); return; }
    }
  }
  a = md(m, dn.macros);
  if (a >= 0) {
    if (!isTuple(a)) { fail("invalid macro list", m, a); return; }
    for (let i = 0, n = numOps(a); i < n; i++) {
      let o = op(a, i);
      if (!isMacroNode(o)) { fail("invalid macro ref", m, o); return; }
    }
  }
}

// Verifier::visitTemplateParams.
function templateParams(m: i32, p: i32): void {
  if (!isTuple(p)) { fail("invalid template params", m, p); return; }
  for (let i = 0, n = numOps(p); i < n; i++) {
    let o = op(p, i), c = cls(o);
    if (c < 0 || (c != dn.TTP && c != dn.TVP)) { fail("invalid template parameter", m, p, o); return; }
  }
}

function visitDISubprogram(m: i32): void {
  let sc = md(m, dn.scope);
  if (!scopeOrNull(sc)) { fail("invalid scope", m, sc); return; }
  let f = md(m, dn.file);
  if (f >= 0) {
    if (cls(f) != dn.FILE) { fail("invalid file", m, f); return; }
  } else {
    let line = num(m, dn.line);
    if (line != 0) { fail("line specified with no file", m); let out = vr.out; out.u64(line); out.byte(10); return; }
  }
  let t = md(m, dn.type);
  if (t >= 0 && cls(t) != dn.SUBROUTINE) { fail("invalid subroutine type", m, t); return; }
  let ct = md(m, dn.containingType);
  if (!typeOrNull(ct)) { fail("invalid containing type", m, ct); return; }
  let tp = md(m, dn.templateParams);
  if (tp >= 0) templateParams(m, tp);   // (a failure there ends its own checks only)
  let decl = md(m, dn.declaration);
  if (decl >= 0 && (cls(decl) != dn.SP || spIsDefinition(decl))) { fail("invalid subprogram declaration", m, decl); return; }
  let rn = md(m, dn.retainedNodes);
  if (rn >= 0) {
    if (!isTuple(rn)) { fail("invalid retained nodes list", m, rn); return; }
    let v22 = llvmVersion >= 22;
    for (let i = 0, n = numOps(rn); i < n; i++) {
      let o = op(rn, i), c = cls(o);
      if (v22 && o < 0) { fail("nullptr in retained nodes", m, rn); return; }
      if (c < 0 || (c != dn.LV && c != dn.LABEL && c != dn.IE)) {
        fail("invalid retained nodes, expected DILocalVariable, DILabel or DIImportedEntity", m, rn, o); return;
      }
      if (!v22) continue;
      // LLVM 22: each is scoped in this subprogram or a block of it
      let sc = md(o, dn.scope);
      if (!isLocalScope(sc)) { fail("invalid retained nodes, retained node is not local", m, rn, o); return; }
      if (subprogramOf(sc) != m) {
        fail("invalid retained nodes, retained node does not belong to subprogram", m, rn, o, sc); return;
      }
    }
  }
  if (hasConflictingReferenceFlags(m)) { fail("invalid reference flags", m); return; }
  let unit = md(m, dn.unit);
  let def = spIsDefinition(m);
  if (def) {
    if (!isDistinct(m)) { fail("subprogram definitions must be distinct", m); return; }
    if (unit < 0) { fail("subprogram definitions must have a compile unit", m); return; }
    if (cls(unit) != dn.CU) { fail("invalid unit type", m, unit); return; }
    // (opt uniques ODR types: a definition inside an identified composite type needs a declaration)
    if (decl < 0 && cls(sc) == dn.COMPOSITE && !strEmpty(sc, dn.identifier)) {
      fail("definition subprograms cannot be nested within DICompositeType when enabling ODR", m); return;
    }
  } else {
    if (unit >= 0) { fail("subprogram declarations must not have a compile unit", m); return; }
    if (decl >= 0) { fail("subprogram declaration must not have a declaration field"); return; }
  }
  let tt = md(m, dn.thrownTypes);
  if (tt >= 0) {
    if (!isTuple(tt)) { fail("invalid thrown types list", m, tt); return; }
    for (let i = 0, n = numOps(tt); i < n; i++) {
      let o = op(tt, i);
      if (!isDIType(o)) { fail("invalid thrown type", m, tt, o); return; }
    }
  }
  if (hasFlag(m, dn.flags, "DIFlagAllCallsDescribed") && !def) { fail("DIFlagAllCallsDescribed must be attached to a definition"); return; }
}

// DILocalScope::getSubprogram: up the blocks' scopes to a subprogram; -1 when the chain ends
// elsewhere or does not end.
function subprogramOf(sc: i32): i32 {
  for (let guard = 0; guard < 100000; guard++) {
    let c = cls(sc);
    if (c == dn.SP) return sc;
    if (c != dn.LB && c != dn.LBF) return -1;
    sc = md(sc, dn.scope);
  }
  return -1;
}

// Verifier::visitDILexicalBlockBase (a failure ends these checks only: the caller's go on).
function visitDILexicalBlockBase(m: i32): void {
  let sc = md(m, dn.scope);
  if (!isLocalScope(sc)) { fail("invalid local scope", m, sc); return; }
  if (cls(sc) == dn.SP && !spIsDefinition(sc)) { fail("scope points into the type hierarchy", m); return; }
}
function visitDILexicalBlock(m: i32): void {
  visitDILexicalBlockBase(m);
  if (num(m, dn.line) == 0 && num(m, dn.column) != 0) fail("cannot have column info without line info", m);
}

function visitDICommonBlock(m: i32): void {
  let sc = md(m, dn.scope);
  if (sc >= 0 && !isDIScope(sc)) { fail("invalid scope ref", m, sc); return; }
  let d = md(m, dn.declaration);
  if (d >= 0 && cls(d) != dn.GV) { fail("invalid declaration", m, d); return; }
}

function visitDINamespace(m: i32): void {
  let sc = md(m, dn.scope);
  if (sc >= 0 && !isDIScope(sc)) fail("invalid scope ref", m, sc);
}

function visitDIMacro(m: i32): void {
  let t = raw(m, dn.type);
  if (t != dn.macDefine && t != dn.macUndef) { fail("invalid macinfo type", m); return; }
  if (strEmpty(m, dn.name)) { fail("anonymous macro", m); return; }
}

function visitDIMacroFile(m: i32): void {
  // (the macinfo type: a DIMacroFile is always DW_MACINFO_start_file here)
  let f = md(m, dn.file);
  if (f >= 0 && cls(f) != dn.FILE) { fail("invalid file", m, f); return; }
  let a = md(m, dn.nodes);
  if (a >= 0) {
    if (!isTuple(a)) { fail("invalid macro list", m, a); return; }
    for (let i = 0, n = numOps(a); i < n; i++) {
      let o = op(a, i);
      if (!isMacroNode(o)) { fail("invalid macro ref", m, o); return; }
    }
  }
}

function visitDIModule(m: i32): void {
  if (strEmpty(m, dn.name)) fail("anonymous module", m);
}

// Verifier::visitDIVariable (a failure ends these checks only: the caller's go on).
function visitDIVariable(m: i32): void {
  let sc = md(m, dn.scope);
  if (sc >= 0 && !isDIScope(sc)) { fail("invalid scope", m, sc); return; }
  let f = md(m, dn.file);
  if (f >= 0 && cls(f) != dn.FILE) { fail("invalid file", m, f); return; }
}

function visitDIGlobalVariable(m: i32): void {
  visitDIVariable(m);
  let t = md(m, dn.type);
  if (!typeOrNull(t)) { fail("invalid type ref", m, t); return; }
  if (raw(m, dn.isDefinition) == dn.vTrue && t < 0) { fail("missing global variable type", m); return; }
  let d = md(m, dn.declaration);
  if (d >= 0 && cls(d) != dn.DERIVED) { fail("invalid static data member declaration", m, d); return; }
}

function visitDILocalVariable(m: i32): void {
  visitDIVariable(m);
  let t = md(m, dn.type);
  if (!typeOrNull(t)) { fail("invalid type ref", m, t); return; }
  let sc = md(m, dn.scope);
  if (!isLocalScope(sc)) { fail("local variable requires a valid scope", m, sc); return; }
  if (cls(t) == dn.SUBROUTINE) { fail("invalid type", m, t); return; }
}

function visitDIAssignID(m: i32): void {
  if (!isDistinct(m)) fail("DIAssignID must be distinct", m);
}

function visitDILabel(m: i32): void {
  let sc = md(m, dn.scope);
  if (sc >= 0 && !isDIScope(sc)) { fail("invalid scope", m, sc); return; }
  let f = md(m, dn.file);
  if (f >= 0 && cls(f) != dn.FILE) { fail("invalid file", m, f); return; }
  if (!isLocalScope(sc)) { fail("label requires a valid scope", m, sc); return; }
}

export function isGlobalVariableExpression(m: i32): bool { ensure(); return cls(m) == dn.GVE; }
export function visitDIGlobalVariableExpression(m: i32): void {
  ensure();
  let v = md(m, dn.var);
  if (v < 0) { fail("missing variable"); return; }
  if (cls(v) == dn.GV) visitDIGlobalVariable(v);
  let e = md(m, dn.expr);
  if (e >= 0 && <i32>mdKind.get(e) == MK.Expr) {
    visitDIExpression(e);
    let size = exprFragmentSize(e);
    if (size >= 0 && cls(v) == dn.GV) fragmentFits(v, size, exprFragmentOffset(e), m);
  }
}
// Verifier::verifyFragmentExpression: a fragment (size and offset as 32-bit unsigned numbers) lies
// inside the variable (when its size is known) and is smaller than it.
function fragmentFits(v: i32, size: i64, offset: i64, desc: i32): void {
  let varSize = variableSizeInBits(v);
  if (varSize <= 0) return;
  let fs = <u32>size, fo = <u32>offset;
  if (<u64>(fs + fo) > <u64>varSize) { fail("fragment is larger than or outside of variable", desc, v); return; }
  if (<u64>fs == <u64>varSize) { fail("fragment covers entire variable", desc, v); return; }
}

function visitDIObjCProperty(m: i32): void {
  let t = md(m, dn.type);
  if (t >= 0 && !isDIType(t)) { fail("invalid type ref", m, t); return; }
  let f = md(m, dn.file);
  if (f >= 0 && cls(f) != dn.FILE) { fail("invalid file", m, f); return; }
}

function visitDIImportedEntity(m: i32): void {
  let t = raw(m, dn.tag);
  if (t != dn.tagImpModule && t != dn.tagImpDecl) { fail("invalid tag", m); return; }
  let sc = md(m, dn.scope);
  if (sc >= 0 && !isDIScope(sc)) { fail("invalid scope for imported entity", m, sc); return; }
  let e = md(m, dn.entity);
  if (!diNodeOrNull(e)) { fail("invalid imported entity", m, e); return; }
}
