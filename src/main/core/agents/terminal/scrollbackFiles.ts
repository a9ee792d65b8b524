import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SessionIdSchema } from '../../../../shared/domain/session';
import { ensurePrivateDir, makePrivate, PRIVATE_FILE_MODE } from '../../store/privateFiles';

/**
 * A terminal session's last output, kept in the data folder so a reopened
 * pane (after a restart) shows what the terminal showed. Bounded by the
 * caller; written whole to a temp file and renamed, so a crash leaves the old
 * or the new tail, never half of one.
 */
export class ScrollbackFiles {
  private readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'terminals');
  }

  private file(sessionId: string): string {
    // Session ids are [A-Za-z0-9_-]: safe as a file name; anything else is refused.
    return join(this.dir, `${SessionIdSchema.parse(sessionId)}.log`);
  }

  read(sessionId: string): string {
    try {
      return readFileSync(this.file(sessionId), 'utf8');
    } catch {
      return '';
    }
  }

  /** Whether this terminal ever ran (its screen is saved from its start on). */
  exists(sessionId: string): boolean {
    return existsSync(this.file(sessionId));
  }

  write(sessionId: string, text: string): void {
    ensurePrivateDir(this.dir);
    const target = this.file(sessionId);
    const temp = `${target}.tmp`;
    rmSync(temp, { force: true }); // the mode below applies only to a new file
    writeFileSync(temp, text, { mode: PRIVATE_FILE_MODE });
    makePrivate(temp); // whatever the umask
    renameSync(temp, target);
  }
}
