import { mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { confine, FsRefused, MAX_READ_BYTES, readConfined, writeConfined } from '../../../src/main/core/agents/acp/fsConfine';
import { tempDataDir } from '../store/tempDir';

let root: string;
let work: string;
beforeEach(() => {
  root = tempDataDir();
  work = join(root, 'work');
  mkdirSync(work);
  mkdirSync(join(root, 'out'));
  writeFileSync(join(root, 'out', 'secret.txt'), 'secret');
});

const refusal = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e instanceof FsRefused ? e.why : String(e)));

describe('fs/* confined to the session folder', () => {
  it('refuses `..`, an absolute path elsewhere and a symlink pointing out, for reads and writes', async () => {
    symlinkSync(join(root, 'out'), join(work, 'link'));
    expect(await refusal(readConfined(work, join(work, '..', 'out', 'secret.txt')))).toBe("it is outside the session's folder");
    expect(await refusal(readConfined(work, '/etc/passwd'))).toBe("it is outside the session's folder");
    expect(await refusal(readConfined(work, join(work, 'link', 'secret.txt')))).toMatch(/symbolic link/);
    expect(await refusal(writeConfined(work, join(work, 'link', 'new.txt'), 'x'))).toMatch(/symbolic link/);
    expect(await refusal(writeConfined(work, join(work, 'link', 'deeper', 'new.txt'), 'x'))).toMatch(/symbolic link/);
    expect(readdirSync(join(root, 'out'))).toEqual(['secret.txt']);
  });

  it('a symlink inside pointing inside is fine; a relative path is taken from the folder', async () => {
    mkdirSync(join(work, 'src'));
    writeFileSync(join(work, 'src', 'a.txt'), 'A');
    symlinkSync(join(work, 'src'), join(work, 'alias'));
    expect(await readConfined(work, join(work, 'alias', 'a.txt'))).toBe('A');
    expect(await confine(work, 'src/a.txt', 'read')).toBe(join(work, 'src', 'a.txt'));
  });

  it('reads honour line (1-based) and limit; a missing file and one over 10 MB are refused', async () => {
    writeFileSync(join(work, 'f.txt'), 'l1\nl2\nl3\nl4');
    expect(await readConfined(work, join(work, 'f.txt'), 2, 2)).toBe('l2\nl3');
    expect(await readConfined(work, join(work, 'f.txt'), 3)).toBe('l3\nl4');
    expect(await readConfined(work, join(work, 'f.txt'), null, 1)).toBe('l1');
    expect(await refusal(readConfined(work, join(work, 'none.txt')))).toBe('there is no such file');
    writeFileSync(join(work, 'big.bin'), Buffer.alloc(MAX_READ_BYTES + 1));
    expect(await refusal(readConfined(work, join(work, 'big.bin')))).toMatch(/larger than 10 MB/);
  });

  it('writes make the parent folders inside and replace the file whole, leaving no temp file', async () => {
    await writeConfined(work, join(work, 'a', 'b', 'c.txt'), 'one');
    await writeConfined(work, join(work, 'a', 'b', 'c.txt'), 'two');
    expect(readFileSync(join(work, 'a', 'b', 'c.txt'), 'utf8')).toBe('two');
    expect(readdirSync(join(work, 'a', 'b'))).toEqual(['c.txt']);
    expect(await refusal(writeConfined(work, join(work, 'a'), 'x'))).toBe('it is a folder');
  });
});
