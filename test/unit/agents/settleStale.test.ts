import { describe, expect, it } from 'vitest';
import { settleStaleStatuses } from '../../../src/main/core/agents';
import type { SessionRow } from '../../../src/shared/domain/session';

describe('settleStaleStatuses', () => {
  it('a chat, claude-code or acp row left working by a killed app is idle again; other kinds and statuses stay', () => {
    const rows = [
      { id: 'a', kind: 'acp', status: 'working' },
      { id: 'b', kind: 'claude-code', status: 'working' },
      { id: 'c', kind: 'acp', status: 'waiting' },
      { id: 'd', kind: 'terminal', status: 'working' },
    ] as SessionRow[];
    const set: string[] = [];
    const n = settleStaleStatuses({ list: () => rows, setStatus: (id: string, status: string) => { set.push(`${id} ${status}`); return rows[0] as SessionRow; } } as unknown as Parameters<typeof settleStaleStatuses>[0]);
    expect(n).toBe(2);
    expect(set).toEqual(['a idle', 'b idle']);
  });
});
