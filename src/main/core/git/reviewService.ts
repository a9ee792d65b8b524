import { createHash, randomUUID } from 'node:crypto';
import { REVIEW_BODY_MAX_BYTES, REVIEW_QUOTE_MAX_LINES, type ReviewComment, type ReviewSide } from '../../../shared/domain/review';
import type { Entry } from '../../../shared/domain/session';
import type { FileDiff } from '../../../shared/ipc/git';
import { AppError } from '../../../shared/result';
import type { CoreEvents } from '../events';
import type { Clock } from '../services/clock';
import type { SessionsService } from '../services/sessions';
import type { Store } from '../store';
import type { ChangesService } from './changesService';
import { readWorktreeRecord } from './record';
import { GitRepo } from './repo';
import { reviewMessage } from './reviewMessage';

/** What the review needs of a terminal: whether its program took bracketed paste, and a way to paste. */
export interface ReviewTerminalPort {
  bracketedPasteOn(sessionId: string): boolean;
  pasteBracketed(sessionId: string, text: string): Promise<void>;
}

export interface ReviewServiceDeps {
  readonly store: Pick<Store, 'reviewComments' | 'transaction' | 'sessionOptions' | 'settings'>;
  readonly sessions: Pick<SessionsService, 'get' | 'send'>;
  readonly changes: Pick<ChangesService, 'diff' | 'diffs'>;
  readonly terminals: ReviewTerminalPort;
  readonly clock: Clock;
  /** Where `review:changed` is pushed: every client refreshes that session's comments. */
  readonly events: Pick<CoreEvents, 'emit'>;
}

export interface NewReviewComment {
  readonly path: string;
  readonly side: ReviewSide;
  readonly startLine?: number | undefined;
  readonly endLine?: number | undefined;
  readonly body: string;
}

export interface SentReview {
  readonly comments: ReviewComment[];
  /** The user entry the agent got (null for a terminal: the pasted lines are its record). */
  readonly entry: Entry | null;
  readonly message: string;
}

/** A terminal without bracketed paste: why a review is not typed into it (the UI offers Copy review). */
export const NO_BRACKETED_PASTE =
  'The program in this terminal has not turned on bracketed paste, so the review would arrive as separate typed lines. Copy the review and paste it yourself instead.';

/** A file's text as lines (a final newline ends the last line, it does not start another). */
function linesOf(content: string): string[] {
  const lines = content.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function sideText(diff: FileDiff, side: ReviewSide): string | null {
  return side === 'old' ? diff.oldContent : side === 'new' ? diff.newContent : null;
}

/** A path the diff lists is relative and stays inside the session's tree; anything else is refused by name. */
function checkPath(path: string): void {
  const parts = path.split(/[\\/]/);
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path) || parts.includes('..') || path.includes('\0')) {
    throw new AppError('BAD_INPUT', `${path} is outside the session's folder; comment on one of its changed files.`);
  }
}

/**
 * Comments on a session's diff (issue 35): kept as its review draft (migration 016), sent to its agent
 * in one message, then marked sent; a sent comment whose quoted lines no longer read the same is outdated.
 */
export class ReviewService {
  constructor(private readonly deps: ReviewServiceDeps) {}

