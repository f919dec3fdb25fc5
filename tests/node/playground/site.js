// The playground as its browser tests use it: the site built by buildSite() into a temporary
// folder, served on a local port, and headless Chromium (WOPT_CHROMIUM, else /usr/bin/chromium).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSite } from '../../../playground/build.js';
import { serveDir } from '../../../playground/serve.js';

export const CHROMIUM = process.env.WOPT_CHROMIUM ?? '/usr/bin/chromium';

/** { base (the site's URL), browser, close() } for a test file's before() and after(). */
export async function openPlayground(prefix) {
  const { chromium } = await import('playwright-core');
  const dir = mkdtempSync(join(tmpdir(), prefix));
  let server = null, browser = null;
  const close = async () => {
    await browser?.close();
    server?.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await buildSite(dir);
    server = await serveDir(dir);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  } catch (e) { await close(); throw e; }
  return { base: `http://127.0.0.1:${server.address().port}/`, browser, close };
}
