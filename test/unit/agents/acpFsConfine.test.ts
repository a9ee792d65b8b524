import { chmodSync, mkdirSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
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

  it("an overwrite keeps the file's mode (a script stays runnable, a private file private); a new file is made as any program makes one", async () => {
    for (const [name, mode] of [['build.sh', 0o755], ['secret.env', 0o600], ['shared.txt', 0o640]] as const) {
      writeFileSync(join(work, name), 'old');
      chmodSync(join(work, name), mode);
      await writeConfined(work, join(work, name), 'new');
      expect(readFileSync(join(work, name), 'utf8')).toBe('new');
      expect(statSync(join(work, name)).mode & 0o7777, name).toBe(mode);
    }
    // Through a symlink inside: the file it points to is rewritten, with its mode.
    symlinkSync(join(work, 'build.sh'), join(work, 'alias.sh'));
    await writeConfined(work, join(work, 'alias.sh'), 'newer');
    expect(statSync(join(work, 'build.sh')).mode & 0o7777).toBe(0o755);
    // A new file: 0666 under this process's umask, as writeFileSync makes one.
    writeFileSync(join(work, 'reference.txt'), '');
    await writeConfined(work, join(work, 'fresh.txt'), 'x');
    expect(statSync(join(work, 'fresh.txt')).mode & 0o7777).toBe(statSync(join(work, 'reference.txt')).mode & 0o7777);
    expect(readdirSync(work).sort()).toEqual(['alias.sh', 'build.sh', 'fresh.txt', 'reference.txt', 'secret.env', 'shared.txt']);
  });
});
