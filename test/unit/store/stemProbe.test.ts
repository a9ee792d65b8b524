import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createStemProbe } from '../../../src/main/core/store/repos/stemProbe';

describe('stemProbe', () => {
  it('says whether porter changes a word, so search asks the stemmed index only when it can find more', () => {
    const db = new Database(':memory:');
    const probe = createStemProbe(db);
    for (const w of ['decorators', 'retry', 'retries', 'failing', 'Migrations', 'cache']) expect(probe.changesAny([w]), w).toBe(true);
    for (const w of ['websocket', 'parser', 'kumquat', 'Log', 'webso', 'Café']) expect(probe.changesAny([w]), w).toBe(false);
    expect(probe.changesAny(['websocket', 'retries'])).toBe(true);
    expect(probe.changesAny([])).toBe(false);
    // Asked again and again: nothing is left behind between calls.
    expect(probe.changesAny(['parser'])).toBe(false);
    db.close();
  });
});
