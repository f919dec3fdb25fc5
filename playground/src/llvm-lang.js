// llvm-lang.js — LLVM IR highlighting for CodeMirror 6: a StreamLanguage tokenizer (line by line,
// no state beyond the line) and the colours of its token kinds.
import { StreamLanguage, HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags as t } from '@lezer/highlight';

// Words with a meaning of their own; anything else lower-case is an instruction or attribute.
const INSTRUCTIONS = new Set(('ret br switch indirectbr invoke resume unreachable callbr fneg add fadd sub fsub mul fmul ' +
  'udiv sdiv fdiv urem srem frem shl lshr ashr and or xor extractelement insertelement shufflevector ' +
  'extractvalue insertvalue alloca load store fence cmpxchg atomicrmw getelementptr trunc zext sext ' +
  'fptrunc fpext fptoui fptosi uitofp sitofp ptrtoint inttoptr bitcast addrspacecast icmp fcmp phi ' +
  'select call tail musttail notail va_arg landingpad catchpad cleanuppad catchret cleanupret ' +
  'catchswitch freeze to label').split(' '));
const DEFINITIONS = new Set(('define declare global constant type attributes comdat any exactmatch ' +
  'largest noduplicates samesize alias ifunc source_filename target datalayout triple module asm ' +
  'uselistorder').split(' '));
const TYPES = /^(?:void|half|bfloat|float|double|x86_fp80|fp128|ppc_fp128|x86_amx|label|metadata|token|ptr|opaque|i\d+)\b/;

function token(stream) {
  if (stream.eatSpace()) return null;
  if (stream.match(';')) { stream.skipToEnd(); return 'comment'; }
  if (stream.match(/^c?"(?:[^"\\]|\\.)*"?/)) return 'string';
  // %local / @global names, quoted or numbered, and $comdat names
  if (stream.match(/^[%@$](?:[-a-zA-Z$._][-a-zA-Z$._0-9]*|\d+|"(?:[^"\\]|\\.)*")/)) {
    return stream.string[stream.start] === '@' ? 'global' : stream.string[stream.start] === '$' ? 'comdat' : 'local';
  }
  if (stream.match(/^!(?:[-a-zA-Z$._][-a-zA-Z$._0-9]*|\d+)?/)) return 'meta';
  if (stream.match(/^#\d+/)) return 'attrs';
  if (stream.match(/^[-a-zA-Z$._0-9]+:/)) return 'label';
  if (stream.match(/^(?:0x[KLMHR]?[0-9a-fA-F]+|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)/)) return 'number';
  if (stream.match(TYPES)) return 'type';
  const word = stream.match(/^[a-zA-Z_][a-zA-Z_0-9.]*/);
  if (word) {
    const w = word[0];
    if (INSTRUCTIONS.has(w)) return 'instr';
    if (DEFINITIONS.has(w)) return 'def';
    if (w === 'true' || w === 'false' || w === 'null' || w === 'undef' || w === 'poison' || w === 'zeroinitializer' || w === 'none') return 'atom';
    return 'word';
  }
  stream.next();
  return null;
}

export const llvmLanguage = StreamLanguage.define({
  name: 'llvm-ir',
  token,
  tokenTable: {
    comment: t.lineComment, string: t.string, global: t.special(t.variableName), local: t.variableName,
    comdat: t.labelName, meta: t.meta, attrs: t.annotation, label: t.labelName, number: t.number,
    type: t.typeName, instr: t.keyword, def: t.definitionKeyword, atom: t.atom, word: t.modifier,
  },
  languageData: { commentTokens: { line: ';' } },
});

const style = HighlightStyle.define([
  { tag: t.lineComment, color: '#6a737d', fontStyle: 'italic' },
  { tag: t.string, color: '#0a7d32' },
  { tag: t.special(t.variableName), color: '#8a3ffc', fontWeight: '600' },
  { tag: t.variableName, color: '#0b5cad' },
  { tag: t.labelName, color: '#b35900', fontWeight: '600' },
  { tag: t.meta, color: '#a0527a' },
  { tag: t.annotation, color: '#a0527a' },
  { tag: t.number, color: '#b31d28' },
  { tag: t.typeName, color: '#00807f' },
  { tag: t.keyword, color: '#c2185b', fontWeight: '600' },
  { tag: t.definitionKeyword, color: '#1a4fa0', fontWeight: '600' },
  { tag: t.atom, color: '#b31d28' },
  { tag: t.modifier, color: '#57606a' },
]);

/** The language with its colours, as one extension. */
export const llvm = () => [llvmLanguage, syntaxHighlighting(style)];
