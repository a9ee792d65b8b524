import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from '../../src/renderer/src/components/Markdown';

afterEach(() => cleanup());

describe('markdown loads on demand', () => {
  it('shows plain text (never HTML) until the renderer has loaded, then renders markdown', async () => {
    const text = 'All **green** <img src=x onerror="alert(1)">';
    const { container } = render(<Markdown text={text} />);
    // This file's module graph is fresh: the renderer chunk has not loaded yet.
    expect(container.querySelector('.markdown-pending')).toHaveTextContent(text);
    expect(container.querySelector('strong')).toBeNull();
    expect(container.querySelector('img')).toBeNull();

    await waitFor(() => expect(container.querySelector('strong')).toHaveTextContent('green'));
    expect(container.querySelector('.markdown-pending')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
  });
});
