import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Entry } from '../../src/shared/domain/session';
import { EntryView } from '../../src/renderer/src/components/EntryView';

const entry = (kind: Entry['kind'], text: string, meta: Entry['meta']): Entry => ({ sessionId: 's1', seq: 1, kind, text, meta, createdAt: 1 }) as Entry;

describe('imported history notes are one line until opened', () => {
  it('a rewound note is a collapsed button; opening it explains', () => {
    render(<EntryView entry={entry('note', 'Rewound: 2 messages not kept', { rewound: 2 })} />);
    const toggle = screen.getByRole('button', { name: /Rewound: 2 messages not kept/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/abandoned attempt/)).toBeNull();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/the abandoned attempt follows/)).toBeInTheDocument();
  });

  it("a message of the abandoned attempt is one line marked Rewound, never shown as the conversation's; opened, it is the message as ever", () => {
    const { container } = render(<EntryView entry={entry('user', 'rewrite the whole client in rust', { rewoundBranch: true })} />);
    const toggle = screen.getByRole('button', { name: 'Rewound · you: rewrite the whole client in rust' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(container.querySelector('.entry-user')).toBeNull();
    fireEvent.click(toggle);
    expect(container.querySelector('.entry-rewound-branch .entry-user')?.textContent).toContain('rewrite the whole client in rust');
    // Its other meta stays the entry's (an assistant's model, a context's label).
    const agent = render(<EntryView entry={entry('context', '<system-reminder>\nx\n</system-reminder>', { rewoundBranch: true, label: 'System reminder' })} />);
    fireEvent.click(agent.getByRole('button', { name: /^Rewound · context/ }));
    expect(agent.getByRole('button', { name: /Context: System reminder/ })).toBeInTheDocument();
    cleanup();
  });

  it('injected context is one line named by what it is; its text (tags and all) only when opened, never as "you"', () => {
    const { container } = render(<EntryView entry={entry('context', '<system-reminder>\nRemember the zanzibar checklist.\n</system-reminder>', { label: 'System reminder' })} />);
    const toggle = screen.getByRole('button', { name: /Context: System reminder/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/zanzibar/)).toBeNull();
    expect(container.querySelector('.entry-user')).toBeNull();
    fireEvent.click(toggle);
    expect(screen.getByText(/zanzibar/)).toBeInTheDocument();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('an ordinary note stays plain text', () => {
    const { container } = render(<EntryView entry={entry('note', 'Continues the Claude Code session abc imported from its transcript.', null)} />);
    expect(container.querySelector('button')).toBeNull();
    expect(container.textContent).toBe('Continues the Claude Code session abc imported from its transcript.');
  });
});
