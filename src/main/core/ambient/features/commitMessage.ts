/**
 * The suggested commit message (issue 10 part 3): asked when the Commit dialog opens, from
 * the session's title, recent activity and the worktree's changed paths; judged like every
 * ambient reply (a refusal, a placeholder or an error text is never offered) and clipped to
 * a 72-character subject. When nothing can be suggested, the reason says why, for the dialog.
 */
import { digest } from '../../../../shared/ambient/digest';
import { buildCommitMessagePrompt } from '../../../../shared/ambient/prompts/commitMessage';
import type { AmbientEngine } from '../engine';
import { PRIORITY } from '../scheduler';

export interface SuggestedMessage {
  readonly message: string | null;
  readonly reason: string | null;
}

export class CommitMessageFeature {
  constructor(private readonly engine: AmbientEngine) {}

  async suggest(sessionId: string, paths: readonly string[]): Promise<SuggestedMessage> {
    if (paths.length === 0) return { message: null, reason: 'Nothing to commit: the worktree has no changes.' };
    if (this.engine.resolved().chain.length === 0) return { message: null, reason: 'No suggestion: ambient model work is off (Settings).' };
    if (this.engine.providersFor('commit-message').length === 0) return { message: null, reason: 'No suggestion: no model is set up for ambient work (Settings).' };
    const row = this.engine.row(sessionId);
    const prompt = buildCommitMessagePrompt({ title: row?.title ?? null, activity: digest(this.engine.recentEntries(sessionId, 40), 24), paths });
    if (!prompt) return { message: null, reason: 'No suggestion: nothing to describe.' };
    const outcome = await this.engine.ask({ prompt, sessionId, key: `${sessionId}:commit-message`, priority: PRIORITY.user });
    if (outcome === null) {
      // Not run: over the hourly budget, or replaced by a newer ask for this session, or closing.
      const why = this.engine.scheduler.hasBudget() ? 'a newer request took its place' : 'ambient work is over its hourly budget';
      return { message: null, reason: `No suggestion: ${why}.` };
    }
    if (outcome.verdict === 'use' && outcome.text) return { message: outcome.text, reason: null };
    if (outcome.verdict === 'skip') return { message: null, reason: 'No suggestion: the model could not tell what the change is.' };
    if (outcome.verdict === 'reject') return { message: null, reason: 'No suggestion: the model’s reply was not a usable commit message.' };
    return { message: null, reason: 'No suggestion: the model did not answer.' };
  }
}
