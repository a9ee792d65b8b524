import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = fileURLToPath(new URL('../../fixtures/import/', import.meta.url));

/** Claude Code's folder name for a project: the cwd with every non-alphanumeric turned into '-'. */
export function claudeProjectDir(cwd: string): string {
  return cwd.replace(/[^A-Za-z0-9]/g, '-');
}

interface Line {
  readonly role: 'user' | 'assistant';
  readonly text: string;
}

/** A transcript in Claude Code's JSONL form (2.1.x): a uuid chain of user and assistant records. */
export function claudeTranscript(
  sessionId: string,
  cwd: string,
  lines: readonly Line[],
  startIso = '2026-11-01T10:00:00.000Z',
  /** Where this part goes on from (a later part of the same file continues the chain, with uuids of its own). */
  from: { index: number; parent: string | null } = { index: 0, parent: null },
): string {
  const t0 = Date.parse(startIso);
  let parent: string | null = from.parent;
  return lines
    .map((line, i) => {
      const uuid = `${sessionId.slice(0, 8)}-0000-4000-8000-${String(i + from.index).padStart(12, '0')}`;
      const common = { parentUuid: parent, isSidechain: false, userType: 'external', cwd, sessionId, version: '2.1.332', uuid, timestamp: new Date(t0 + i * 5_000).toISOString() };
      parent = uuid;
      const record =
        line.role === 'user'
          ? { ...common, type: 'user', message: { role: 'user', content: line.text } }
          : {
              ...common,
              type: 'assistant',
              message: { id: `msg_${i}`, type: 'message', role: 'assistant', model: 'claude-opus-5-5', content: [{ type: 'text', text: line.text }], stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 10, output_tokens: 5 } },
            };
      return `${JSON.stringify(record)}\n`;
    })
    .join('');
}

export interface HistoryTree {
  /** A session whose cwd exists here, so Resume can run the real CLI in it. */
  readonly resumable: { readonly id: string; readonly cwd: string; readonly firstLine: string; readonly reply: string };
}

/**
 * Another tool's history in `home`, as users have it: a Claude Code session with
 * its own title; one with a truncated last line and bad lines in the middle; one
 * whose tool title is the placeholder "Untitled"; a resumable one in `work`; and a
 * Codex rollout.
 */
export function writeHistory(home: string, work: string): HistoryTree {
  const projects = join(home, '.claude', 'projects');
  const demo = join(projects, '-home-dev-src-demo');
  const shop = join(projects, '-home-dev-src-shop');
  const here = join(projects, claudeProjectDir(work));
  const codex = join(home, '.codex', 'sessions', '2026', '11', '20');
  for (const dir of [demo, shop, here, codex]) mkdirSync(dir, { recursive: true });

  copyFileSync(join(FIXTURES, 'claude-code-transcript-example.jsonl'), join(demo, '745adb4f-5e02-4f90-a416-84c0d0843717.jsonl'));
  copyFileSync(join(FIXTURES, 'codex-rollout.jsonl'), join(codex, 'rollout-2026-11-20T10-00-00-0199a1b2.jsonl'));

  const shopId = 'aaaa1111-0000-4000-8000-000000000001';
  writeFileSync(
    join(shop, `${shopId}.jsonl`),
    claudeTranscript(shopId, '/home/dev/src/shop', [{ role: 'user', text: 'the checkout button does nothing on mobile' }]) +
      '{"type":"user", this line is broken\n' +
      '\u0000\u0001garbage\n' +
      claudeTranscript(shopId, '/home/dev/src/shop', [{ role: 'assistant', text: 'The click handler is bound after render.' }], '2026-11-01T10:00:05.000Z', {
        index: 1,
        parent: 'aaaa1111-0000-4000-8000-000000000000',
      }) +
      // The tool was killed while writing: the last line stops mid-string, with no newline.
      '{"type":"assistant","message":{"content":[{"type":"text","text":"half wri',
  );

  const lodashId = 'bbbb2222-0000-4000-8000-000000000002';
  writeFileSync(
    join(shop, `${lodashId}.jsonl`),
    claudeTranscript(lodashId, '/home/dev/src/shop', [{ role: 'user', text: 'bump the lodash version' }], '2026-11-02T10:00:00.000Z') +
      `${JSON.stringify({ type: 'ai-title', aiTitle: 'Untitled', sessionId: lodashId })}\n`,
  );

  const resumable = {
    id: 'cccc3333-0000-4000-8000-000000000003',
    cwd: work,
    firstLine: 'rename the invoice helper to formatInvoice',
    reply: 'Renamed invoiceHelper to formatInvoice in three files.',
  };
  writeFileSync(
    join(here, `${resumable.id}.jsonl`),
    claudeTranscript(resumable.id, work, [
      { role: 'user', text: resumable.firstLine },
      { role: 'assistant', text: resumable.reply },
    ], '2026-11-03T10:00:00.000Z'),
  );
  return { resumable };
}
