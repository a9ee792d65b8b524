import { describe, expect, it } from 'vitest';
import { DEFAULT_KEEPALIVE_MS, resolveKeepAliveMs } from '../../../src/main/core/agents/claude/backend';

describe('the live CLI keep-alive setting', () => {
  it('is 10 minutes unless SWARMDESK_CLAUDE_KEEPALIVE_SECONDS says otherwise', () => {
    expect(DEFAULT_KEEPALIVE_MS).toBe(600_000);
    expect(resolveKeepAliveMs({})).toBe(600_000);
    expect(resolveKeepAliveMs({ SWARMDESK_CLAUDE_KEEPALIVE_SECONDS: '30' })).toBe(30_000);
    expect(resolveKeepAliveMs({ SWARMDESK_CLAUDE_KEEPALIVE_SECONDS: ' 0 ' })).toBe(0);
  });

  it('ignores a value that is not a non-negative number', () => {
    for (const bad of ['', 'soon', '-5', 'Infinity', '1e400']) {
      expect(resolveKeepAliveMs({ SWARMDESK_CLAUDE_KEEPALIVE_SECONDS: bad })).toBe(600_000);
    }
  });
});
