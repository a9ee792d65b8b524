/**
 * The chat backend's request history (SPEC §8, after seed 002): pure, and the only
 * place its rules live.
 *
 * 1. **Consecutive user content joins the open user message.** A message, a steer,
 *    tool results and a summary are doors into the same rule, so none of them can
 *    make two user messages in a row, which providers refuse.
 * 2. **A message already sent is never rewritten.** User content that arrives while
 *    the open user message is on the wire is held; it lands after the next tool
 *    results, or as the next user turn when the reply had no tool uses. The one
 *    exception: after a request that got no reply at all (an empty reply, an error,
 *    a stop), later content extends that user message (blocks are appended, none is
 *    changed) and it is open again: there is no assistant message to answer after.
 * 3. **Tool results come right after their tool uses**: the user message after an
 *    assistant message with tool uses opens with exactly their results, before any
 *    text (text typed meanwhile is held until the results are in).
 * 4. **No empty content**: whitespace-only text is dropped; a reply with nothing in
 *    it pushes no message.
 * 5. **Who spoke is a type.** The user's words go in as they are; anyone else's
 *    (Swarmdesk itself, a summary, another agent) sit inside one envelope whose
 *    body is escaped, so it can neither close the envelope nor pass as the user.
 */

import type { ModelBlock, ModelMessage } from '../../models/types';

export type Speaker = { readonly kind: 'user' } | { readonly kind: 'app' } | { readonly kind: 'agent'; readonly name: string };

export const USER: Speaker = { kind: 'user' };
export const APP: Speaker = { kind: 'app' };

/** The wire shapes are the model layer's; the rules above are chat's. */
export type Block = ModelBlock;
export type Message = ModelMessage;

export type ToolResult = Extract<Block, { type: 'tool_result' }>;

/** The envelope's tag. Its body is escaped, so it cannot contain this tag's closing form. */
export const ENVELOPE_TAG = 'swarmdesk-note';

/** Escapes markup so text inside an envelope (or an attribute) cannot end it. */
export function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** How a speaker's text is written into the history. */
export function renderSpeech(speaker: Speaker, text: string): string {
  switch (speaker.kind) {
    case 'user':
      return text;
    case 'app':
      return `<${ENVELOPE_TAG} from="swarmdesk">${escapeMarkup(text)}</${ENVELOPE_TAG}>`;
    case 'agent':
      return `<${ENVELOPE_TAG} from="agent ${escapeMarkup(speaker.name)}">${escapeMarkup(text)}</${ENVELOPE_TAG}>`;
  }
}

interface MutableMessage {
  role: 'user' | 'assistant';
  content: Block[];
}

export class Conversation {
  private readonly list: MutableMessage[] = [];
  /** How many of `list` the last assembly sent. */
  private sent = 0;
  /** User content that waits: the open message is on the wire, or tool results are due. */
  private held: Block[] = [];

  /** The history as it would be sent now (copies; callers cannot change it). */
  messages(): Message[] {
    return this.list.map((m) => ({ role: m.role, content: [...m.content] }));
  }

  /** Text waiting for the next tool results or the next turn. */
  get holding(): boolean {
    return this.held.length > 0;
  }

  /** Tool uses of the last assistant message that have no results yet. */
  pendingToolUses(): string[] {
    const last = this.list[this.list.length - 1];
    if (!last || last.role !== 'assistant') return [];
    return last.content.filter((b): b is Extract<Block, { type: 'tool_use' }> => b.type === 'tool_use').map((b) => b.id);
  }

  /** Something a speaker said. Whitespace-only text is nothing. */
  pushText(speaker: Speaker, text: string): void {
    if (text.trim() === '') return;
    this.pushUser([{ type: 'text', text: renderSpeech(speaker, text) }]);
  }

  /** The model's reply. Empty text is dropped; a reply left with nothing pushes nothing. */
  pushAssistant(blocks: readonly Block[]): void {
    const content = blocks.filter((b) => (b.type === 'text' ? b.text.trim() !== '' : b.type === 'tool_use'));
    if (content.length === 0) return;
    const last = this.list[this.list.length - 1];
    // A reply answers a user message; one with nothing to answer is not history.
    if (!last || last.role !== 'user') return;
    this.list.push({ role: 'assistant', content });
  }

  /**
   * Results of the last reply's tool uses (one per use, in their order; a missing one
   * is filled as an error so the history stays valid), then whatever was held.
   */
  pushToolResults(results: readonly ToolResult[]): void {
    const due = this.pendingToolUses();
    const ordered: Block[] = due.map((id) => {
      const r = results.find((x) => x.toolUseId === id);
      if (!r) return { type: 'tool_result', toolUseId: id, content: 'No result came back for this tool use.', isError: true };
      const content = r.content.trim() !== '' ? r.content : r.isError ? 'The tool failed without output.' : 'The tool returned no output.';
      return { type: 'tool_result', toolUseId: id, content, isError: r.isError };
    });
    this.land(ordered);
  }

