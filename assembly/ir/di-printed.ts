// How opt prints each specialized debug-info node: its fields in the printer's order, which are
// left out when they hold their default and which are always printed (with the value a node that
// never gave them holds), and the composition of DIFlags and DISPFlags values. The text reader
// stores each node it reads in this form (text/parse-di-canon.ts), as the bitcode reader builds
// it from records (bitcode/read-debuginfo.ts), so both print what opt prints.
//
// DI_PRINTED: one string per class: the class name, then its printed fields in order, each
//   name       left out when zero, false, empty, null or absent
//   name!dflt  always printed; `dflt` (text as printed) when the node does not give it
//   name=dflt  left out when it equals `dflt` (or is absent)
//   name+      printed whenever the node gives it, whatever its value
// Fields a node gives that its class does not print are dropped after their upgrade (DISubprogram's
// isLocal, isDefinition, isOptimized and virtuality become spFlags; DIMacroFile's type is implied).
import { strtab } from "./module";
import { llvmVersion } from "./version";
import {
  DIFLAG_BITS_19, DIFLAG_NAMES_19, DIFLAG_BITS_22, DIFLAG_NAMES_22, SPFLAG_BITS_19, SPFLAG_NAMES_19, SPFLAG_BITS_22,
  SPFLAG_NAMES_22,
} from "./dwarf-names";

export const DI_PRINTED: string[] = [
  "DILocation line!0 column scope!null inlinedAt isImplicitCode atomGroup atomRank",
  "DISubrange count+ lowerBound+ upperBound+ stride+",
  "DIGenericSubrange count+ lowerBound+ upperBound+ stride+",
  "DIEnumerator name!\"\" value!0 isUnsigned",
  "DIBasicType tag=DW_TAG_base_type name size align dataSize encoding num_extra_inhabitants flags",
  "DIFixedPointType tag=DW_TAG_base_type name size align encoding flags kind!Binary factor numerator+ denominator+",
  "DIStringType tag=DW_TAG_string_type name stringLength stringLengthExpression stringLocationExpression size align encoding",
  "DIDerivedType tag!DW_TAG_null name scope file line baseType!null size align offset flags extraData dwarfAddressSpace+ annotations ptrAuthKey ptrAuthIsAddressDiscriminated ptrAuthExtraDiscriminator ptrAuthIsaPointer ptrAuthAuthenticatesNullValues",
  "DISubrangeType name scope file line size align flags baseType lowerBound upperBound stride bias",
  "DICompositeType tag!DW_TAG_null name scope file line baseType size align offset num_extra_inhabitants flags elements runtimeLang vtableHolder templateParams identifier discriminator dataLocation associated allocated rank+ annotations specification enumKind+ bitStride",
  "DISubroutineType flags cc types!null",
  "DIFile filename!\"\" directory!\"\" checksumkind checksum+ source",
  "DICompileUnit language sourceLanguageName sourceLanguageVersion file!null producer isOptimized!false flags runtimeVersion!0 splitDebugFilename emissionKind!NoDebug enums retainedTypes globals imports macros dwoId splitDebugInlining=true debugInfoForProfiling nameTableKind=Default rangesBaseAddress sysroot sdk",
  "DISubprogram name linkageName scope!null file line type scopeLine containingType virtualIndex thisAdjustment flags spFlags!0 unit templateParams declaration retainedNodes thrownTypes annotations targetFuncName keyInstructions",
  "DILexicalBlock scope!null file line column",
  "DILexicalBlockFile scope!null file discriminator!0",
  "DICommonBlock scope!null declaration!null name file line",
  "DINamespace name scope!null exportSymbols",
  "DIMacro type!DW_MACINFO_define line name value",
  "DIMacroFile line file!null nodes",
  "DIModule scope!null name configMacros includePath apinotes file line isDecl",
  "DITemplateTypeParameter name type!null defaulted",
  "DITemplateValueParameter tag=DW_TAG_template_value_parameter name type defaulted value!null",
  "DIGlobalVariable name linkageName scope!null file line type isLocal!false isDefinition!true declaration templateParams align annotations",
  "DILocalVariable name arg scope!null file line type flags align annotations",
  "DILabel scope!null name file line column isArtificial coroSuspendIdx+",
  "DIObjCProperty name file line setter getter attributes type",
  "DIImportedEntity tag!DW_TAG_null name scope!null entity file line elements",
  "DIGlobalVariableExpression var expr",
];

// printDIFlags / printDISPFlags: the flags' names joined by " | ", unknown bits as a number.
export function flagsText(v: u64, sp: bool): i32 {
  let v22 = llvmVersion >= 22;
  let bits: u32[] = sp ? (v22 ? SPFLAG_BITS_22 : SPFLAG_BITS_19) : (v22 ? DIFLAG_BITS_22 : DIFLAG_BITS_19);
  let nms: string[] = sp ? (v22 ? SPFLAG_NAMES_22 : SPFLAG_NAMES_19) : (v22 ? DIFLAG_NAMES_22 : DIFLAG_NAMES_19);
  let t = "";
  let rest = v;
  // packed groups first: accessibility and the pointer-to-member representation (DIFlags), or the
  // virtuality (DISPFlags); then DIFlagIndirectVirtualBase, then each flag in table order
  let masks: u64[] = sp ? [3] : [3, 3 << 16];
  for (let k = 0; k < masks.length; k++) {
    let g = rest & masks[k];
    if (g == 0) continue;
    let name = "";
    for (let i = 0; i < bits.length; i++) if (<u64>bits[i] == g) { name = nms[i]; break; }
    if (name.length == 0) continue;
    t = t.length > 0 ? t + " | " + name : name;
    rest &= ~g;
  }
  if (!sp && (rest & 36) == 36) { t = t.length > 0 ? t + " | DIFlagIndirectVirtualBase" : "DIFlagIndirectVirtualBase"; rest &= ~<u64>36; }
  for (let i = 0; i < bits.length; i++) {
    let b = <u64>bits[i];
    if (b == 0 || (b & (b - 1)) != 0) continue;   // single bits only here
    if ((rest & b) == 0) continue;
    t = t.length > 0 ? t + " | " + nms[i] : nms[i];
    rest &= ~b;
  }
  if (rest != 0 || t.length == 0) t = t.length > 0 ? t + " | " + rest.toString() : rest.toString();
  return strtab.internStr(t);
}

// The value of flag name `name` (DIFlag... or DISPFlag...) for the target version, or -1.
export function flagValue(name: string, sp: bool): i64 {
  let v22 = llvmVersion >= 22;
  let bits: u32[] = sp ? (v22 ? SPFLAG_BITS_22 : SPFLAG_BITS_19) : (v22 ? DIFLAG_BITS_22 : DIFLAG_BITS_19);
  let nms: string[] = sp ? (v22 ? SPFLAG_NAMES_22 : SPFLAG_NAMES_19) : (v22 ? DIFLAG_NAMES_22 : DIFLAG_NAMES_19);
  for (let i = 0; i < nms.length; i++) if (nms[i] == name) return <i64>bits[i];
  return -1;
}
