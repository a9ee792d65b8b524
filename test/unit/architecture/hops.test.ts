import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HOPS_FILE, STALE_MESSAGE, hopTable } from '../../../scripts/hops/table';
import { scanOccurrences } from '../../../scripts/hops/occurrences';

/*
 * The hop table (issue 30): docs/hops.md is derived from the code by `npm run hops`; when a channel, an
 * event, a hook, a handler, a route or a caller changes and the file was not regenerated, this fails.
 */

const ROOT = resolve(__dirname, '../../..');

/** The first line where two texts differ, for a failure a reader can act on. */
function firstDifference(written: string, derived: string): string {
  const a = written.split('\n');
  const b = derived.split('\n');
  const i = b.findIndex((line, n) => line !== a[n]);
  const at = i === -1 ? Math.min(a.length, b.length) : i;
  return `line ${at + 1}:\n  in ${HOPS_FILE}: ${a[at] ?? '(end of file)'}\n  from the code: ${b[at] ?? '(end of file)'}`;
}

describe('the hop table', () => {
  const derived = hopTable(ROOT);
  let planted: string | null = null;
  afterEach(() => {
    if (planted) rmSync(planted, { recursive: true, force: true });
    planted = null;
  });

  it('docs/hops.md is what the code says now', () => {
    const written = readFileSync(join(ROOT, HOPS_FILE), 'utf8');
    if (written !== derived) expect.fail(`${STALE_MESSAGE}\nfirst difference at ${firstDifference(written, derived)}`);
  });

  it('shows that a new title renames the worktree branch and recounts changes', () => {
    const titleChanged = derived.split('\n').find((line) => line.startsWith('| `titleChanged` |')) ?? '';
    expect(titleChanged).toContain('`core/services/sessionTitles.ts#writeTitle`');
    expect(titleChanged).toContain('`core/git/worktrees.ts#WorktreeService.start` → `serial`, `renameAfterTitle`');
    expect(titleChanged).toContain('`core/git/changesService.ts#ChangesService.start` → `poke` (Activity in a session: count its changes');
  });

  it('gives each channel its schemas, handler, route and renderer caller', () => {
    const rename = derived.split('\n').find((line) => line.startsWith('| `sessions:rename` |')) ?? '';
    expect(rename).toBe(
      '| `sessions:rename` | `shared/ipc/sessions.ts`: { id, title } → `SessionRowSchema` | `core/handlers/sessions/rename.ts` (SessionsContext) → `sessions.rename` | bySession | `renderer/features/sessions/actions.ts#saveRename`<br>`renderer/features/titles/actions.ts#applyEarlierTitle` | — |',
    );
  });

  it('finds a planted caller, emitter, listener and hook subscriber (the scan itself works)', () => {
    planted = mkdtempSync(join(tmpdir(), 'hops-'));
    const write = (path: string, text: string): void => {
      mkdirSync(dirname(join(planted!, path)), { recursive: true });
      writeFileSync(join(planted!, path), text);
    };
    write('src/main/core/git/planted.ts', [
      'export class Planted {',
      '  start(): void {',
      "    this.deps.hooks.on('titleChanged', (row) => this.follow(row.id));",
      "    this.deps.events.emit('session:changes', summary);",
      "    if (name === 'sessions:rename') return;",
      '  }',
      '  /** Follows the title. More words. */',
      '  private follow(id: string): void {}',
      '}',
    ].join('\n'));
    write('src/preload/index.ts', '');
    write('src/renderer/src/features/x/actions.ts', [
      "export async function plantedRename(id: string): Promise<void> { await api().invoke('sessions:rename', { id, title: 'x' }); }",
      "export function watch(): void { api().on('session:changes', (summary) => changesPushed(summary)); }",
    ].join('\n'));
    const found = scanOccurrences(planted, {
      channels: new Set(['sessions:rename']),
      events: new Set(['session:changes']),
      hooks: new Set(['titleChanged']),
    });
    expect(found.callers.get('sessions:rename')).toEqual(['renderer/features/x/actions.ts#plantedRename']);
    expect(found.named.get('sessions:rename')).toEqual(['core/git/planted.ts#Planted.start']);
    expect(found.emitters.get('session:changes')).toEqual(['core/git/planted.ts#Planted.start']);
    expect(found.rendererListeners.get('session:changes')).toEqual([
      { where: 'renderer/features/x/actions.ts#watch', calls: [{ name: 'changesPushed', doc: null }] },
    ]);
    expect(found.hookListeners.get('titleChanged')).toEqual([
      { where: 'core/git/planted.ts#Planted.start', calls: [{ name: 'follow', doc: 'Follows the title.' }] },
    ]);
  });
});