  /**
   * The turn ended without tool results: held text becomes the next user content.
   * Returns whether the history now ends in unsent user content (another request is due).
   */
  releaseHeld(): boolean {
    if (this.pendingToolUses().length > 0) return false;
    this.land([]);
    return this.canRequest();
  }

  /**
   * The last request got no reply (empty, failed, stopped): the user message it sent is
   * open again, and held text joins it (appended; nothing in it changes). Returns
   * whether anything new landed, i.e. whether asking again could get another answer.
   */
  noReply(): boolean {
    const last = this.list[this.list.length - 1];
    if (!last || last.role !== 'user') return false;
    const landed = this.held.length > 0;
    this.land([]);
    this.sent = Math.min(this.sent, this.list.length - 1);
    return landed;
  }

  /** Whether the history ends in user content the model has not seen. */
  canRequest(): boolean {
    const last = this.list[this.list.length - 1];
    return last !== undefined && last.role === 'user' && this.list.length > this.sent;
  }

  /** Everything now in the history goes on the wire: later user content joins none of it. */
  assemble(): Message[] {
    this.sent = this.list.length;
    return this.messages();
  }

  /**
   * Replaces the history with a summary (spoken by Swarmdesk) followed by the open
   * user message's blocks. Only at a turn's start: the open message must hold no
   * tool results (their uses would be gone).
   */
  compact(summary: string): boolean {
    const last = this.list[this.list.length - 1];
    if (!last || !this.canRequest() || summary.trim() === '') return false;
    const open = last.content;
    if (open.some((b) => b.type === 'tool_result')) return false;
    const content: Block[] = [{ type: 'text', text: renderSpeech(APP, summary) }, ...open, ...this.held];
    this.list.splice(0, this.list.length, { role: 'user', content });
    this.sent = 0;
    this.held = [];
    return true;
  }

  private pushUser(blocks: Block[]): void {
    const last = this.list[this.list.length - 1];
    if (this.pendingToolUses().length > 0) {
      // Results must open the next user message: text waits behind them.
      this.held.push(...blocks);
      return;
    }
    if (last && last.role === 'user') {
      if (this.list.length > this.sent) last.content.push(...blocks);
      else this.held.push(...blocks);
      return;
    }
    this.list.push({ role: 'user', content: blocks });
  }

  /** Results and held text: they join the last user message (reopened) or open the next one. */
  private land(results: Block[]): void {
    const blocks = [...results, ...this.held];
    this.held = [];
    if (blocks.length === 0) return;
    const last = this.list[this.list.length - 1];
    if (last && last.role === 'user') {
      // No reply came for it: extend (never change) it, and it is open again.
      last.content.push(...blocks);
      this.sent = Math.min(this.sent, this.list.length - 1);
      return;
    }
    this.list.push({ role: 'user', content: blocks });
  }
}

/**
 * Why a provider would refuse `messages`, or null when it is a valid request history:
 * starts with the user, roles alternate, no empty message or blank text, every tool
 * use answered by a result at the start of the very next message, no stray result.
 */
export function historyProblem(messages: readonly Message[]): string | null {
  if (messages.length === 0) return 'empty history';
  if (messages[0]?.role !== 'user') return 'the first message is not the user\'s';
  let due: string[] = [];
  for (let i = 0; i < messages.length; i += 1) {
    const m = messages[i] as Message;
    if (i > 0 && messages[i - 1]?.role === m.role) return `two ${m.role} messages in a row at ${i}`;
    if (m.content.length === 0) return `message ${i} is empty`;
    for (const b of m.content) {
      if (b.type === 'text' && b.text.trim() === '') return `message ${i} has blank text`;
      if (b.type === 'tool_result' && b.content.trim() === '') return `message ${i} has an empty tool result`;
      if (m.role === 'assistant' && b.type === 'tool_result') return `message ${i}: a tool result from the assistant`;
      if (m.role === 'user' && b.type === 'tool_use') return `message ${i}: a tool use from the user`;
    }
    if (m.role === 'user') {
      const results = m.content.filter((b) => b.type === 'tool_result').map((b) => (b.type === 'tool_result' ? b.toolUseId : ''));
      const leading = m.content.slice(0, results.length).every((b) => b.type === 'tool_result');
      if (!leading) return `message ${i}: text before tool results`;
      if (results.length !== due.length || results.some((id, k) => id !== due[k])) return `message ${i}: results do not match the tool uses before it`;
      due = [];
    } else {
      due = m.content.filter((b) => b.type === 'tool_use').map((b) => (b.type === 'tool_use' ? b.id : ''));
    }
  }
  if (due.length > 0) return 'the last tool uses have no results';
  if (messages[messages.length - 1]?.role !== 'user') return 'the history does not end with the user';
  return null;
}
