import { describe, expect, it } from 'vitest';
import { judgeAmbientReply } from '../../../src/main/core/ambient/judge-reply';
import { buildCommitMessagePrompt, clipSubject, COMMIT_SUBJECT_MAX } from '../../../src/shared/ambient/prompts/commitMessage';

describe('commit message prompt and judge', () => {
  it('no changed paths: no prompt; otherwise the paths, the title and the activity as data', () => {
    expect(buildCommitMessagePrompt({ title: 'Fix login', activity: 'user: fix it', paths: [] })).toBeNull();
    const p = buildCommitMessagePrompt({ title: 'Untitled', activity: 'user: fix the login redirect', paths: ['src/a b.ts'] })!;
    expect(p.kind).toBe('commit-message');
    expect(p.user).toContain('<changed_files>\nsrc/a b.ts\n</changed_files>');
    expect(p.user).not.toContain('<session_title>'); // a placeholder title is not material
    expect(p.user).toContain('SKIP');
  });

  it('subjects are clipped at a word to 72 characters', () => {
    const long = 'Add a websocket reconnect policy with exponential backoff and three retries for clients';
    const clipped = clipSubject(long);
    expect(clipped.length).toBeLessThanOrEqual(COMMIT_SUBJECT_MAX);
    expect(long.startsWith(clipped)).toBe(true);
    expect(clipped.endsWith(' ')).toBe(false);
    expect(clipSubject('Fix login redirect')).toBe('Fix login redirect');
  });

  it('the reply is judged like a title: refusals, placeholders, error texts and markup are rejected', () => {
    expect(judgeAmbientReply('ANSWER: Fix login redirect loop.', 'commit-message', { wordTarget: 10 })).toEqual({ verdict: 'use', text: 'Fix login redirect loop' });
    for (const bad of ['ANSWER: I cannot see the diff, sorry.', 'ANSWER: Untitled', 'ANSWER: API Error: 404 {"type":"error"}', 'ANSWER: <command-name>/commit</command-name>', 'Here is a commit message: Fix it']) {
      expect(judgeAmbientReply(bad, 'commit-message', { wordTarget: 10 }).verdict).toBe('reject');
    }
    expect(judgeAmbientReply('SKIP', 'commit-message').verdict).toBe('skip');
  });
});
