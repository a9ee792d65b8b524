import type { MouseEvent } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import { openExternal } from '../features/transcript/actions';

/** Links open outside the app, never in it. */
function openLink(e: MouseEvent<HTMLAnchorElement>, href: string | undefined): void {
  e.preventDefault();
  if (href) openExternal(href);
}

const components: Components = {
  a: ({ href, children }) => (
    <a href={href} rel="noopener noreferrer" onClick={(e) => openLink(e, href)}>
      {children}
    </a>
  ),
  // Model output never loads images (no tracking pixels, no exfiltration by URL): show what it was.
  img: ({ alt, src }) => <span className="md-image">[image{alt ? `: ${alt}` : ''}{src ? ` (${src})` : ''}]</span>,
};

/**
 * Markdown for model and tool output. Raw HTML is never rendered: react-markdown
 * without rehype-raw turns any HTML in the text into plain text, and unsafe
 * URLs are dropped by its default URL transform. Loaded on demand by `Markdown`
 * (its own chunk: the swarm's first paint does not parse it).
 */
export function MarkdownRenderer({ text }: { text: string }) {
  return (
    <ReactMarkdown components={components} skipHtml={false}>
      {text}
    </ReactMarkdown>
  );
}
