/**
 * The path after the model (SPEC §9.1): reply format, sanitising, the judge, plus the few
 * checks a kind adds on top (a pick-up note's closing question, a name distinct from its
 * siblings'). Pure; the eval script runs recorded replies through exactly this.
 */
import { clipSubject } from '../../../shared/ambient/prompts/commitMessage';
import { JUDGE_KIND, JUDGED_AS, type PromptKind } from '../../../shared/ambient/prompts/shared';
import { foreignScript } from '../../../shared/ambient/script';
import { acceptLine, judgeReply, parseReply, rejectMessage, sanitizeAnswer, type Verdict } from '../../../shared/judge';
import { matchForm } from '../../../shared/judge/text';

/** The running summary is a few sentences of notes: longer than a preview, still one line. */
export const SUMMARY_LIMITS = { maxWords: 140, maxChars: 1_000 } as const;

export const PICKUP_CLOSING = 'How can I help?';

export type AmbientVerdict = { verdict: 'use'; text: string } | { verdict: 'skip' } | { verdict: 'reject'; reason: string; message: string };

export interface JudgeContext {
  readonly wordTarget?: number;
  /** Names the siblings already carry (subagent and batch names must differ). */
  readonly takenNames?: readonly string[];
  /** The material the model read: a reply in a script the material never uses is rejected. */
  readonly material?: string;
}

function otherScript(text: string, kind: PromptKind, ctx: JudgeContext): AmbientVerdict | null {
  if (ctx.material === undefined) return null;
  // The note's closing question is fixed English by design, whatever the session's language.
  const body = kind === 'pickup-note' ? text.slice(0, -PICKUP_CLOSING.length) : text;
  const script = foreignScript(body, ctx.material);
  return script ? { verdict: 'reject', reason: 'other-script', message: `The reply is written in ${script} script, which the session does not use.` } : null;
}

function fromVerdict(v: Verdict): AmbientVerdict {
  return v.verdict === 'reject' ? { verdict: 'reject', reason: v.reason, message: v.message } : v;
}

export function judgeAmbientReply(raw: string, kind: PromptKind, ctx: JudgeContext = {}): AmbientVerdict {
  if (kind === 'running-summary') {
    const parsed = parseReply(raw);
    if (parsed.type === 'skip') return { verdict: 'skip' };
    if (parsed.type === 'invalid') return { verdict: 'reject', reason: parsed.reason, message: 'The reply was not “ANSWER: …” or “SKIP”.' };
    const clean = sanitizeAnswer(parsed.text, 'preview');
    if (!clean.ok) return { verdict: 'reject', reason: clean.reason, message: 'A summary has to be one line of text.' };
    const judged = acceptLine(clean.text, SUMMARY_LIMITS, 'preview');
    if (!judged.ok) return { verdict: 'reject', reason: judged.reason, message: rejectMessage(judged.reason, 'summary', SUMMARY_LIMITS) };
    return otherScript(judged.text, kind, ctx) ?? { verdict: 'use', text: judged.text };
  }
  const verdict = fromVerdict(judgeReply(raw, JUDGE_KIND[kind], { as: JUDGED_AS[kind], ...(ctx.wordTarget !== undefined ? { wordTarget: ctx.wordTarget } : {}) }));
  if (verdict.verdict !== 'use') return verdict;
  if (kind === 'pickup-note' && !verdict.text.endsWith(PICKUP_CLOSING)) {
    return { verdict: 'reject', reason: 'no-closing-question', message: `A pick-up note ends with exactly “${PICKUP_CLOSING}”.` };
  }
  if ((kind === 'subagent-name' || kind === 'batch-name') && ctx.takenNames?.some((n) => matchForm(n) === matchForm(verdict.text))) {
    return { verdict: 'reject', reason: 'duplicate', message: 'A name has to differ from its siblings’ names.' };
  }
  if (kind === 'commit-message') {
    return otherScript(verdict.text, kind, ctx) ?? { verdict: 'use', text: clipSubject(verdict.text) };
  }
  return otherScript(verdict.text, kind, ctx) ?? verdict;
}
