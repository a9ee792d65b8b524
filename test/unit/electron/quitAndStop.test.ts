import { describe, expect, it } from 'vitest';
import { quitAndStopAgentsAction, type QuitAndStopPorts } from '../../../src/main/electron/quitAndStop';

function ports(stop: QuitAndStopPorts['stopHost'], answer: 'stay' | 'quit' = 'stay') {
  const seen: string[] = [];
  const p: QuitAndStopPorts = {
    stopHost: () => {
      seen.push('stop');
      return stop();
    },
    showProgress: (busy) => void seen.push(busy ? 'progress on' : 'progress off'),
    tellOutcome: (line) => void seen.push(`outcome: ${line}`),
    askAfterFailure: async (message) => {
      seen.push(`asked: ${message}`);
      return answer;
    },
    quit: () => void seen.push('quit'),
    log: { info: () => undefined, error: () => undefined },
  };
  return { p, seen };
}

describe('"Quit and Stop Agents" (issue 29: no catch, no feedback)', () => {
  it('shows progress while the host stops, then says the outcome and quits', async () => {
    let finish!: (v: { line: string; exitCode: number }) => void;
    const { p, seen } = ports(() => new Promise((r) => (finish = r)));
    const click = quitAndStopAgentsAction(p);
    const done = click();
    expect(seen).toEqual(['progress on', 'stop']);
    await click(); // a second click while it works
    expect(seen.filter((s) => s === 'stop')).toHaveLength(1);
    finish({ line: 'Stopped the session host of /d (pid 4) and 2 agents.', exitCode: 0 });
    await done;
    expect(seen).toEqual(['progress on', 'stop', 'outcome: Stopped the session host of /d (pid 4) and 2 agents.', 'quit']);
  });

  it('a throw from stopping is caught and said; Stay keeps the app, and a later click tries again', async () => {
    const { p, seen } = ports(() => Promise.reject(new Error('refusing to stop this process')));
    const click = quitAndStopAgentsAction(p);
    await expect(click()).resolves.toBeUndefined();
    expect(seen).toEqual(['progress on', 'stop', 'progress off', 'asked: refusing to stop this process']);
    await click();
    expect(seen.filter((s) => s === 'stop')).toHaveLength(2);
    expect(seen).not.toContain('quit');
  });

  it('Quit Anyway after a failure quits', async () => {
    const { p, seen } = ports(() => Promise.reject(new Error('socket closed')), 'quit');
    await quitAndStopAgentsAction(p)();
    expect(seen.at(-1)).toBe('quit');
  });
});

describe('the entry wires it', () => {
  it('the menu item runs the caught action', async () => {
    const { readFileSync } = await import('node:fs');
    const entry = readFileSync('src/main/index.ts', 'utf8');
    expect(entry).toMatch(/const quitAndStopAgents = quitAndStopAgentsAction\(\{/);
    expect(entry).toMatch(/label: 'Quit and Stop Agents', click: \(\) => void quitAndStopAgents\(\)/);
  });
});
