import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect } from 'kysely';
import { PGLITE_EXTENSIONS } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

/**
 * A migrated PGlite data directory, dumped once per test run: a test database loads it in about
 * a tenth of the CPU time that booting PGlite and running every migration takes.
 */
export type PgliteSnapshot = { file: string; remove(): Promise<void> };

/** Boots PGlite, migrates it and writes its data directory (an uncompressed tar) to a temporary file. */
export async function writeMigratedSnapshot(): Promise<PgliteSnapshot> {
  const pglite = new PGlite({ extensions: PGLITE_EXTENSIONS });
  const db = new Kysely<unknown>({ dialect: new PGliteDialect({ pglite }) });
  try {
    await migrateToLatest(db);
    // A checkpoint first, so the migrations are in the data files: every copy then starts about 8%
    // faster (40-60 of its 520-600 CPU-ms; docs/testing.md, session 14).
    await pglite.exec('checkpoint');
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

function snapshotBlob(): Promise<Blob> | null {
  if (!snapshotFile) return null;
  snapshot ??= readFile(snapshotFile).then((bytes) => new Blob([bytes]));
  return snapshot;
}

/** A fresh in-memory PGlite loaded from the run's snapshot; null when there is none (outside Vitest). */
export async function pgliteFromSnapshot(): Promise<PGlite | null> {
  const loadDataDir = await snapshotBlob();
  return loadDataDir ? new PGlite({ loadDataDir, extensions: PGLITE_EXTENSIONS }) : null;
}

/**
 * Fills an empty on-disk data directory (a command-line tool's `DATA_DIR/pglite`) from the run's
 * snapshot, so the tool opens a migrated database instead of running initdb and every migration.
 * Without a snapshot (outside Vitest) it leaves the directory to the tool.
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  const loadDataDir = await snapshotBlob();
  if (!loadDataDir) return;
  const pglite = new PGlite({ dataDir, loadDataDir, extensions: PGLITE_EXTENSIONS });
  await pglite.close();
}