  /** A draft comment on `path` (one of the session's changed files), its lines quoted from that side. */
  async add(sessionId: string, input: NewReviewComment): Promise<ReviewComment> {
    const body = input.body.trim();
    if (body === '') throw new AppError('BAD_INPUT', 'A comment needs some text.');
    const bytes = Buffer.byteLength(input.body, 'utf8');
    if (bytes >= REVIEW_BODY_MAX_BYTES) throw new AppError('BAD_INPUT', `A comment must be under 100 KB; this one is ${String(Math.ceil(bytes / 1024))} KB.`);
    checkPath(input.path);
    this.live(sessionId);
    const diff = await this.diffOf(sessionId, input.path);
    if (!diff) throw new AppError('BAD_INPUT', `${input.path} is not among this session's changed files.`);
    let startLine: number | null = null;
    let endLine: number | null = null;
    let quote = '';
    let content: string | null = null;
    if (input.side !== 'file') {
      content = sideText(diff, input.side);
      if (content === null) throw new AppError('BAD_INPUT', `${input.path} has no text on that side to comment on by line; comment on the whole file.`);
      const lines = linesOf(content);
      startLine = input.startLine ?? 0;
      endLine = input.endLine ?? startLine;
      if (!Number.isInteger(startLine) || startLine < 1 || endLine < startLine || endLine > lines.length) {
        throw new AppError('BAD_INPUT', `Lines ${String(startLine)}-${String(endLine)} are not in ${input.path} (it has ${String(lines.length)} lines on that side).`);
      }
      quote = quoteAt(content, startLine, endLine) ?? '';
    } else {
      content = diff.newContent ?? diff.oldContent;
    }
    const record = readWorktreeRecord(this.deps.store, sessionId);
    const headSha = record ? await new GitRepo(record.path).commitOf('HEAD').catch(() => null) : null;
    // Checked again after the awaits: a session deleted or archived meanwhile gets nothing.
    this.live(sessionId);
    const stored = this.deps.store.reviewComments.add({
      id: randomUUID(),
      sessionId,
      path: input.path,
      side: input.side,
      startLine,
      endLine,
      quote,
      headSha,
      contentHash: content === null ? null : createHash('sha256').update(content).digest('hex'),
      body: input.body,
      at: this.deps.clock.now(),
    });
    if (!stored) throw new AppError('NOT_FOUND', 'That session does not exist (it may have been deleted).');
    this.changed(sessionId);
    return stored;
  }

  /** Every comment of the session, oldest first; sent ones whose quoted lines changed are outdated first. */
  async list(sessionId: string): Promise<ReviewComment[]> {
    this.deps.sessions.get(sessionId);
    await this.checkOutdated(sessionId);
    return this.deps.store.reviewComments.list(sessionId);
  }

  /**
   * Sent comments on lines that no longer read as quoted (or no longer exist) become outdated, at most
   * `maxFiles` files read (the rest wait for the next check); pushed when any did. How many became outdated.
   */
  async checkOutdated(sessionId: string, maxFiles = Number.POSITIVE_INFINITY): Promise<number> {
    const outdated = await this.markOutdated(sessionId, maxFiles);
    if (outdated > 0) this.changed(sessionId);
    return outdated;
  }

  edit(sessionId: string, id: string, body: string): ReviewComment {
    if (body.trim() === '') throw new AppError('BAD_INPUT', 'A comment needs some text.');
    if (Buffer.byteLength(body, 'utf8') >= REVIEW_BODY_MAX_BYTES) throw new AppError('BAD_INPUT', 'A comment must be under 100 KB.');
    this.own(sessionId, id);
    if (!this.deps.store.reviewComments.editDraft(id, body, this.deps.clock.now())) throw new AppError('CONFLICT', 'Only a draft comment can be edited; this one was sent.');
    this.changed(sessionId);
    return this.own(sessionId, id);
  }

  remove(sessionId: string, id: string): void {
    this.own(sessionId, id);
    if (!this.deps.store.reviewComments.removeDraft(id)) throw new AppError('CONFLICT', 'Only a draft comment can be deleted; resolve a sent one.');
    this.changed(sessionId);
  }

  /** A sent or outdated comment the user is done with. */
  resolve(sessionId: string, id: string): ReviewComment {
    const c = this.own(sessionId, id);
    const at = this.deps.clock.now();
    if (c.state === 'draft' || !this.deps.store.reviewComments.setState(id, c.state, 'resolved', at)) {
      throw new AppError('CONFLICT', c.state === 'draft' ? 'A draft is not sent yet: delete it instead.' : 'This comment is already resolved.');
    }
    this.changed(sessionId);
    return this.own(sessionId, id);
  }

  /** The message "Send review to agent" would send now (Copy review), or why there is none. */
  text(sessionId: string): string {
    return reviewMessage(this.drafts(sessionId));
  }

