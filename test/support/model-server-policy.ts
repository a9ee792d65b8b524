/**
 * The stand-in model server's default scripted behaviour, for e2e runs and manual use:
 * ambient requests (material in tagged blocks, ANSWER/SKIP format) get a plausible
 * ANSWER built from the material; anything else (an agent turn) gets a short echo.
 * A replies file can put rules in front: the first rule whose `match` occurs in the
 * request's last user text (or system prompt) answers.
 */
import { readFileSync } from 'node:fs';
import type { RecordedRequest, ReplyPolicy, Scripted } from './model-server';

export interface ReplyRule {
  /** A substring of the last user text or the system prompt. Empty matches everything. */
  readonly match: string;
  /** Optional model name substring the request must carry. */
  readonly model?: string;
  readonly reply: Scripted;
  /** How many times the rule answers before it is spent (default: always). */
  readonly times?: number;
}

/** The content of the first `<tag>…</tag>` block named in `tags`, trimmed. */
export function taggedBlock(text: string, tags: readonly string[]): string | null {
  for (const tag of tags) {
    const open = text.indexOf(`<${tag}>`);
    if (open < 0) continue;
    const start = open + tag.length + 2;
    const close = text.indexOf(`</${tag}>`, start);
    return text.slice(start, close < 0 ? undefined : close).trim();
  }
  return null;
}

function firstLine(text: string): string {
  return (text.split('\n').find((l) => l.trim() !== '' && !l.startsWith('[assistant]')) ?? '').replace(/^\[user\]\s*/, '').trim();
}

function words(text: string, n: number): string {
  return text
    .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, n)
    .join(' ');
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What the default policy answers for an ambient-shaped request, or null for other requests. */
export function ambientAnswer(req: RecordedRequest): string | null {
  const text = req.lastUserText;
  if (!/\bANSWER:/.test(text) || !/\bSKIP\b/.test(text)) return null;
  const record = taggedBlock(text, ['conversation_record']);
  if (record !== null) {
    const topic = words(firstLine(record.split('\n').reverse().join('\n')), 8) || 'the work';
    return `ANSWER: I picked up where we left off. We were last working on ${topic.toLowerCase()}. How can I help?`;
  }
  const command = taggedBlock(text, ['command']);
  if (command !== null) return `ANSWER: I started ${words(command, 6)} in the background.`;
  const task = taggedBlock(text, ['task']);
  if (task !== null) return `ANSWER: ${capitalise(words(task, 5))}`;
  const activity = taggedBlock(text, ['user_message', 'recent_activity', 'session_excerpt']);
  if (activity === null) return 'SKIP';
  if (/predict|next instruction|type next/i.test(text.slice(0, text.indexOf('<')))) {
    return `ANSWER: Add a test for ${words(firstLine(activity), 6).toLowerCase()}`;
  }
  if (taggedBlock(text, ['current_title']) !== null) return 'SKIP';
  const title = words(firstLine(activity), 6);
  return title ? `ANSWER: ${capitalise(title)}` : 'SKIP';
}

/** The default policy: ambient answers, else a short echo of the user's words. */
export const defaultPolicy: ReplyPolicy = (req) => {
  const ambient = ambientAnswer(req);
  if (ambient !== null) return { text: ambient };
  const said = words(req.lastUserText.split('\n').filter((l) => !l.startsWith('<')).join(' '), 12);
  return { text: `Done. I looked into: ${said || 'your request'}.` };
};

/** A policy that tries `rules` first, then `fallback`. */
export function rulesPolicy(rules: readonly ReplyRule[], fallback: ReplyPolicy = defaultPolicy): ReplyPolicy {
  const used = new Map<ReplyRule, number>();
  return (req) => {
    for (const rule of rules) {
      const count = used.get(rule) ?? 0;
      if (rule.times !== undefined && count >= rule.times) continue;
      if (rule.model && !req.model.includes(rule.model)) continue;
      if (rule.match && !req.lastUserText.includes(rule.match) && !req.system.includes(rule.match)) continue;
      used.set(rule, count + 1);
      return rule.reply;
    }
    return fallback(req);
  };
}

/** Reads a replies file: a JSON array of rules. */
export function loadRules(path: string): ReplyRule[] {
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (!Array.isArray(parsed)) throw new Error(`${path}: expected a JSON array of {match, reply} rules`);
  return parsed.map((r: unknown, i) => {
    if (!r || typeof r !== 'object' || typeof (r as ReplyRule).match !== 'string' || typeof (r as ReplyRule).reply !== 'object') {
      throw new Error(`${path}: rule ${i} needs "match" (string) and "reply" (object)`);
    }
    return r as ReplyRule;
  });
}
