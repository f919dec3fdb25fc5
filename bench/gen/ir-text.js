// IR text shared by the generator's pieces: FP constant spelling, scalar type questions, the
// attribute groups, module header and producer, and words for names.

// LLVM prints exactly representable FP constants as %.6e with a two-digit exponent.
export function fmtFP(x) {
  const s = x.toExponential(6);
  return s.replace(/e([+-])(\d)$/, 'e$10$2');
}

export const isInt = (t) => t[0] === 'i';
export const bitsOf = (t) => (t === 'i1' ? 1 : t === 'i8' ? 8 : t === 'i16' ? 16 : t === 'i32' ? 32 : t === 'i64' ? 64 : 0);
export const isFP = (t) => t === 'double' || t === 'float';
export const SCALAR_SIZE = { i1: 1, i8: 1, i16: 2, i32: 4, i64: 8, float: 4, double: 8, ptr: 8 };

const ATTR_STR = '"frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" ' +
  '"target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic"';
const ATTR_FN = 'noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" ' +
  '"no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" ' +
  '"target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic"';
export const ATTRIBUTE_GROUPS = [
  `attributes #0 = { ${ATTR_FN} }`,
  `attributes #1 = { ${ATTR_FN.replace('nounwind ', 'nounwind optnone ')} }`,
  `attributes #2 = { ${ATTR_STR} }`,
  'attributes #3 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }',
  `attributes #4 = { nounwind allocsize(0) ${ATTR_STR} }`,
  'attributes #5 = { nounwind allocsize(0) }',
  'attributes #6 = { nounwind }',
];
export const FN_ATTR_COMMENT = ['; Function Attrs: noinline nounwind uwtable', '; Function Attrs: noinline nounwind optnone uwtable'];

export const HEADER = (name) => `; ModuleID = '${name}'\nsource_filename = "${name}"\n` +
  'target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"\n' +
  'target triple = "x86_64-pc-linux-gnu"\n\n';

export const PRODUCER = 'wopt bench/gen.js (clang -O0 lookalike)';

export const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'value', 'count', 'error', 'node', 'tree', 'sum', 'index',
  'result', 'total', 'bytes', 'item', 'state', 'ok', 'failed', 'done', 'buffer', 'size', 'len', 'key', 'map'];
