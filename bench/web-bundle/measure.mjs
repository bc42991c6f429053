#!/usr/bin/env node
/**
 * How much JavaScript the home page needs before it can render, gzip-compressed.
 *
 *   node bench/web-bundle/measure.mjs [--no-build] [--browser] [--url http://host:port]
 *
 * 1. From Vite's manifest: the entry chunk and the home route chunk with everything they import
 *    statically. This is what the browser must fetch before the home page renders; the budget is
 *    170 KB gzip. Lazily loaded widgets (Chart.js, Swiper, SweetAlert2, the result view) are listed
 *    apart with their own sizes.
 * 2. With --browser: opens the built home page in Chromium (served by a small static server, no
 *    API) and sums the gzip size of every script it fetched until the network went quiet, which
 *    adds what the page pulls in after its first render.
 * 3. With --url: opens a running riskscan server's home page in Chromium and sums the bytes of
 *    JavaScript actually transferred (as the browser received them, compressed), with each
 *    script's Content-Encoding, and checks that no source map is served. Exits non-zero above
 *    the budget, for an uncompressed script, or for a public source map.
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = path.join(root, 'apps/web/dist');
const BUDGET_KB = 170;
const HOME_ROUTE = 'src/app/routes/home-route.tsx';

if (!process.argv.includes('--no-build')) execSync('npm run build -w @riskscan/web', { cwd: root, stdio: 'ignore' });

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const gzipKb = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
const brotliKb = (file) =>
  brotliCompressSync(readFileSync(path.join(dist, file)), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length / 1024;

/** A chunk and everything it imports statically. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const initial = new Set([...staticClosure(entryKey), ...staticClosure(HOME_ROUTE)]);
const rows = [...initial].map((key) => ({ chunk: manifest[key].file, kb: gzipKb(manifest[key].file) }));
const initialKb = rows.reduce((sum, row) => sum + row.kb, 0);
const initialBrKb = [...initial].reduce((sum, key) => sum + brotliKb(manifest[key].file), 0);

/** Every chunk loaded on demand from the home page, also those a lazy chunk loads in turn. */
function lazyChunks() {
  const found = new Set();
  const visit = (key) => {
    for (const dep of manifest[key]?.dynamicImports ?? []) {
      if (initial.has(dep) || found.has(dep)) continue;
      found.add(dep);
      staticClosure(dep).forEach(visit);
    }
  };
  initial.forEach(visit);
  return [...found];
}
const ownSize = (key) => [...staticClosure(key)].filter((k) => !initial.has(k)).reduce((sum, k) => sum + gzipKb(manifest[k].file), 0);
const lazy = lazyChunks()
  .filter((key) => !key.includes('features/') || key.includes('features/scan'))
  .map((key) => ({ chunk: manifest[key].file, kb: ownSize(key) }));

console.log(
  `Home page initial JavaScript (gzip -9): ${initialKb.toFixed(1)} KB of ${BUDGET_KB} KB budget (brotli 11: ${initialBrKb.toFixed(1)} KB)`,
);
for (const row of rows.sort((a, b) => b.kb - a.kb)) console.log(`  ${row.kb.toFixed(1).padStart(6)} KB  ${row.chunk}`);
console.log('Loaded on demand (with their own static imports):');
for (const row of lazy.sort((a, b) => b.kb - a.kb).filter((row) => row.kb > 0.5))
  console.log(`  ${row.kb.toFixed(1).padStart(6)} KB  ${row.chunk}`);

if (process.argv.includes('--browser')) await measureInBrowser();
process.exitCode = initialKb <= BUDGET_KB ? 0 : 1;
const urlArg = process.argv.indexOf('--url');
if (urlArg !== -1 && !(await measureServer(process.argv[urlArg + 1]))) process.exitCode = 1;

/** The home page from a running server, as a browser receives it. True when within budget, compressed, without maps. */
async function measureServer(base) {
  const { chromium } = await import('playwright-core');
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  const scripts = [];
  page.on('requestfinished', async (request) => {
    const url = new URL(request.url());
    if (!url.pathname.endsWith('.js')) return;
    const response = await request.response();
    const sizes = await request.sizes();
    scripts.push({
      path: url.pathname,
      bytes: sizes.responseBodySize,
      encoding: (await response?.allHeaders())?.['content-encoding'] ?? 'none',
    });
  });
  await page.goto(base);
  await page.waitForSelector('h1');
  await page.waitForLoadState('networkidle');
  await browser.close();
  const kb = scripts.reduce((sum, script) => sum + script.bytes, 0) / 1024;
  console.log(`Server ${base}: ${scripts.length} scripts, ${kb.toFixed(1)} KB of JavaScript transferred until the network was idle`);
  for (const script of scripts.sort((a, b) => b.bytes - a.bytes))
    console.log(`  ${(script.bytes / 1024).toFixed(1).padStart(6)} KB  ${script.encoding.padEnd(4)}  ${script.path}`);
  const maps = await Promise.all(scripts.map(async (script) => (await fetch(`${base.replace(/\/$/, '')}${script.path}.map`)).status));
  const publicMaps = maps.filter((status) => status === 200).length;
  console.log(`Source maps served: ${publicMaps} of ${scripts.length}`);
  return kb <= BUDGET_KB && scripts.every((script) => script.encoding !== 'none') && publicMaps === 0;
}

async function measureInBrowser() {
  const { chromium } = await import('playwright-core');
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    if (pathname === '/runtime-config.json') {
      response.setHeader('Content-Type', 'application/json');
      return response.end(JSON.stringify({ apiBaseUrl: '/api/v1', scanApiBaseUrl: '/api', paymentBaseUrl: '/payments', cmsBaseUrl: '' }));
    }
    const file = path.join(dist, pathname);
    if (file.startsWith(dist) && path.extname(file) && existsSync(file)) {
      if (file.endsWith('.js')) response.setHeader('Content-Type', 'text/javascript');
      if (file.endsWith('.css')) response.setHeader('Content-Type', 'text/css');
      if (file.endsWith('.svg')) response.setHeader('Content-Type', 'image/svg+xml');
      return response.end(readFileSync(file));
    }
    if (path.extname(pathname)) {
      response.statusCode = 404;
      return response.end();
    }
    response.setHeader('Content-Type', 'text/html');
    return response.end(readFileSync(path.join(dist, 'index.html')));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  for (const [label, viewport] of [
    ['desktop 1366x900', { width: 1366, height: 900 }],
    ['phone 360x740', { width: 360, height: 740 }],
  ]) {
    const page = await browser.newPage({ viewport });
    const scripts = new Set();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    // The home route arrives lazily: wait for its headline, then for the network to settle.
    await page.waitForSelector('h1');
    await page.waitForLoadState('networkidle');
    const kb = [...scripts].reduce((sum, file) => sum + gzipKb(file.slice(1)), 0);
    console.log(`Browser, ${label}: ${scripts.size} scripts, ${kb.toFixed(1)} KB gzip fetched until the network was idle`);
    await page.close();
  }
  await browser.close();
  server.close();
}
