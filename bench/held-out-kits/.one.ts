import { fileURLToPath } from 'node:url';
import { createBrowserPool, createBrowserRenderStage, findChromium, scan } from '@riskscan/scanner';
import { loadFixtureSites, startFixtureWorld } from '@riskscan/scanner/testing';
const SITES_DIR = process.env.DIR ?? '/work/wt/kits/fixtures/held-out-sites/';
const sites = loadFixtureSites(SITES_DIR).filter((s) => process.argv.slice(2).some((h) => s.host.includes(h)));
const world = await startFixtureWorld({ sitesDir: SITES_DIR });
const pool = createBrowserPool({ executablePath: findChromium()!, size: 1, closeTimeoutMs: 3000 });
const render = createBrowserRenderStage({ pool, screenshots: null });
for (const site of sites) {
  const r = await scan(site.entryUrl, { ...world.scanOptions, render });
  console.log('==', site.host, r.overall_risk, JSON.stringify(r.classification.map((c) => c.name)));
  for (const c of r.checks) for (const d of c.details) if (d.risk_score > 0) console.log('  ', c.name ?? '', d.name, d.risk_score, '|', d.message?.slice(0, 220));
}
await pool.close(); await world.close();
