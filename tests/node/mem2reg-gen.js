// Random functions for the mem2reg differential test (mem2reg-diff.test.js); not a test file.

/**
 * A random function exercising mem2reg (deterministic for a seed). With debug info, `options`:
 * `assignments` tracks some allocas with #dbg_assign records linked by DIAssignID (the alloca's
 * own and those of most stores to it, some stores untracked); `keyInstructions` gives the stores
 * locations on a few lines with source atoms (atomGroup, atomRank: LLVM 21 on), so that the
 * locations mem2reg merges for its phis carry them.
 */
export function genMem2RegModule(seed, withDebug, options = {}) {
  const assignments = withDebug && options.assignments, keyInstructions = withDebug && options.keyInstructions;
  let s = seed >>> 0 || 1;
  const rnd = () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s; };
  const ri = n => rnd() % n;
  const pick = a => a[ri(a.length)];
  const types = ['i32', 'i32', 'i32', 'i64', 'ptr', 'double', 'i1'];
  const constOf = t => t === 'ptr' ? pick(['null', '@g', '%p', 'poison', 'undef']) : t === 'double' ? pick(['1.0', '0.0', '%d', 'undef'])
    : t === 'i1' ? pick(['true', 'false', '%c', 'undef']) : t === 'i64' ? pick(['0', '7', '%w', 'poison']) : pick(['0', '1', '%a', '%b', 'undef', 'poison']);
  const nAlloca = 1 + ri(6), nBlocks = 2 + ri(9);
  const names = ['x', 'x.0', 'y', 'x.01', 'tmp', 'y.0', 'z', 'v', 'v.1', 'x.02'];
  const allocas = [];
  for (let i = 0; i < nAlloca; i++) allocas.push({ name: names[i] ?? 'a' + i, ty: pick(types) });
  let md = [], mdNext = 10;
  const newMD = text => { const n = mdNext++; md.push(`!${n} = ${text}`); return `!${n}`; };
  // a store's location: !9, or with key instructions one of a few lines with a source atom
  const storeLoc = () => keyInstructions && ri(4) ? newMD(`!DILocation(line: ${2 + ri(3)}, column: ${1 + ri(3)}, scope: !5, atomGroup: ${1 + ri(5)}, atomRank: ${1 + ri(2)})`) : '!9';
  const dbgLoc = () => withDebug ? ', !dbg !9' : '';
  let body = '', vn = 0;
  const header = 'define i32 @f(i32 %a, i32 %b, i64 %w, ptr %p, double %d, i1 %c) ' + (ri(4) === 0 ? '"no-signed-zeros-fp-math"="true" ' : '') + (withDebug ? '!dbg !5 ' : '') + '{\nentry:\n';
  body += header;
  allocas.forEach((al, i) => {
    if (assignments && ri(3) > 0) {
      // tracked: the alloca's own #dbg_assign, then those of its stores (below)
      al.var = newMD(`!DILocalVariable(name: "${al.name}", scope: !5, file: !1, line: ${i + 2}, type: !${al.ty === 'i64' || al.ty === 'ptr' || al.ty === 'double' ? 8 : 7})`);
      al.expr = pick(['!DIExpression()', '!DIExpression()', '!DIExpression(DW_OP_LLVM_fragment, 0, 16)']);
      const id = newMD('distinct !DIAssignID()');
      body += `  %${al.name} = alloca ${al.ty}, align 8, !DIAssignID ${id}, !dbg !9\n`;
      body += `    #dbg_assign(i1 poison, ${al.var}, ${al.expr}, ${id}, ptr %${al.name}, !DIExpression(), !9)\n`;
      if (ri(4) === 0) body += `    #dbg_assign(i1 poison, ${al.var}, ${al.expr}, ${id}, ptr %${al.name}, !DIExpression(), !9)\n`;
      return;
    }
    body += `  %${al.name} = alloca ${al.ty}, align 8${withDebug ? ', !dbg !9' : ''}\n`;
    if (withDebug && ri(3) > 0) {
      const v = mdNext++;
      md.push(`!${v} = !DILocalVariable(name: "${al.name}", scope: !5, file: !1, line: ${i + 2}, type: !${al.ty === 'i64' || al.ty === 'ptr' || al.ty === 'double' ? 8 : 7})`);
      const expr = pick(['!DIExpression()', '!DIExpression()', '!DIExpression(DW_OP_deref)', '!DIExpression(DW_OP_LLVM_fragment, 0, 16)']);
      body += `    #dbg_${ri(5) ? 'declare' : 'value'}(ptr %${al.name}, !${v}, ${expr}, !9)\n`;
      if (ri(6) === 0) body += `    #dbg_declare(ptr %${al.name}, !6, !DIExpression(), !9)\n`;
    }
  });
  if (ri(3) === 0 && allocas.some(x => x.ty === 'ptr')) {
    // an address stored into a ptr alloca: promotable only after that one is promoted
    const dst = allocas.find(x => x.ty === 'ptr'), src = pick(allocas);
    if (dst !== src) body += `  store ptr %${src.name}, ptr %${dst.name}${dbgLoc()}\n`;
  }
  body += '  br label %b0\n';
  for (let bi = 0; bi < nBlocks; bi++) {
    body += `b${bi}:\n`;
    const local = [];
    for (let k = 0, m = ri(6); k < m; k++) {
      const al = pick(allocas);
      const r = ri(12);
      if (r < 4) {
        const vals = [constOf(al.ty), ...local.filter(l => l.ty === al.ty).map(l => l.v)];
        const val = pick(vals), loc = withDebug ? storeLoc() : '';
        if (al.var && ri(4)) {
          // a tracked store: its #dbg_assign (sometimes a second, of another variable)
          const id = newMD('distinct !DIAssignID()');
          body += `  store ${al.ty} ${val}, ptr %${al.name}, !DIAssignID ${id}, !dbg ${loc}\n`;
          body += `    #dbg_assign(${al.ty} ${val}, ${al.var}, ${al.expr}, ${id}, ptr %${al.name}, !DIExpression(), ${loc})\n`;
          if (ri(5) === 0) body += `    #dbg_assign(${al.ty} ${val}, !6, !DIExpression(), ${id}, ptr %${al.name}, !DIExpression(), ${loc})\n`;
        } else body += `  store ${al.ty} ${val}, ptr %${al.name}${withDebug ? `, !dbg ${loc}` : ''}\n`;
      } else if (r < 8) {
        const v = `%l${vn++}`;
        const meta = al.ty === 'ptr' && ri(3) === 0 ? pick([', !nonnull !0, !noundef !0', ', !nonnull !0', ', !noundef !0']) : al.ty === 'i32' && ri(5) === 0 ? ', !noundef !0' : '';
        body += `  ${v} = load ${al.ty}, ptr %${al.name}${meta}${dbgLoc()}\n`;
        local.push({ v, ty: al.ty });
        if (withDebug && ri(4) === 0) body += `    #dbg_value(${al.ty} ${v}, !6, !DIExpression(), !9)\n`;
      } else if (r === 8) {
        body += `  call void @llvm.lifetime.${pick(['start', 'end'])}.p0(i64 4, ptr %${al.name})\n`;
      } else if (r === 9 && ri(4) === 0) {
        const kind = ri(5);
        if (kind === 0) body += `  %l${vn++} = load volatile ${al.ty}, ptr %${al.name}\n`;
        else if (kind === 1) body += `  %l${vn++} = load i8, ptr %${al.name}\n`;
        else if (kind === 2) { const g = `%l${vn++}`; body += `  ${g} = getelementptr ${al.ty}, ptr %${al.name}, i64 0\n  call void @llvm.lifetime.end.p0(i64 4, ptr ${g})\n`; }
        else if (kind === 3) body += `  call void @llvm.assume(i1 true) [ "align"(ptr %${al.name}, i64 8), "nonnull"(ptr %p) ]\n`;
        else body += `  call void @use(ptr %${al.name})\n`;
      } else if (r === 10) {
        const l = local.filter(x => x.ty === 'i32');
        if (l.length) { const v = `%l${vn++}`; body += `  ${v} = add i32 ${pick(l).v}, 1\n`; local.push({ v, ty: 'i32' }); }
      } else {
        const l = local.filter(x => x.ty === 'ptr');
        if (l.length && ri(2)) { const v = `%l${vn++}`; body += `  ${v} = icmp ne ptr ${pick(l).v}, null\n`; }
        else if (l.length) body += `  call void @use(ptr ${pick(l).v})\n`;
      }
    }
    const tgt = () => `%b${ri(nBlocks)}`;
    const t = ri(10);
    if (bi === nBlocks - 1 || t < 2) {
      const l = local.filter(x => x.ty === 'i32');
      body += `  ret i32 ${l.length ? pick(l).v : pick(['0', '%a'])}${dbgLoc()}\n`;
    } else if (t < 4) body += `  br label ${tgt()}${dbgLoc()}\n`;
    else if (t < 7) body += `  br i1 %c, label ${tgt()}, label ${tgt()}${dbgLoc()}\n`;
    else if (t < 9) {
      const cases = new Set();
      let sw = `  switch i32 %a, label ${tgt()} [`;
      for (let k = 0, m = 1 + ri(4); k < m; k++) { const cv = ri(8); if (cases.has(cv)) continue; cases.add(cv); sw += ` i32 ${cv}, label ${tgt()}`; }
      body += sw + ` ]${dbgLoc()}\n`;
    } else body += '  unreachable\n';
  }
  body += '}\n';
  // a few blocks get a phi of their own (one entry per incoming edge), ahead of mem2reg's
  if (ri(2)) {
    const preds = new Map();
    let cur = 'entry';
    for (const line of body.split('\n')) {
      const m = /^(b\d+|entry):/.exec(line);
      if (m) { cur = m[1]; continue; }
      if (/^  (br|switch)/.test(line)) for (const t of line.matchAll(/label %(b\d+)/g)) {
        if (!preds.has(t[1])) preds.set(t[1], []);
        preds.get(t[1]).push(cur);
      }
    }
    for (const [blk, ps] of preds) {
      if (ri(3)) continue;
      const seen = new Map();
      const ents = ps.filter(p => { if (seen.has(p)) return false; seen.set(p, 1); return true; }).map(p => `[ %b, %${p} ]`);
      body = body.replace(`\n${blk}:\n`, `\n${blk}:\n  %ph.${blk} = phi i32 ${ents.join(', ')}\n`);
    }
  }
  let out = '@g = global i32 0\ndeclare void @use(ptr)\ndeclare void @llvm.lifetime.start.p0(i64, ptr)\ndeclare void @llvm.lifetime.end.p0(i64, ptr)\ndeclare void @llvm.assume(i1)\n' + body;
  if (withDebug) {
    out += '\n!llvm.dbg.cu = !{!2}\n!llvm.module.flags = !{!3}\n!0 = !{}\n!1 = !DIFile(filename: "r.c", directory: "/")\n';
    out += '!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "gen", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)\n';
    out += '!3 = !{i32 2, !"Debug Info Version", i32 3}\n!4 = !DISubroutineType(types: !0)\n';
    out += `!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !4, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !2${keyInstructions ? ', keyInstructions: true' : ''})\n`;
    out += '!6 = !DILocalVariable(name: "t", scope: !5, file: !1, line: 1, type: !7)\n';
    out += '!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)\n!8 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)\n';
    out += '!9 = !DILocation(line: 1, column: 1, scope: !5)\n' + md.join('\n') + '\n';
  } else out += '!0 = !{}\n';
  return out;
}

