import { describe, expect, it } from 'vitest';
import { rowAtLevel, STATUS_LEVEL, statusWordsAt, valueAtLevel } from '../../../src/shared/domain/statusLevels';
import { SESSION_STATUSES } from '../../../src/shared/domain/session';
import { sessionRow } from '../../support/sessionRow';

describe('status words by protocol level (issue 31)', () => {
  it('level 1 knows four words; this level knows every status', () => {
    expect(statusWordsAt(1)).toEqual(['working', 'waiting', 'idle', 'error']);
    expect(statusWordsAt(STATUS_LEVEL)).toEqual(SESSION_STATUSES);
  });

  it('an exited row reads as level 1 said it: error when it failed (no exit), idle when clean; other rows are the same object', () => {
    const failed = sessionRow({ kind: 'terminal', status: 'exited', exit: { code: 2, signal: null } });
    const killed = sessionRow({ kind: 'terminal', status: 'exited', exit: { code: null, signal: 'SIGKILL' } });
    const clean = sessionRow({ kind: 'terminal', status: 'exited' });
    const waiting = sessionRow({ status: 'waiting' });
    expect(rowAtLevel(failed, 1)).toEqual({ ...failed, status: 'error', exit: undefined });
    expect(rowAtLevel(failed, 1)).not.toHaveProperty('exit');
    expect(rowAtLevel(killed, 1).status).toBe('error');
    expect(rowAtLevel(clean, 1).status).toBe('idle');
    expect(rowAtLevel(waiting, 1)).toBe(waiting);
    expect(rowAtLevel(failed, STATUS_LEVEL)).toBe(failed);
  });

  it('a reply or push is walked for rows however deep, copied only where it changes, the original untouched', () => {
    const exited = sessionRow({ id: 'e', kind: 'terminal', status: 'exited', exit: { code: 1, signal: null } });
    const idle = sessionRow({ id: 'i' });
    const reply = { ok: true, value: { rows: [idle, exited], note: { status: 'exited', kind: 'not-a-kind' } } };
    const seen = valueAtLevel(reply, 1) as typeof reply;
    expect(seen.value.rows.map((r) => r.status)).toEqual(['idle', 'error']);
    expect(seen.value.rows[0]).toBe(idle);
    // Not a session row (no session kind): left as it is.
    expect(seen.value.note).toBe(reply.value.note);
    expect(reply.value.rows[1]).toBe(exited);
    expect(exited.status).toBe('exited');
    const untouched = { ok: true, value: [idle] };
    expect(valueAtLevel(untouched, 1)).toBe(untouched);
    expect(valueAtLevel(reply, STATUS_LEVEL)).toBe(reply);
  });
});
