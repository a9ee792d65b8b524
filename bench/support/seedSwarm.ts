/**
 * A seeded swarm for the UI benches: `sessions` chat sessions (half with a title) and
 * `entriesPerSession` user/assistant entries each, indexed for search, built once under
 * the OS temp dir (deterministic) and copied into a fresh data folder per use (the server
 * writes to its folder).
 */
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../src/main/core/store';
import { freshDataDir } from '../../test/e2e/support/server';

export const WORDS = ['retry', 'websocket', 'billing', 'kumquat', 'login', 'redirect', 'parser', 'release', 'flaky', 'cache', 'schema', 'tunnel'];

/**
 * Where the seed of this size lives (kept between runs). v3: at schema 14 or later with the stemmed
 * search index filled (issue 34); a v2 seed is left as it is for builds before it and copied once.
 */
export function seedDir(sessions: number, entriesPerSession: number, version = 3): string {
  return join(tmpdir(), `swarmdesk-bench-ui-v${version}-${sessions}-${entriesPerSession}`);
}

/** Brings a seed up to date (migrations) and fills its stemmed search index, so a copy's server has no fill to do. */
function upToDate(dir: string): void {
  const { store } = openStore({ dataDir: dir });
  while (!store.stemFill.step(20_000).done);
  store.close();
}

/** Builds the seed when missing; returns a fresh data folder holding a copy of it. */
export function seededSwarm(sessions: number, entriesPerSession: number, log: (line: string) => void = console.log): string {
  const dir = seedDir(sessions, entriesPerSession);
  const complete = join(dir, 'complete');
  const older = seedDir(sessions, entriesPerSession, 2);
  if (!existsSync(complete) && existsSync(join(older, 'complete'))) {
    // The same rows as the v2 seed: copied, migrated and filled once rather than written again.
    rmSync(dir, { recursive: true, force: true });
    const started = performance.now();
    cpSync(older, dir, { recursive: true, filter: (src) => src !== join(older, 'complete') && src !== join(older, 'backups') });
    upToDate(dir);
    mkdirSync(complete);
    log(`ui.seed: ${sessions} sessions brought from ${older} to ${dir} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  if (!existsSync(complete)) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const started = performance.now();
    const { store } = openStore({ dataDir: dir });
    const now = Date.now();
    for (let from = 0; from < sessions; from += 200) {
      store.transaction(() => {
        for (let i = from; i < Math.min(sessions, from + 200); i++) {
          const id = `bench-${i}`;
          const w = (k: number): string => WORDS[(i * 7 + k) % WORDS.length]!;
          store.sessions.insert({ id, kind: 'chat', folder: `/home/dev/project-${i % 40}`, position: i, at: now - i * 60_000 });
          if (i % 2 === 0) store.sessions.setTitle(id, { title: `Fix ${w(1)} ${w(2)} in module ${i}`, source: 'auto', pinned: false });
          const list = Array.from({ length: entriesPerSession }, (_, e) => ({
            kind: e % 2 === 0 ? ('user' as const) : ('assistant' as const),
            text: `step ${e}: look at the ${w(e)} ${w(e + 3)} code path for case ${i}`,
            meta: null,
            createdAt: now - i * 60_000 + e,
          }));
          store.entries.appendMany(id, list, false);
        }
      });
      while (store.entries.flushIndex(20_000) > 0);
    }
    store.close();
    mkdirSync(complete);
    log(`ui.seed: ${sessions} sessions, ${sessions * entriesPerSession} entries in ${((performance.now() - started) / 1000).toFixed(1)} s (kept at ${dir})`);
  }
  else {
    // A seed built before a migration is brought up to date once, not in every copy's server start.
    upToDate(dir);
  }
  // Not the pre-migration backup: every copy would carry it.
  rmSync(join(dir, 'backups'), { recursive: true, force: true });
  const dataDir = freshDataDir('swarmdesk-bench-ui-');
  cpSync(dir, dataDir, { recursive: true, filter: (src) => src !== complete });
  return dataDir;
}
