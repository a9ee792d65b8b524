/**
 * The stemmed search index's background fill (issue 34), measured on a seeded swarm as migration
 * 014 leaves an older database: both stemmed indexes empty, the fill's cursors at the top. A real
 * core opens it (how long the start takes, against the same file filled), the housekeeping fills it
 * in its slices while a 5 ms timer measures the event loop's longest gap (against the same timer in
 * the idle seconds before the fill starts), and the database's size is read before (the emptied
 * indexes vacuumed away: the file as the migration leaves it) and after the fill.
 */
import Database from 'better-sqlite3';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { createCore, type SwarmCore } from '../../src/main/core/app';
import { STEM_FILL_DELAY_MS } from '../../src/main/core/services/housekeeping';
import { DB_FILE_NAME } from '../../src/main/core/store';

export interface StemFillFigures {
  readonly entries: number;
  readonly fillMs: number;
  readonly longestGapMs: number;
  readonly idleLongestGapMs: number;
  readonly openEmptyMs: number;
  readonly openFilledMs: number;
  readonly bytesBefore: number;
  readonly bytesAfter: number;
}

function openCore(dataDir: string): { core: SwarmCore; ms: number } {
  const started = performance.now();
  const core = createCore({
    dataDir,
    platform: { transport: 'web', openExternal: async () => false },
    env: { HOME: dataDir, PATH: process.env.PATH ?? '', SWARMDESK_AMBIENT_PROVIDER: 'off', SWARMDESK_IMPORT: 'off' },
    version: 'bench',
  });
  return { core, ms: performance.now() - started };
}

/** Empties both stemmed indexes and puts the fill's cursors at the top, as migration 014 does; vacuums. */
function asMigrationLeavesIt(file: string): { entries: number } {
  const db = new Database(file);
  db.exec(`
    INSERT INTO entries_stem (entries_stem) VALUES ('delete-all');
    INSERT INTO sessions_stem (sessions_stem) VALUES ('delete-all');
    DELETE FROM entries_stem_early;
    UPDATE stem_fill SET entries_below = coalesce((SELECT max(id) + 1 FROM entries), 0), sessions_below = coalesce((SELECT max(rid) + 1 FROM sessions), 0);
  `);
  db.exec('VACUUM');
  const entries = (db.prepare(`SELECT count(*) AS n FROM entries`).get() as { n: number }).n;
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { entries };
}

/** Measures the fill on `dataDir` (a copy of a seeded swarm, filled; it is emptied here). */
export async function measureStemFill(dataDir: string): Promise<StemFillFigures> {
  const file = join(dataDir, DB_FILE_NAME);
  // The start on the filled file (nothing to fill), then on the emptied one; each opened once
  // before (a copied or changed file gets the full integrity check, and the day's routine backup).
  await openCore(dataDir).core.close();
  const filled = openCore(dataDir);
  await filled.core.close();
  const { entries } = asMigrationLeavesIt(file);
  const bytesBefore = statSync(file).size;
  await openCore(dataDir).core.close();
  const { core, ms: openEmptyMs } = openCore(dataDir);
  const opened = performance.now();
  const store = core.services.store;
  let last = performance.now();
  let idleLongest = 0;
  let fillLongest = 0;
  // The housekeeping starts the fill this long after the core opened (a cheap cursor read says when it is done).
  const fillStarted = opened + STEM_FILL_DELAY_MS;
  const probe = setInterval(() => {
    const now = performance.now();
    const gap = now - last;
    last = now;
    if (now - opened < STEM_FILL_DELAY_MS - 50) idleLongest = Math.max(idleLongest, gap);
    else if (now > fillStarted) fillLongest = Math.max(fillLongest, gap);
  }, 5);
  const fillMs = await new Promise<number>((resolve) => {
    const poll = setInterval(() => {
      if (store.stemFill.done()) {
        clearInterval(poll);
        resolve(performance.now() - fillStarted);
      }
    }, 250);
  });
  clearInterval(probe);
  await core.close();
  return { entries, fillMs, longestGapMs: fillLongest, idleLongestGapMs: idleLongest, openEmptyMs, openFilledMs: filled.ms, bytesBefore, bytesAfter: statSync(file).size };
}
