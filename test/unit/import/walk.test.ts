import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { transcriptFiles, transcriptFilesAsync, type ImportRoot } from '../../../src/main/core/agents/import/walk';

function tree(): string {
  const root = mkdtempSync(join(tmpdir(), 'sd-walk-'));
  const put = (rel: string): void => {
    const file = join(root, rel);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, '{}\n');
  };
  put('-home-dev-a/one.jsonl');
  put('-home-dev-a/notes.txt');
  put('-home-dev-a/subagents/agent-1.jsonl');
  put('-home-dev-b/two.jsonl');
  put('1/2/3/4/5/6/7/8/deep-ok.jsonl'); // depth 8: read
  put('1/2/3/4/5/6/7/8/9/too-deep.jsonl'); // depth 9: past the bound
  return root;
}

async function collect(gen: AsyncGenerator<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const f of gen) out.push(f);
  return out;
}

describe('transcript walk', () => {
  it('finds *.jsonl within the depth bound, skipping Claude Code subagent folders, the same way sync and async', async () => {
    const path = tree();
    const claude: ImportRoot = { path, source: 'claude-code' };
    const rel = (files: string[]): string[] => files.map((f) => f.slice(path.length + 1)).sort();
    const sync = rel([...transcriptFiles(claude)]);
    expect(sync).toEqual(['-home-dev-a/one.jsonl', '-home-dev-b/two.jsonl', '1/2/3/4/5/6/7/8/deep-ok.jsonl']);
    expect(rel(await collect(transcriptFilesAsync(claude)))).toEqual(sync);
    // Only Claude Code's subagent folders are skipped.
    const codex = rel([...transcriptFiles({ path, source: 'codex' })]);
    expect(codex).toContain('-home-dev-a/subagents/agent-1.jsonl');
  });

  it('yields nothing for a folder that does not exist', async () => {
    const missing: ImportRoot = { path: join(tmpdir(), 'sd-walk-missing-' + process.pid), source: 'codex' };
    expect([...transcriptFiles(missing)]).toEqual([]);
    expect(await collect(transcriptFilesAsync(missing))).toEqual([]);
  });
});
