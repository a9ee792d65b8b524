import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { folderSuggestions, MAX_FOLDER_SUGGESTIONS } from '../../../src/main/core/usecases/folderSuggestions';
import { HostNameSchema } from '../../../src/shared/ipc/hosts';

describe('folderSuggestions', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sd-suggest-'));
    for (const name of ['project-b', 'project-a', 'other', '.hidden-proj']) mkdirSync(join(dir, name));
    writeFileSync(join(dir, 'project-file'), 'not a folder');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lists the folders starting with the typed part, sorted, never files', () => {
    expect(folderSuggestions(join(dir, 'proj'))).toEqual([join(dir, 'project-a'), join(dir, 'project-b')]);
  });

  it('lists every visible folder after a slash, and hidden ones only when the part starts with a dot', () => {
    expect(folderSuggestions(`${dir}/`)).toEqual([join(dir, 'other'), join(dir, 'project-a'), join(dir, 'project-b')]);
    expect(folderSuggestions(join(dir, '.h'))).toEqual([join(dir, '.hidden-proj')]);
  });

  it('expands ~ to the given home', () => {
    expect(folderSuggestions('~/oth', dir)).toEqual([join(dir, 'other')]);
    expect(folderSuggestions('~', dir)).toHaveLength(3);
  });

  it('suggests nothing for a relative path or a parent that cannot be read', () => {
    expect(folderSuggestions('proj')).toEqual([]);
    expect(folderSuggestions(join(dir, 'missing', 'x'))).toEqual([]);
  });

  it(`stops at ${MAX_FOLDER_SUGGESTIONS}`, () => {
    for (let i = 0; i < MAX_FOLDER_SUGGESTIONS + 10; i += 1) mkdirSync(join(dir, `many-${String(i).padStart(3, '0')}`));
    expect(folderSuggestions(join(dir, 'many-'))).toHaveLength(MAX_FOLDER_SUGGESTIONS);
  });
});

describe('HostNameSchema', () => {
  it('takes destinations as typed: aliases, user@box, addresses', () => {
    for (const ok of ['box', 'me@box', 'me@10.0.0.5', 'dev-box.example.com', '[::1]', 'me@box:2222']) expect(HostNameSchema.parse(ok)).toBe(ok);
  });
  it('refuses what ssh would read as an option or more than one word', () => {
    for (const bad of ['-oProxyCommand=x', 'me@box ls', '', 'a;b', 'box\n']) expect(HostNameSchema.safeParse(bad).success && bad.trim() === bad).toBe(false);
  });
  it('refuses control characters, a terminal escape sequence included (issue 28: a host name is a label shown in every row)', () => {
    for (const bad of ['box\u0007', 'box\u001b[31m', '\u0000box', 'bo\u009bx', 'box\u007f']) expect(HostNameSchema.safeParse(bad).success).toBe(false);
  });
});
