import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { SessionId, SessionStatus } from '../../../shared/domain/session';
import { sendMessage, stopSession } from '../features/composer/actions';
import { dismissPickupNote, dismissSuggestion } from '../features/ambient/actions';
import { useSessions } from '../stores/sessions';
import { setDraft, useUi } from '../stores/ui';

/**
 * The composer: `textbox` "Message" (Enter sends, Shift+Enter is a new line;
 * typing while the agent works steers it), `button` "Send", and `button` "Stop"
 * only while the agent works. A next-prompt suggestion shows as ghost text the
 * textbox is described by: Tab accepts it, typing replaces it, Escape dismisses
 * it. It is never sent by itself.
 */
export function Composer({
  sessionId,
  status,
  focusRequest = 0,
  turnOpen = false,
}: {
  sessionId: SessionId;
  status: SessionStatus;
  focusRequest?: number;
  /** The turn is still running though the status says waiting (an ACP agent waiting on a permission request): Stop ends it. */
  turnOpen?: boolean;
}) {
  const text = useUi((s) => s.drafts[sessionId] ?? '');
  const setText = (value: string) => setDraft(sessionId, value);
  const [sending, setSending] = useState(false);
  const suggestion = useSessions((s) => s.ambient[sessionId]?.suggestion ?? null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const suggestionId = useId();
  const working = status === 'working';
  const showSuggestion = suggestion !== null && text === '';

  // Focus on request (a new session, Enter on a row), not on every pane change.
  useEffect(() => {
    if (focusRequest > 0) inputRef.current?.focus();
  }, [focusRequest]);

  const send = async () => {
    const message = text;
    if (!message.trim() || sending) return;
    setSending(true);
    const accepted = await sendMessage(sessionId, message);
    setSending(false);
    if (accepted) {
      // Clear what was sent, not what was typed meanwhile.
      if ((useUi.getState().drafts[sessionId] ?? '') === message) setText('');
      if (useSessions.getState().ambient[sessionId]?.pickupNote) dismissPickupNote(sessionId);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    } else if (e.key === 'Tab' && showSuggestion && !e.shiftKey) {
      e.preventDefault();
      setText(suggestion);
      dismissSuggestion(sessionId);
    } else if (e.key === 'Escape' && showSuggestion) {
      e.preventDefault();
      dismissSuggestion(sessionId);
    }
  };

  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <div className="composer-box">
        {showSuggestion ? (
          <div className="ghost">
            <span id={suggestionId}>
              <span className="ghost-prefix">Suggestion: </span>
              <span className="ghost-text">{suggestion}</span>
            </span>
            <kbd title="Tab accepts, Escape dismisses">Tab</kbd>
          </div>
        ) : null}
        <textarea
          ref={inputRef}
          aria-label="Message"
          aria-describedby={showSuggestion ? suggestionId : undefined}
          rows={2}
          value={text}
          placeholder={showSuggestion ? '' : working ? 'Steer the agent…' : 'Message…'}
          onChange={(e) => {
            setText(e.target.value);
            if (suggestion !== null && e.target.value !== '') dismissSuggestion(sessionId);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      <div className="composer-actions">
        {working || turnOpen ? (
          <button type="button" className="button" onClick={() => void stopSession(sessionId)}>
            Stop
          </button>
        ) : null}
        <button type="submit" className="button primary" disabled={sending || !text.trim()}>
          Send
        </button>
      </div>
    </form>
  );
}
