import { memo, useEffect, useSyncExternalStore } from 'react';
import { createRendererLogger } from '../log';
import type { MarkdownRenderer } from './MarkdownRenderer';

const log = createRendererLogger('markdown');

/**
 * react-markdown and its parser are a large part of the bundle and the swarm's
 * first paint needs none of it: it loads as its own chunk, after the list has
 * painted (`preloadMarkdown` from boot) or when a transcript first needs it.
 * Until then the text shows as plain text (React escapes it; never HTML).
 */
let renderer: typeof MarkdownRenderer | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

export function preloadMarkdown(): Promise<void> {
  loading ??= import('./MarkdownRenderer').then(
    (module) => {
      renderer = module.MarkdownRenderer;
      for (const listener of [...listeners]) listener();
    },
    (err: unknown) => {
      loading = null; // a later transcript tries again
      log.error('the markdown renderer did not load', { err: String(err) });
    },
  );
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const currentRenderer = () => renderer;

/** Markdown for model and tool output (see `MarkdownRenderer`: raw HTML is never rendered). */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const Renderer = useSyncExternalStore(subscribe, currentRenderer);
  useEffect(() => {
    if (!Renderer) void preloadMarkdown();
  }, [Renderer]);
  return <div className="markdown">{Renderer ? <Renderer text={text} /> : <p className="markdown-pending">{text}</p>}</div>;
});
