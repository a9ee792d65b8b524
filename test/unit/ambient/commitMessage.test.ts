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

  it('judged by the title rules, its rejections name a commit message, not a title', () => {
    const said = (reply: string): string => {
      const v = judgeAmbientReply(reply, 'commit-message', { wordTarget: 10 });
      return v.verdict === 'reject' ? v.message : `not rejected: ${v.verdict}`;
    };
    expect(said('ANSWER: <command-name>/commit</command-name>')).toBe("A commit message can't be markup, a tool's note or a reply template.");
    expect(said('ANSWER: Untitled')).toBe('A commit message can\'t be a placeholder like “Untitled”.');
    expect(said(`ANSWER: ${'word '.repeat(30)}`)).toMatch(/^A commit message can be at most \d+ words\.$/);
    // A running summary is judged by a preview's rules and names itself too.
    const summary = judgeAmbientReply('ANSWER: API Error: 500 {"type":"error"}', 'running-summary');
    expect(summary).toMatchObject({ verdict: 'reject', message: 'A summary can\'t be an error message.' });
  });
});
