// Numbers at the edges of what LLVM's lexer and parser read (issue 18): hexadecimal FP constants
// with fewer or more digits than their type holds, integer attributes wider than 64 bits, the
// integer width limit, and NUL bytes in the input. Each case states what opt prints (a line of its
// output, or a diagnostic) and, where opt-N is installed, wopt must match it byte for byte.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { CLI, LLVM_VERSIONS, optFor, haveOpt, haveRealCore, NO_CORE, versionFlag, tempDir } from '../helpers.js';

const BIG = '340282366920938463463374607431768211456'; // 2^128
const store = lit => `define void @f(ptr %p) {\n  store ${lit}, ptr %p\n  ret void\n}\n`;
const decl = attrs => `declare void @g(${attrs})\n`;

// name -> [input, expected]; expected is a line of the output, or [line, col, message] of the
// diagnostic, or { 19: ..., 22: ... } where the versions differ.
const CASES = {
  // short hexadecimal forms: the digits are the low bits (0xL/0xM: of the high half)
  'half 0xH1': [store('half 0xH1'), '  store half 0xH0001, ptr %p, align 2'],
  'bfloat 0xR3F8': [store('bfloat 0xR3F8'), '  store bfloat 0xR03F8, ptr %p, align 2'],
  'double 0x1': [store('double 0x1'), '  store double 4.940660e-324, ptr %p, align 8'],
  'double 0x3FF': [store('double 0x3FF'), '  store double 5.054290e-321, ptr %p, align 8'],
  'fp128 0xL1': [store('fp128 0xL1'), '  store fp128 0xL00000000000000000000000000000001, ptr %p, align 16'],
  'fp128 0xL, 16 digits': [store('fp128 0xL0000000000000001'), '  store fp128 0xL00000000000000010000000000000000, ptr %p, align 16'],
  'fp128 0xL, 17 digits': [store('fp128 0xL00000000000000011'), '  store fp128 0xL00000000000000010000000000000001, ptr %p, align 16'],
  'ppc_fp128 0xM1': [store('ppc_fp128 0xM1'), '  store ppc_fp128 0xM00000000000000000000000000000001, ptr %p, align 16'],
  // 0xK: up to 4 digits of sign and exponent first; an unnormal reads as a NaN
  'x86_fp80 0xK3FFF8': [store('x86_fp80 0xK3FFF8'), '  store x86_fp80 0xK7FFF0000000000000008, ptr %p, align 16'],
  'x86_fp80 pseudo-denormal': [store('x86_fp80 0xK00008000000000000000'), '  store x86_fp80 0xK00018000000000000000, ptr %p, align 16'],
  // too many digits
  'half 0xH12345': [store('half 0xH12345'), { 19: '  store half 0xH2345, ptr %p, align 2', 22: [2, 14, 'hexadecimal constant too large for half (16-bit)'] }],
  'bfloat 0xR13F80': [store('bfloat 0xR13F80'), { 19: '  store bfloat 0xR3F80, ptr %p, align 2', 22: [2, 16, 'hexadecimal constant too large for bfloat (16-bit)'] }],
  'float 0xH12345': [store('float 0xH12345'), { 19: [2, 15, "floating point constant does not have type 'float'"], 22: [2, 15, 'hexadecimal constant too large for half (16-bit)'] }],
  'double, 17 digits, overflow missed': [store('double 0x1FFFFFFFFFFFFFFFF'), '  store double 0xFFFFFFFFFFFFFFFF, ptr %p, align 8'],
  'double, 20 digits, overflow': [store('double 0x1FFFFFFFFFFFFFFF1234'), '  store double 0.000000e+00, ptr %p, align 8'],
  'fp128 0xL, 33 digits': [store('fp128 0xL000000000000000000000000000000001'), '  store fp128 0xL00000000000000000000000000000000, ptr %p, align 16'],
  'x86_fp80 0xK, 21 digits': [store('x86_fp80 0xK3FFF80000000000000001'), '  store x86_fp80 0xK3FFF8000000000000000, ptr %p, align 16'],
  // the lexer's overflow is LLVM 22's message when parsing fails later
  'overflow, then a syntax error': ['define void @f(ptr %p) {\n  store double 0x1FFFFFFFFFFFFFFF1234, ptr %p\n  ret void bogus\n}\n',
    { 19: [3, 12, 'expected instruction opcode'], 22: [2, 16, 'constant bigger than 64 bits detected'] }],
  // another type's constant: one message when it converts exactly, another when not
  'fp128 1.0': [store('fp128 1.0'), [2, 15, "floating point constant does not have type 'fp128'"]],
  'x86_fp80 0x3FF0000000000000': [store('x86_fp80 0x3FF0000000000000'), [2, 18, "floating point constant does not have type 'x86_fp80'"]],
  'double 0xH3C00': [store('double 0xH3C00'), [2, 16, "floating point constant does not have type 'double'"]],
  'half 0xK, exact': [store('half 0xK3FFF8000000000000000'), [2, 14, "floating point constant does not have type 'half'"]],
  'half 0xK, inexact': [store('half 0xK4FFF8000000000000000'), [2, 14, 'floating point constant invalid for type']],
  'x86_fp80 0xL0': [store('x86_fp80 0xL0'), [2, 18, 'floating point constant invalid for type']],

  // integer attributes: parseUInt64 saturates at 2^64-1, parseUInt32 refuses more than 32 bits
  'dereferenceable(2^128)': [decl(`ptr dereferenceable(${BIG})`), 'declare void @g(ptr dereferenceable(18446744073709551615))'],
  'dereferenceable(2^64-1)': [decl('ptr dereferenceable(18446744073709551615)'), 'declare void @g(ptr dereferenceable(18446744073709551615))'],
  'dereferenceable_or_null(2^128)': [decl(`ptr dereferenceable_or_null(${BIG})`), 'declare void @g(ptr dereferenceable_or_null(18446744073709551615))'],
  'dereferenceable(u0x10)': [decl('ptr dereferenceable(u0x10)'), 'declare void @g(ptr dereferenceable(16))'],
  'dereferenceable(s0x10)': [decl('ptr dereferenceable(s0x10)'), [1, 37, 'expected integer']],
  'dereferenceable(0)': [decl('ptr dereferenceable(0)'), [1, 37, 'dereferenceable bytes must be non-zero']],
  'align 2^61*10': [decl('ptr align 23058430092136939520'), [1, 27, 'alignment is not a power of two']],
  'align u0x10': [decl('ptr align u0x10'), 'declare void @g(ptr align 16)'],
  'allocsize(2^128)': [`declare ptr @g(i64) allocsize(${BIG})\n`, [1, 31, 'expected 32-bit integer (too large)']],
  'allocsize(0, 2^32)': ['declare ptr @g(i64, i64) allocsize(0, 4294967296)\n', [1, 39, 'expected 32-bit integer (too large)']],
  'allocsize(-1)': ['declare ptr @g(i64) allocsize(-1)\n', [1, 31, 'expected integer']],
  'vscale_range(1, 2^128)': [`declare void @g() vscale_range(1, ${BIG})\n`, [1, 35, 'expected 32-bit integer (too large)']],
  'uwtable(2^128)': [`declare void @g() uwtable(${BIG})\n`, [1, 27, 'expected unwind table kind']],
  'addrspace(2^128)': [decl(`ptr addrspace(${BIG})`), [1, 31, 'expected 32-bit integer (too large)']],
  'addrspace(2^24)': [decl('ptr addrspace(16777216)'), [1, 31, 'invalid address space, must be a 24-bit integer']],
  'addrspace(1.0)': [decl('ptr addrspace(1.0)'), [1, 31, 'expected integer or string constant']],

  // integer widths: 1 to 2^23
  'i8388608': ['@x = global i8388608 0\n', '@x = global i8388608 0'],
  'i8388609': ['@x = global i8388609 1\n', { 19: [1, 13, 'expected type'], 22: [1, 13, 'bitwidth for integer type out of range'] }],
  'i0': ['@x = global i0 0\n', { 19: [1, 13, 'expected type'], 22: [1, 13, 'bitwidth for integer type out of range'] }],
  'i2^76': ['@x = global i99999999999999999999999 0\n', { 19: [1, 13, 'expected type'], 22: [1, 13, 'bitwidth for integer type out of range'] }],

  // NUL bytes: white space between tokens, a byte like any other in strings and comments,
  // refused in names
  'NUL after a brace': ['define void @f() {\0\n  ret void\n}\n', 'define void @f() {'],
  'NUL between tokens': ['define void @f() {\n  ret\0void\n}\n', '  ret void'],
  'NUL in a string constant': ['@s = constant [3 x i8] c"a\0b"\n', '@s = constant [3 x i8] c"a\\00b"'],
  'NUL in a comment': ['; a \0 comment\n@x = global i32 0\n', '@x = global i32 0'],
  'NUL at the end': ['@x = global i32 0\n\0', '@x = global i32 0'],
  'NUL before garbage': ['@x = global i32 0\n\0garbage\n', [2, 2, 'expected top-level entity']],
  'NUL splits a name': ['@a\0b = global i32 0\n', [1, 4, "expected '=' in global variable"]],
  'NUL in a quoted name': ['@"a\0b" = global i32 0\n', { 19: [1, 1, 'expected top-level entity'], 22: [1, 1, 'NUL character is not allowed in names'] }],
  'escaped NUL in a quoted name': ['@"a\\00b" = global i32 0\n', { 19: [1, 1, 'expected top-level entity'], 22: [1, 1, 'NUL character is not allowed in names'] }],
  'NUL in a quoted label': ['"a\0b":\n', { 19: [1, 1, 'expected top-level entity'], 22: [1, 1, 'NUL character is not allowed in names'] }],
  // entity numbers (%N, @N, #N, N:, %N = type, !N) are the input's to choose: a large one must not
  // size a table (it ran out of memory), and they are unsigned 32-bit as in LLVM: past 2^32 cut to
  // 32 bits (an error LLVM 22's lexer records, reported if parsing fails later); 2^32-1 on a label
  // or an instruction means "no number"; !N past 32 bits is refused
  'label 2^30': ['define i32 @f() {\n  br label %1073741824\n1073741824:\n  %1073741825 = add i32 0, 0\n  ret i32 %1073741825\n}\n', '  ret i32 %2'],
  'global 2^30': ['@1073741824 = global i32 0\n@x = global ptr @1073741824\n', '@x = global ptr @0'],
  'metadata 2^30': ['!named = !{!1073741824}\n!1073741824 = !{}\n', '!named = !{!0}'],
  'attribute group 2^30': ['define void @f() #1073741824 {\n  ret void\n}\nattributes #1073741824 = { nounwind }\n', 'attributes #0 = { nounwind }'],
  'type 2^30': ['%1073741824 = type { i32 }\n@x = global %1073741824 zeroinitializer\n', '%0 = type { i32 }'],
  'instruction 2^31': ['define i32 @f() {\n  %2147483648 = add i32 0, 0\n  ret i32 %2147483648\n}\n', '  ret i32 %1'],
  'arguments past 2^31': ['define i32 @f(i32 %3000000000, i32 %3000000001) {\n  ret i32 %3000000001\n}\n', '  ret i32 %1'],
  'argument numbered twice': ['define i32 @f(i32 %3, i32 %3) {\n  ret i32 0\n}\n', [1, 23, "argument expected to be numbered '%4' or greater"]],
  'global numbered twice': ['@0 = global i32 0\n@0 = global i32 0\n', [2, 1, "global expected to be numbered '@1' or greater"]],
  'instruction 2^32+1': ['define i32 @f() {\n  %4294967297 = add i32 0, 0\n  ret i32 %4294967297\n}\n', '  ret i32 %1'],
  'instruction 2^32-1 is unnumbered': ['define i32 @f() {\n  %4294967295 = add i32 0, 0\n  ret i32 %1\n}\n', '  ret i32 %1'],
  'global 2^32, then an error': ['@0 = global i32 0\n@4294967296 = global i32 0\n', { 19: [2, 1, "global expected to be numbered '@1' or greater"], 22: [2, 1, 'invalid value number (too large)'] }],
  'instruction past 2^64': ['define i32 @f() {\n  %184467440737095516160 = add i32 0, 0\n  ret i32 0\n}\n', { 19: [2, 3, "instruction expected to be numbered '%1' or greater"], 22: [2, 3, 'constant bigger than 64 bits detected'] }],
  'metadata 2^32-1': ['!named = !{!4294967295}\n!4294967295 = !{}\n', '!named = !{!0}'],
  'metadata 2^32': ['!named = !{!4294967296}\n!4294967296 = !{}\n', [1, 13, 'expected 32-bit integer (too large)']],
  'metadata 2^32 defined': ['!4294967296 = !{}\n', [1, 2, 'expected 32-bit integer (too large)']],
  'undefined metadata': ['!named = !{!3000000000}\n', [1, 13, "use of undefined metadata '!3000000000'"]],
  // array and vector sizes: unsigned, at most 64 bits (opt's message is the address space's), a
  // vector's at most 32; positions as opt gives them
  'array of 2^64-1': ['@v = external global [18446744073709551615 x i8]\n', '@v = external global [18446744073709551615 x i8]'],
  'array of 2^64': ['@v = external global [18446744073709551616 x i8]\n', [1, 23, 'expected number in address space']],
  'vector of 2^128': ['@v = external global <340282366920938463463374607431768211456 x i32>\n', [1, 23, 'expected number in address space']],
  'vector of 2^32': ['@v = external global <4294967296 x i8>\n', [1, 23, 'size too large for vector']],
  'scalable vector of 2^32': ['@v = external global <vscale x 4294967296 x i8>\n', [1, 32, 'size too large for vector']],
  'vector of 0': ['@v = external global <0 x i32>\n', [1, 23, 'zero element vector is illegal']],
  'vector of labels': ['@v = external global <4 x label>\n', [1, 27, 'invalid vector element type']],
  'array of void': ['@v = external global [4 x void]\n', [1, 27, 'void type only allowed for function results']],
  'vector closed by ]': ['@v = external global <4 x i32]\n', [1, 30, 'expected end of sequential type']],
  // argument types, reported at the type (LLVM 19 still took a label argument)
  'label argument': ['define void @f(label %a) {\n  ret void\n}\n', { 19: 'define void @f(label %a) {', 22: [1, 16, 'invalid type for function argument'] }],
  'function-typed argument': ['declare void @f(void () %x)\n', [1, 17, 'invalid type for function argument']],
  // a return of the wrong type is the parser's error
  'ret void in an i32 function': ['define i32 @f() {\n  ret void\n}\n', [2, 7, "value doesn't match function result type 'i32'"]],
  'ret i64 in an i32 function': ['define i32 @f() {\n  ret i64 0\n}\n', [2, 7, "value doesn't match function result type 'i32'"]],
};

