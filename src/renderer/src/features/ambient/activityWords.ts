import type { AmbientCall } from '../../../../shared/ipc/ambient';
import { JUDGED_AS } from '../../../../shared/ambient/prompts/shared';
import { REJECT_REASONS, rejectMessage, type JudgedAs, type RejectReason } from '../../../../shared/judge/reasons';
import { parseReply } from '../../../../shared/judge/reply';

/** What each kind of ambient call asks the model for, as the activity log says it. */
const ASKED: Partial<Record<string, string>> = {
  'title-create': 'Title for a session',
  'title-maintain': 'Check the title still fits',
  'next-prompt': 'Next prompt suggestion',
  narration: 'Narrate a background command',
  'pickup-note': 'Pick-up note',
  preview: 'Preview of an imported session',
  'subagent-name': 'Name for a subagent',
  'batch-name': 'Name for a batch of subagents',
  'running-summary': 'Running summary',
  'commit-message': 'Commit message',
};

const PROVIDERS: Record<string, string> = {
  anthropic: 'Anthropic',
  openai: 'OpenAI-compatible',
  'claude-cli': 'Claude Code CLI',
};

export interface ActivityWords {
  asked: string;
  outcome: 'used' | 'skipped' | 'rejected' | 'failed';
  /** The outcome in a sentence: what was kept, or why not. */
  said: string;
  /** Who answered: the provider in words. */
  by: string;
  /** The model, when a model answered. */
  model: string | null;
  took: string;
  /** A second attempt says why it was made (SPEC §9.3: a rejected or failed answer is tried once more); null for a first. */
  again: string | null;
}

/** The text the model's reply gave (the `ANSWER:` line's text), without the reply protocol around it. */
function answerOf(reply: string | null): string | null {
  if (!reply) return null;
  const parsed = parseReply(reply);
  return parsed.type === 'answer' && parsed.text !== '' ? parsed.text : null;
}

function isRejectReason(reason: string | null): reason is RejectReason {
  return (REJECT_REASONS as readonly string[]).includes(reason ?? '');
}

/** A failure's message without its error code prefix ("timeout: no reply in 20 s" → "no reply in 20 s"). */
function failure(reason: string | null): string {
  if (!reason) return 'the call failed';
  return reason.replace(/^[a-z_]+:\s*/u, '') || reason;
}

function took(call: AmbientCall): string {
  const time = call.latencyMs < 1_000 ? `${call.latencyMs} ms` : `${(call.latencyMs / 1_000).toFixed(1)} s`;
  const tokens = call.tokensIn === null ? null : call.tokensIn + (call.tokensOut ?? 0);
  return tokens === null ? time : `${time} · ${tokens} tokens`;
}

/** One ambient call in words: what was asked, what was kept or why not, by whom, how long. No raw reply text. */
export function describeCall(call: AmbientCall): ActivityWords {
  const asked = ASKED[call.kind] ?? call.kind.replace(/-/gu, ' ');
  // Each kind names itself in its rejections (a commit message's are not worded as a title's).
  const judgedAs: JudgedAs = (JUDGED_AS as Partial<Record<string, JudgedAs>>)[call.kind] ?? 'title';
  const offline = call.provider === 'offline';
  const by = offline ? 'Offline titler (no model)' : (PROVIDERS[call.provider] ?? call.provider);
  const again = call.retryOf === null ? null : `Tried again: the first ${call.retryOf === 'reject' ? 'reply was rejected' : 'call failed'}`;
  const base = { asked, by, model: offline ? null : call.model, took: took(call), again };
  switch (call.verdict) {
    case 'use': {
      const text = answerOf(call.replyExcerpt);
      return { ...base, outcome: 'used', said: text ? `Used “${text}”` : 'Used the reply' };
    }
    case 'skip':
      return { ...base, outcome: 'skipped', said: call.kind === 'title-maintain' ? 'Skipped: the current title still fits' : 'Skipped: the model had nothing to add' };
    case 'reject':
      return { ...base, outcome: 'rejected', said: `Rejected: ${isRejectReason(call.reason) ? rejectMessage(call.reason, judgedAs) : (call.reason ?? 'the reply was not usable')}` };
    case 'error':
      return { ...base, outcome: 'failed', said: `Failed: ${failure(call.reason)}` };
  }
}
