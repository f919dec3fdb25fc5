// One writer process of the repository bench's concurrent-writer rows (bench/repo.bench.js):
//   node bench/repo-writer.js <repository spec> <seed> <modules> <entries per module> <text bytes>
// Opens the repository, builds its modules' entries (distinct from every other seed's), prints
// "ready", waits for a line on stdin, stores the modules one putModule (one transaction) each,
// prints "done" and exits; a failure is printed on stderr with exit status 1.
import { createHash } from 'node:crypto';
import { openRepository } from '../bindings/repo/store.js';

const [spec, seed, modules, count, textBytes] = process.argv.slice(2);

function entries(s, m, n, bytes) {
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    const name = `w${s}_m${m}_d${i}`;
    let pad = '';
    for (let k = 0; pad.length < bytes; k++) pad += `  %v${k} = add i32 %a, ${k}\n`;
    const text = `define i32 @${name}(i32 %a) {\n${pad}  ret i32 %a\n}\n`;
    out[i] = { digest: createHash('sha256').update(text).digest('hex').slice(0, 32), name, kind: 'function',
      linkage: 'external', visibility: 'default', text, dependents: i ? [{ name: out[i - 1].name, digest: out[i - 1].digest }] : [] };
  }
  return out;
}

try {
  const repo = await openRepository(spec);
  const mods = Array.from({ length: Number(modules) }, (_, m) => entries(Number(seed), m, Number(count), Number(textBytes)));
  process.stdout.write('ready\n');
  await new Promise(resolve => process.stdin.once('data', resolve));
  for (const mod of mods) await repo.putModule(mod);
  await repo.close();
  process.stdout.write('done\n');
  process.stdin.destroy();
} catch (e) {
  process.stderr.write(`${e.message}\n`);
  process.exit(1);
}
