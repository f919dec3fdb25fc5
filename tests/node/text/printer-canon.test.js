// Printer forms that differed from opt's (issue 18, item 7), each as opt-19 and opt-22 print it:
// syncscope("") is the system scope and is not printed; nofpclass names in LLVM's order (a group
// before its parts, each name consuming its bits); "k"="" is the string attribute "k"; module asm
// strings are one text (empty ones add nothing) printed line by line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { LLVM_VERSIONS, haveOpt, optFor, runCli, versionFlag, haveRealCore, NO_CORE } from '../helpers.js';

const CASES = {
  syncscope: [`define void @f(ptr %p) {
  %v = load atomic i32, ptr %p syncscope("") seq_cst, align 4
  store atomic i32 %v, ptr %p syncscope("") release, align 4
  fence syncscope("") acquire
  %x = cmpxchg ptr %p, i32 0, i32 1 syncscope("") monotonic monotonic, align 4
  %y = atomicrmw add ptr %p, i32 1 syncscope("") acq_rel, align 4
  fence syncscope("singlethread") seq_cst
  ret void
}
`, ['  %v = load atomic i32, ptr %p seq_cst, align 4', '  fence acquire', '  %y = atomicrmw add ptr %p, i32 1 acq_rel, align 4', '  fence syncscope("singlethread") seq_cst']],
  nofpclass: [`define nofpclass(nan inf zero sub norm) float @g(float nofpclass(qnan snan pinf) %x, float nofpclass(ninf nnorm psub nzero) %y, float nofpclass(pzero nzero psub nsub) %z) {
  ret float %x
}
`, ['define nofpclass(all) float @g(float nofpclass(nan pinf) %x, float nofpclass(ninf nzero psub nnorm) %y, float nofpclass(zero sub) %z) {']],
  'empty string attribute': [`define void @f() #0 { ret void }
define void @g() #1 { ret void }
declare void @h() "x"=""
attributes #0 = { "k"="" "a"="b" }
attributes #1 = { "a"="b" "k" }
`, ['define void @g() #0 {', 'declare void @h() #1', 'attributes #0 = { "a"="b" "k" }', 'attributes #1 = { "x" }']],
  'module asm': [`module asm "a"
module asm ""
module asm "b\\0A"
module asm "\\0A"
module asm ""
`, ['module asm "a"\nmodule asm "b"\nmodule asm ""\n']],
  'empty module asm': ['module asm ""\nmodule asm ""\n', []],
};

for (const [name, [input, want]] of Object.entries(CASES)) {
  test(`printer: ${name} as opt prints it`, { skip: !haveRealCore && NO_CORE }, async () => {
    for (const v of LLVM_VERSIONS) {
      const r = await runCli([versionFlag(v), '-S', '-'], { input });
      assert.equal(r.code, 0, r.stderr);
      for (const line of want) assert.ok(r.stdout.includes(line), `${name} (LLVM ${v}): expected ${JSON.stringify(line)} in\n${r.stdout}`);
      if (name === 'empty module asm') assert.ok(!r.stdout.includes('module asm'));
      if (haveOpt(v)) {
        const o = spawnSync(optFor(v), ['-S', '-'], { input, encoding: 'utf8' });
        assert.equal(o.status, 0, o.stderr);
        assert.equal(r.stdout, o.stdout, `${name}: LLVM ${v}`);
      }
    }
  });
}
