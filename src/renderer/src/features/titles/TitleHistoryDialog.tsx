import { useId } from 'react';
import type { TitleHistoryItem, TitleSource } from '../../../../shared/domain/session';
import { relativeTime } from '../../../../shared/time';
import { Modal } from '../../components/Modal';
import { useNow } from '../../label/now';
import { useSessions } from '../../stores/sessions';
import { applyEarlierTitle, closeTitleHistory } from './actions';
import { useTitleSteer } from './store';

const SOURCE_WORDS: Record<TitleSource, string> = {
  auto: 'Swarmdesk',
  recovered: 'Swarmdesk, later',
  agent: 'the agent',
  user: 'you',
  imported: 'imported',
};

/** Who made a title, with which model, and when: "Swarmdesk · claude-haiku-4-5 · 3 min ago". */
function facts(item: TitleHistoryItem, now: number): string {
  return [SOURCE_WORDS[item.source], item.model, relativeTime(item.at, now)].filter((p) => p).join(' · ');
}

/** Back to the session's menu button (the pane's, else the row's), where the dialog was opened from. */
function focusMenuButton(id: string): void {
  const selector = `[data-pane-menu-trigger="${CSS.escape(id)}"], [data-menu-trigger="${CSS.escape(id)}"]`;
  document.querySelector<HTMLElement>(selector)?.focus();
}

/**
 * "Title history" (SPEC §7.1): every title the session has had, newest first, with its source,
 * model and time; each earlier one has "Use this title", which makes it the user's own, pinned.
 * Cleared or unusable entries are not offered (the judge reads stored titles too).
 */
export function TitleHistoryDialog() {
  const history = useTitleSteer((s) => s.history);
  const current = useSessions((s) => (history ? (s.byId[history.sessionId]?.title ?? null) : null));
  const now = useNow();
  const listId = useId();
  if (!history) return null;
  const id = history.sessionId;
  const close = () => {
    focusMenuButton(id);
    closeTitleHistory();
  };
  const use = async (value: string) => {
    if (await applyEarlierTitle(id, value)) focusMenuButton(id);
  };
  const items = (history.items ?? []).filter((i): i is TitleHistoryItem & { value: string } => i.value !== null).reverse();
  return (
    <Modal title="Title history" onClose={close}>
      {history.error ? <p role="alert">{history.error}</p> : null}
      {history.items === null ? <p className="modal-text">Loading…</p> : null}
      {history.items !== null && items.length === 0 && !history.error ? <p className="modal-text">This session has had no title yet.</p> : null}
      {items.length > 0 ? (
        <ul className="title-history" aria-label="Titles">
          {items.map((item, i) => {
            const textId = `${listId}-${i}`;
            const isCurrent = i === 0 && item.value === current;
            return (
              <li key={`${item.at}-${i}`} className="title-history-item">
                <div className="title-history-text">
                  <span id={textId}>{item.value}</span>
                  <span className="title-history-facts">{isCurrent ? `${facts(item, now)} · current` : facts(item, now)}</span>
                </div>
                {isCurrent ? null : (
                  <button type="button" className="button" aria-describedby={textId} onClick={() => void use(item.value)}>
                    Use this title
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="form-actions">
        <button type="button" className="button" onClick={close}>
          Close
        </button>
      </div>
    </Modal>
  );
}