const run = (cmd, args) => spawnSync(cmd, args, { encoding: 'latin1', timeout: 60000 });
// The diagnostic without the program's name (opt prints its path, wopt its own name).
const diag = stderr => stderr.replace(/^[^:\n]*: /, '');

for (const v of LLVM_VERSIONS) for (const [name, [text, expected]] of Object.entries(CASES)) {
  const want = expected !== null && typeof expected === 'object' && !Array.isArray(expected) ? expected[v] : expected;
  test(`numbers: ${name} (${versionFlag(v)})`, { skip: !haveRealCore && NO_CORE }, t => {
    const file = path.join(tempDir(t), 'in.ll');
    fs.writeFileSync(file, Buffer.from(text, 'latin1'));
    const r = run(process.execPath, [CLI, versionFlag(v), '-S', file]);
    if (Array.isArray(want)) {
      const [line, col, message] = want;
      assert.equal(r.status, 1, r.stdout);
      assert.equal(diag(r.stderr).split('\n')[0], `${file}:${line}:${col}: error: ${message}`);
    } else {
      assert.equal(r.status, 0, r.stderr);
      assert.ok(r.stdout.split('\n').includes(want), `no line ${JSON.stringify(want)} in:\n${r.stdout}`);
    }
    if (!haveOpt(v)) return t.diagnostic(`${optFor(v)} not installed: not compared with opt`);
    const o = run(optFor(v), ['-S', file]);
    assert.equal(r.status, o.status, o.stderr);
    assert.equal(r.stdout, o.stdout);
    assert.equal(diag(r.stderr), diag(o.stderr));
  });
}
