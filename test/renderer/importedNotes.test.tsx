import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Entry } from '../../src/shared/domain/session';
import { EntryView } from '../../src/renderer/src/components/EntryView';

const entry = (kind: Entry['kind'], text: string, meta: Entry['meta']): Entry => ({ sessionId: 's1', seq: 1, kind, text, meta, createdAt: 1 }) as Entry;

describe('imported history notes are one line until opened', () => {
  it('a rewound note is a collapsed button; opening it explains, the abandoned attempt never shows', () => {
    render(<EntryView entry={entry('note', 'Rewound: 2 messages not kept', { rewound: 2 })} />);
    const toggle = screen.getByRole('button', { name: /Rewound: 2 messages not kept/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/abandoned attempt/)).toBeNull();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/abandoned attempt is not shown/)).toBeInTheDocument();
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
