/**
 * Why the judge turned a text away, and the short sentence a person reads about it (the
 * ambient log shows the reason; the rename field shows the message inline).
 */
import type { AmbientKind, Limits } from './limits';

export type RejectReason =
  | 'empty'
  | 'multiline'
  | 'control'
  | 'too-long'
  | 'too-many-words'
  | 'no-letter'
  | 'absence'
  | 'refusal'
  | 'question'
  | 'risky'
  | 'format'
  | 'error-text'
  | 'default-name';

export const REJECT_REASONS: readonly RejectReason[] = [
  'empty',
  'multiline',
  'control',
  'too-long',
  'too-many-words',
  'no-letter',
  'absence',
  'refusal',
  'question',
  'risky',
  'format',
  'error-text',
  'default-name',
];

/** The judge's answer about one line: the text to keep, or why not. */
export type Judged = { ok: true; text: string } | { ok: false; reason: RejectReason; message: string };

/**
 * What a judged text is, as its rejections name it: an ambient kind, or a text judged by another kind's rules
 * (a commit subject by a title's, a running summary by a preview's) that still names itself.
 */
export type JudgedAs = AmbientKind | 'commitMessage' | 'summary';

const NOUNS: Readonly<Record<JudgedAs, string>> = {
  title: 'A title',
  name: 'A name',
  preview: 'A preview',
  narration: 'A narration',
  note: 'A pick-up note',
  nextPrompt: 'A suggestion',
  commitMessage: 'A commit message',
  summary: 'A summary',
};

/** A short human sentence for `reason`, worded for the kind of text judged. */
export function rejectMessage(reason: RejectReason, as: JudgedAs, limits?: Limits): string {
  const noun = NOUNS[as];
  switch (reason) {
    case 'empty':
      return `${noun} can't be empty.`;
    case 'multiline':
      return `${noun} has to fit on one line.`;
    case 'control':
      return `${noun} can't hold control characters or terminal escape sequences.`;
    case 'too-long':
      return limits ? `${noun} can be at most ${limits.maxChars} characters.` : `${noun} is too long.`;
    case 'too-many-words':
      return limits ? `${noun} can be at most ${limits.maxWords} words.` : `${noun} has too many words.`;
    case 'no-letter':
      return `${noun} needs at least one letter.`;
    case 'absence':
      return `${noun} can't be a placeholder like “Untitled”.`;
    case 'refusal':
      return `${noun} can't read like an assistant talking (an apology, a refusal or an offer).`;
    case 'question':
      return `${noun} can't be a question.`;
    case 'risky':
      return `${noun} can't propose deleting data, force-pushing or touching secrets.`;
    case 'format':
      return `${noun} can't be markup, a tool's note or a reply template.`;
    case 'error-text':
      return `${noun} can't be an error message.`;
    case 'default-name':
      return `${noun} can't be a default name like “New chat” or “Session 3”.`;
  }
}

export function rejected(reason: RejectReason, kind: AmbientKind, limits?: Limits): Judged {
  return { ok: false, reason, message: rejectMessage(reason, kind, limits) };
}
