import { describe, expect, it } from 'vitest';
import { entryActivity } from '../../../src/main/core/services/entryActivity';

describe('entryActivity', () => {
  // Without the bounded head the masker ran over the whole megabyte (quadratic: minutes on the host's thread).
  it('a 1 MB answer gives its start, masked, without reading the whole answer', () => {
    const text = `The key sk-ant-api03-${'a'.repeat(40)} was rotated. ${'x'.repeat(1_000_000)}`;
    const activity = entryActivity('chat', 'assistant', text, null);
    expect(activity).not.toBeNull();
    expect(activity).toMatch(/^The key /);
    expect(activity).not.toContain('sk-ant-api03');
    expect(Array.from(activity ?? '').length).toBeLessThanOrEqual(120);
  });
});
