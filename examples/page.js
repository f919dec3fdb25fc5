// The browser entry, imported by relative path (a bundler would use `import ... from 'wopt'`).
import { openSession } from '../bindings/index-browser.js';

const out = document.getElementById('out');
const button = document.getElementById('run');
const session = await openSession();
out.textContent = 'ready';
button.disabled = false;
button.onclick = async () => {
  const res = await session.optimize(document.getElementById('src').value, { passes: 'function(mem2reg),mergefunc' });
  out.textContent = res.ok ? res.output : res.diagnostics.map(d => `${d.line}:${d.col}: error: ${d.message}`).join('\n');
};