  /**
   * Every draft in one message to the session's agent, as the composer sends (it joins the open user
   * message or waits for the turn to end); a terminal gets one bracketed paste and Enter, or a refusal
   * saying why. The drafts become sent only once the agent (or the terminal) took the message.
   */
  async send(sessionId: string): Promise<SentReview> {
    const row = this.live(sessionId);
    const drafts = this.drafts(sessionId);
    const message = reviewMessage(drafts);
    let entry: Entry | null = null;
    if (row.kind === 'imported') throw new AppError('BAD_INPUT', 'This session has no agent to send a review to; copy the review instead.');
    if (row.kind === 'terminal') {
      if (!this.deps.terminals.bracketedPasteOn(sessionId)) throw new AppError('CONFLICT', NO_BRACKETED_PASTE);
      await this.deps.terminals.pasteBracketed(sessionId, message);
    } else {
      entry = await this.deps.sessions.send(sessionId, message);
    }
    this.deps.store.transaction(() => this.deps.store.reviewComments.markSent(drafts.map((d) => d.id), this.deps.clock.now()));
    this.changed(sessionId);
    return { comments: this.deps.store.reviewComments.list(sessionId), entry, message };
  }

  /** Tells every client (and, through the federation, every front of a remote host) to read the session's comments again. */
  private changed(sessionId: string): void {
    this.deps.events.emit('review:changed', { sessionId });
  }

  private drafts(sessionId: string): ReviewComment[] {
    this.deps.sessions.get(sessionId);
    const drafts = this.deps.store.reviewComments.list(sessionId).filter((c) => c.state === 'draft');
    if (drafts.length === 0) throw new AppError('BAD_INPUT', 'The review has no draft comments to send.');
    return drafts;
  }

  private live(sessionId: string) {
    const row = this.deps.sessions.get(sessionId);
    if (row.archived) throw new AppError('BAD_INPUT', 'This session has ended (it is archived); restore it to review its changes.');
    return row;
  }

  private own(sessionId: string, id: string): ReviewComment {
    const c = this.deps.store.reviewComments.get(id);
    if (!c || c.sessionId !== sessionId) throw new AppError('NOT_FOUND', 'That comment does not exist (it may have been deleted).');
    return c;
  }

  private async diffOf(sessionId: string, path: string): Promise<FileDiff | null> {
    try {
      return await this.deps.changes.diff(sessionId, path);
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
      throw err;
    }
  }

  private async markOutdated(sessionId: string, maxFiles: number): Promise<number> {
    const sent = this.deps.store.reviewComments.list(sessionId).filter((c) => c.state === 'sent' && c.side !== 'file');
    if (sent.length === 0) return 0;
    const paths = [...new Set(sent.map((c) => c.path))].slice(0, maxFiles);
    // Each file's diff now: null when it is no longer among the changes; absent when git failed (left as it was).
    const diffs = await this.deps.changes.diffs(sessionId, paths).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'NOT_FOUND') return new Map<string, FileDiff | null>(paths.map((p) => [p, null]));
      return new Map<string, FileDiff | null>();
    });
    let outdated = 0;
    for (const c of sent) {
      if (!diffs.has(c.path)) continue;
      const diff = diffs.get(c.path) ?? null;
      const content = diff ? sideText(diff, c.side) : null;
      if (diff && content === null && !absentSide(diff, c.side)) continue; // too big to read: left as it was
      if (content === null || quoteAt(content, c.startLine ?? 1, c.endLine ?? 1) !== c.quote) {
        if (this.deps.store.reviewComments.setState(c.id, 'sent', 'outdated', this.deps.clock.now())) outdated += 1;
      }
    }
    return outdated;
  }
}

/** The lines a comment quotes, as the file reads now; null when the file has fewer lines. */
function quoteAt(content: string, start: number, end: number): string | null {
  const lines = linesOf(content);
  if (end > lines.length) return null;
  return lines.slice(start - 1, Math.min(end, start - 1 + REVIEW_QUOTE_MAX_LINES)).join('\n');
}

/** The file has no text on that side (deleted, new, or binary), as opposed to text too big to send. */
function absentSide(diff: FileDiff, side: ReviewSide): boolean {
  if (diff.file.binary) return true;
  return side === 'new' ? diff.file.status === 'deleted' : diff.file.status === 'added';
}
