import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Entry } from '../../src/shared/domain/session';
import { EntryView } from '../../src/renderer/src/components/EntryView';

function userEntry(text: string, seq = 1): Entry {
  return { sessionId: 's1', seq, kind: 'user', text, meta: null, createdAt: 1 } as Entry;
}

describe('imported tool text in the transcript', () => {
  it("another tool's compaction text is a collapsed summary, not the person's message", () => {
    const text = 'This session is being continued from a previous conversation that ran out of context. The conversation is summarized below: the export streams rows.';
    const { container } = render(<EntryView entry={userEntry(text)} />);
    expect(screen.getByText('Summary of the earlier conversation')).toBeInTheDocument();
    expect(container.querySelector('details')?.open).toBe(false);
    expect(container.querySelector('.entry-user')).toBeNull();
  });

  it('slash-command markup is one collapsed line; the person’s own words stay a message', () => {
    const { container } = render(<EntryView entry={userEntry('<command-name>/mcp</command-name>\n<command-message>mcp</command-message>')} />);
    expect(container.querySelector('details summary')?.textContent).toMatch(/^From the tool: /);
    expect(container.querySelector('.entry-user')).toBeNull();

    const { container: own } = render(<EntryView entry={userEntry('speed up the csv export', 2)} />);
    expect(own.querySelector('.entry-user')?.textContent).toContain('speed up the csv export');
    expect(own.querySelector('details')).toBeNull();
  });
});
