import { describe, expect, it } from 'vitest';
import { FirstImportNotice, importNotice, type ImportSource } from '../../../src/main/core/services/importNotice';
import type { ImportBatchResult } from '../../../src/main/core/services/importBatch';

const created = (id: string): ImportBatchResult => ({ row: { id } as ImportBatchResult['row'], entries: [], created: true });
const grown = (id: string): ImportBatchResult => ({ row: { id } as ImportBatchResult['row'], entries: [], created: false });

describe('the first import notice', () => {
  it('reads right for one tool, the other, both, one session and none', () => {
    expect(importNotice({ 'claude-code': 12, codex: 0 })).toBe('Imported 12 sessions from Claude Code.');
    expect(importNotice({ 'claude-code': 0, codex: 1 })).toBe('Imported 1 session from Codex.');
    expect(importNotice({ 'claude-code': 1, codex: 3 })).toBe('Imported 1 session from Claude Code and 3 from Codex.');
    expect(importNotice({ 'claude-code': 0, codex: 0 })).toBeNull();
  });

  it('counts the lines it could not read (bad, oversized or cut), once, never as a failure of the file', () => {
    expect(importNotice({ 'claude-code': 7, codex: 1 }, 3)).toBe('Imported 7 sessions from Claude Code and 1 from Codex. 3 lines could not be read and were skipped.');
    expect(importNotice({ 'claude-code': 0, codex: 1 }, 1)).toBe('Imported 1 session from Codex. 1 line could not be read and was skipped.');
    expect(importNotice({ 'claude-code': 0, codex: 0 }, 2)).toBe('No sessions imported: 2 lines could not be read and were skipped.');
    const said: string[] = [];
    const notice = new FirstImportNotice(() => 'codex', (m) => said.push(m));
    notice.counted([created('a')]);
    notice.scanEnded(4);
    expect(said).toEqual(['Imported 1 session from Codex. 4 lines could not be read and were skipped.']);
  });

  it('is said once, after the first scan, counting new sessions from every batch of it by tool', () => {
    const said: string[] = [];
    const sources: Record<string, ImportSource> = { a: 'claude-code', b: 'claude-code', c: 'codex' };
    const notice = new FirstImportNotice((id) => sources[id] ?? null, (m) => said.push(m));
    notice.counted([created('a'), grown('a')]);
    notice.counted([created('b'), created('c')]);
    expect(said).toEqual([]); // not per batch
    notice.scanEnded();
    expect(said).toEqual(['Imported 2 sessions from Claude Code and 1 from Codex.']);
    notice.counted([created('d')]);
    notice.scanEnded();
    expect(said).toHaveLength(1); // a later scan says nothing
  });

  it('says nothing when the first scan found nothing new', () => {
    const said: string[] = [];
    const notice = new FirstImportNotice(() => 'claude-code', (m) => said.push(m));
    notice.counted([grown('a')]);
    notice.scanEnded();
    expect(said).toEqual([]);
  });
});
