import { toggleGroup } from '../features/sidebar/layout';
import type { GroupHeader } from '../stores/sessionView';

/**
 * A group's heading in the swarm list: "Pinned", a project (with its count, foldable), or
 * "Archived". A foldable one is a button saying what it does and how many sessions it holds.
 */
export function GroupHeading({ header, top, height }: { header: GroupHeader; top: number; height: number }) {
  const style = { transform: `translateY(${top}px)`, height };
  const count = header.count === null ? null : <span className="group-count">{header.count}</span>;
  if (!header.collapsible) {
    return (
      <div className="group-header" aria-hidden="true" style={style} data-group={header.group}>
        <span className="group-name">{header.text}</span>
        {count}
      </div>
    );
  }
  const sessions = header.count === null ? '' : `, ${header.count} ${header.count === 1 ? 'session' : 'sessions'}`;
  return (
    <div className="group-header" style={style} data-group={header.group}>
      <button
        type="button"
        className="group-toggle"
        aria-expanded={!header.collapsed}
        aria-label={`${header.text}${sessions}`}
        title={header.detail ?? undefined}
        onClick={() => toggleGroup(header.group)}
      >
        <span className="group-chevron" aria-hidden="true">
          {header.collapsed ? '▸' : '▾'}
        </span>
        <span className="group-name">{header.text}</span>
        {/* A space between the name and the count: the visible text ("docs 1") is then part of the name ("docs, 1 session"; WCAG 2.5.3). */}{' '}
        {count}
      </button>
    </div>
  );
}
