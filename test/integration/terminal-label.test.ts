/**
 * A terminal's label without a title, through a real PTY, a real shell and a real SQLite file
 * (issue 32, SPEC §7): the last program that ran and the folder, never the whole pipeline,
 * never re-cased, and it follows the lines as they are submitted.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { displayLabel } from '../../src/shared/label';
import { CoreEvents } from '../../src/main/core/events';
import { CoreHooks, SessionsService, systemClock } from '../../src/main/core/services';
import { openStore, type Store } from '../../src/main/core/store';
import { TerminalService } from '../../src/main/core/agents/terminal/terminalService';
import { until } from '../support/until';

describe("a terminal's label without a title (real PTY)", () => {
  let store: Store | null = null;
  let terminals: TerminalService | null = null;
  let dir = '';
  afterEach(async () => {
    await terminals?.close();
    store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads "pytest · <folder>" after `pytest -q | tail`, then the next program, as the list gives the row', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sd-term-label-'));
    const folder = join(dir, 'billing-api');
    mkdirSync(folder);
    store = openStore({ dataDir: join(dir, 'data') }).store;
    const events = new CoreEvents();
    const sessions = new SessionsService({ store, events, hooks: new CoreHooks(), clock: systemClock, defaultFolder: folder });
    const output: string[] = [];
    events.subscribe((event, payload) => {
      if (event === 'terminal:data') output.push((payload as { data: string }).data);
    });
    terminals = new TerminalService({ sessions, events, dataDir: join(dir, 'data') });
    terminals.register();
    const row = sessions.create({ kind: 'terminal', folder, backendId: '/bin/bash --norc --noprofile -i' });
    await terminals.open(row.id, 100, 30);
    const label = (): string => {
      const listed = sessions.list(false).find((r) => r.id === row.id);
      if (!listed) throw new Error('row not listed');
      return displayLabel(listed, Date.now()).text;
    };
    expect(label()).toMatch(/^Terminal · billing-api · /);

    // `pytest` may not be installed: the label names what was run, found or not.
    await terminals.input(row.id, 'pytest -q 2>&1 | tail -n 1; echo "done-$((1+1))"\r');
    await until(() => output.join('').includes('done-2'), { message: 'the first line ran' });
    await until(() => label() !== '' && !label().startsWith('Terminal'), { message: 'the label follows the line' });
    expect(label()).toBe('pytest · billing-api');

    await terminals.input(row.id, 'ls -la | wc -l\r');
    await until(() => label() === 'ls · billing-api', { message: 'the label follows the last line' });
    expect(sessions.get(row.id).firstUserLine).toBe('ls -la | wc -l');
  });
});
