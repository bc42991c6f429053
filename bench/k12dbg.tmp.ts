import { resolve } from 'node:path';
import { scan } from '@riskscan/scanner';
import { loadFixtureSites, startChromiumFixtureWorld } from '@riskscan/scanner/testing';
const [dir, ...hosts] = process.argv.slice(2);
const sitesDir = resolve(dir!);
const world = await startChromiumFixtureWorld({ sitesDir });
for (const site of loadFixtureSites(sitesDir).filter((s) => hosts.includes(s.host))) {
  const r = await scan(site.entryUrl, world.fullScanOptions);
  console.log('==', site.host, r.overall_risk);
  for (const c of r.checks) for (const d of c.details) if (d.risk_score > 0) console.log(`  ${d.name}=${d.risk_score} [${(d as any).side}] ${d.message}`);
}
await world.close();
