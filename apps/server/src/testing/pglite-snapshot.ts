import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect } from 'kysely';
import { migrateToLatest } from '../db/migrate.ts';

/**
 * A migrated PGlite data directory, dumped once per test run: a test database loads it in about
 * a tenth of the CPU time that booting PGlite and running every migration takes.
 */
export type PgliteSnapshot = { file: string; remove(): Promise<void> };

/** Boots PGlite, migrates it and writes its data directory (an uncompressed tar) to a temporary file. */
export async function writeMigratedSnapshot(): Promise<PgliteSnapshot> {
  const pglite = new PGlite();
  const db = new Kysely<unknown>({ dialect: new PGliteDialect({ pglite }) });
  try {
    await migrateToLatest(db);
    const dump = await pglite.dumpDataDir('none');
    const dir = await mkdtemp(path.join(tmpdir(), 'riskscan-pglite-snapshot-'));
    const file = path.join(dir, 'migrated.tar');
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
    return { file, remove: () => rm(dir, { recursive: true, force: true }) };
  } finally {
    await db.destroy();
  }
}

let snapshotFile: string | null = null;
let snapshot: Promise<Blob> | null = null;

/** Makes `pgliteFromSnapshot` load this run's snapshot (the Vitest set-up of the PGlite project calls it). */
export function useMigratedSnapshot(file: string): void {
  snapshotFile = file;
  snapshot = null;
}

/** A fresh in-memory PGlite loaded from the run's snapshot; null when there is none (outside Vitest). */
export async function pgliteFromSnapshot(): Promise<PGlite | null> {
  if (!snapshotFile) return null;
  const file = snapshotFile;
  snapshot ??= readFile(file).then((bytes) => new Blob([bytes]));
  return new PGlite({ loadDataDir: await snapshot });
}
