/**
 * Look-alike search on a million stored scans (issue 38): seeds a fresh PostgreSQL database with
 * 1,000,000 indexed scans, each with a screenshot, structure and favicon fingerprint (random, plus
 * 500 planted kits of 10 near-copies each), then times `similar:`, `structure:` and `favicon:`
 * searches through the search service, count and first page as the API answers them.
 * `npm run bench:search [-- SCANS]`; needs PostgreSQL (BENCH_POSTGRES_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres; BENCH_KEEP=1 keeps the seeded database); results in RESULTS.md.
 */
import { cpus } from 'node:os';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { createDatabase, migrateToLatest } from '@riskscan/server';
import { type Fingerprint, type FingerprintKind, insertFingerprints, searchScans } from '@riskscan/server/testing';

const SCANS = Number(process.argv[2] ?? 1_000_000);
const KITS = 500;
const COPIES = 10;
const QUERIES = 200;
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = 'riskscan_bench_search';
const url = new URL(adminUrl);
url.pathname = `/${name}`;

const admin = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: adminUrl, max: 1 }) }) });
await sql`drop database if exists ${sql.id(name)}`.execute(admin);
await sql`create database ${sql.id(name)}`.execute(admin);
const db = await createDatabase({ kind: 'postgres', url: url.toString() });
const started = performance.now();
try {
  await migrateToLatest(db);
  // The random bulk in SQL: a 64-bit hash as two 32-bit halves, its bands cut as the repository cuts them.
  await sql`
    insert into search_scans (scan_uid, owner_id, visibility, listed, url, host, ip, asn, overall_risk, level, finished_at, thumbnail)
    select 'bench-' || n, null, 'public', n % 10 <> 0, 'https://site-' || n || '.example/', 'site-' || n || '.example', null, null,
           n % 101, 'Danger', timestamptz '2026-01-01' + n * interval '20 seconds', '/screenshots/bench-' || n || '.webp'
    from generate_series(1, ${SCANS}) as n`.execute(db);
  for (const kind of ['screenshot', 'structure', 'favicon'] as const) {
    await sql`
      insert into search_fingerprints (scan_uid, kind, hash, b0, b1, b2, b3)
      select scan_uid, ${kind}, hash, (hash >> 48) & 65535, (hash >> 32) & 65535, (hash >> 16) & 65535, hash & 65535
      from (select 'bench-' || n as scan_uid,
                   ((floor(random() * 4294967296)::bigint - 2147483648) << 32) | floor(random() * 4294967296)::bigint as hash
            from generate_series(1, ${SCANS}) as n) as random_hashes`.execute(db);
  }
  // Planted kits: 10 listed copies of one page each, a few bits apart, on top of the million.
  const flip = (hex: string, bits: number) => {
    let value = BigInt(`0x${hex}`);
    for (let i = 0; i < bits; i++) value ^= 1n << BigInt(Math.floor(Math.random() * 64));
    return value.toString(16).padStart(16, '0');
  };
  const randomHex = () => Array.from({ length: 16 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  const kits: { uids: string[]; favicon: string }[] = [];
  for (let kit = 0; kit < KITS; kit++) {
    const base = { screenshot: randomHex(), structure: randomHex(), favicon: randomHex() };
    const scans = Array.from({ length: COPIES }, (_, copy) => ({
      scanUid: `kit-${kit}-${copy}`,
      fingerprints: (Object.keys(base) as FingerprintKind[]).map((kind): Fingerprint => ({
        kind,
        hash: flip(base[kind as 'favicon'], Math.floor(Math.random() * 5)),
      })),
    }));
    await db
      .insertInto('search_scans')
      .values(
        scans.map((scan) => ({
          scan_uid: scan.scanUid,
          owner_id: null,
          visibility: 'public' as const,
          listed: true,
          url: `https://${scan.scanUid}.example/`,
          host: `${scan.scanUid}.example`,
          ip: null,
          asn: null,
          overall_risk: 90,
          level: 'Danger' as const,
          finished_at: new Date(),
          thumbnail: null,
        })),
      )
      .execute();
    await insertFingerprints(db, scans);
    kits.push({ uids: scans.map((scan) => scan.scanUid), favicon: base.favicon });
  }
  await sql`analyze`.execute(db);
  console.log(`seeded ${(SCANS + KITS * COPIES).toLocaleString('en-US')} scans in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  const queries: Record<string, (i: number) => string> = {
    similar: (i) => `similar:${kits[i % KITS]!.uids[i % COPIES]}`,
    structure: (i) => `structure:${kits[i % KITS]!.uids[(i + 3) % COPIES]}`,
    favicon: (i) => `favicon:${kits[i % KITS]!.favicon}`,
    'similar: random scan': (i) => `similar:bench-${1 + 10 * ((i * 7919) % (SCANS / 10))}`,
  };
  for (const [label, query] of Object.entries(queries)) {
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < QUERIES + 20; i++) {
      const t0 = performance.now();
      const page = await searchScans(db, null, { q: query(i), page: 1 }, String);
      if (i >= 20) times.push(performance.now() - t0);
      found += page.count;
    }
    times.sort((a, b) => a - b);
    console.log(
      `${label}: ${QUERIES} queries, p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, ${(found / (QUERIES + 20)).toFixed(1)} hits a query`,
    );
  }
  const version = await sql<{ version: string }>`select version()`.execute(db);
  console.log(
    `node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), ${version.rows[0]?.version.split(' on ')[0]}`,
  );
} finally {
  await db.destroy();
  // BENCH_KEEP=1 leaves the database for EXPLAIN.
  if (!process.env.BENCH_KEEP) await sql`drop database if exists ${sql.id(name)}`.execute(admin);
  await admin.destroy();
}
