import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HostName } from '../../src/shared/ipc/hosts';
import { useChosenHostAnswer } from '../../src/renderer/src/features/newSession/useChosenHostAnswer';

// New session's "ask the chosen host, ignore a stale answer" (useChosenHostAnswer, behind useAgentAvailability and
// useHostAcpAgents): each host asked as it is chosen; an answer for a host no longer chosen never shows.

/** Each ask's answer, given when the test says (a slow host, a fast one). */
class Asks {
  readonly asked: Array<HostName | null> = [];
  private readonly pending = new Map<HostName | null, Array<(value: string) => void>>();
  readonly ask = (host: HostName | null): Promise<string> | null => {
    if (host === 'nothing-to-ask') return null;
    this.asked.push(host);
    return new Promise((resolve) => this.pending.set(host, [...(this.pending.get(host) ?? []), resolve]));
  };
  async answer(host: HostName | null, value: string): Promise<void> {
    const waiting = this.pending.get(host)?.shift();
    if (!waiting) throw new Error(`${String(host)} was not asked`);
    await act(async () => waiting(value));
  }
}

describe('useChosenHostAnswer', () => {
  it('an answer for a host no longer chosen is ignored, whether it comes before or after the chosen one', async () => {
    const asks = new Asks();
    const { result, rerender } = renderHook(({ host }: { host: HostName | null }) => useChosenHostAnswer(host, asks.ask), { initialProps: { host: 'box' as HostName | null } });
    expect(result.current).toEqual({ answered: false });
    rerender({ host: 'gpu' });
    expect(asks.asked).toEqual(['box', 'gpu']);

    // box answers late, while gpu is chosen: still nothing for gpu.
    await asks.answer('box', 'agents on box');
    expect(result.current).toEqual({ answered: false });
    await asks.answer('gpu', 'agents on gpu');
    expect(result.current).toEqual({ answered: true, value: 'agents on gpu' });

    // Back to this machine: gpu's answer is not this machine's; this machine's is, once it comes.
    rerender({ host: null });
    expect(result.current).toEqual({ answered: false });
    rerender({ host: 'box' });
    await asks.answer('box', 'box again');
    expect(result.current).toEqual({ answered: true, value: 'box again' });
    // This machine's answer arriving after box was chosen again changes nothing.
    await asks.answer(null, 'this machine, too late');
    expect(result.current).toEqual({ answered: true, value: 'box again' });
    expect(asks.asked).toEqual(['box', 'gpu', null, 'box']);
  });

  it('nothing is asked (and nothing answered) when ask has nothing to ask of the host', () => {
    const asks = new Asks();
    const { result } = renderHook(() => useChosenHostAnswer('nothing-to-ask', asks.ask));
    expect(result.current).toEqual({ answered: false });
    expect(asks.asked).toEqual([]);
  });
});
