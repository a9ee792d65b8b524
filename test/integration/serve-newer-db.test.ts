import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DB_FILE_NAME } from '../../src/main/core/store';

// A data folder holding a database from a newer Swarmdesk: web mode must refuse
// to start, say why in plain words, and leave the file as it was.
describe('npm run serve on a database from a newer Swarmdesk', () => {
  it('exits with a message for the user and does not touch the file', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'swarmdesk-newer-'));
    const file = join(dataDir, DB_FILE_NAME);
    const db = new Database(file);
    db.exec('CREATE TABLE keepme (x INTEGER) STRICT; INSERT INTO keepme VALUES (42);');
    db.pragma('user_version = 999');
    db.close();

    const child = spawn(process.execPath, ['scripts/serve.mjs', '--port', '0', '--data-dir', dataDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => {
      const bound = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(null);
      }, 90_000);
      child.on('exit', (c) => {
        clearTimeout(bound);
        resolve(c);
      });
    });

    expect(code).toBe(1);
    expect(out).toMatch(/newer version of Swarmdesk/);
    expect(out).not.toMatch(/^serving /m);
    const after = new Database(file, { readonly: true });
    expect(after.pragma('user_version', { simple: true })).toBe(999);
    expect(after.prepare('SELECT x FROM keepme').get()).toEqual({ x: 42 });
    after.close();
  });
});
