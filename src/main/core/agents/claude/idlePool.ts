/**
 * The live CLIs waiting between turns, least recently used first. Each idle CLI holds
 * some 190 MB (CLI 2.1.332), so past `max` of them the oldest is ended at once rather
 * than at its keep-alive; its next turn resumes it with `--resume` like any other.
 */
export class IdlePool {
  private readonly waiting = new Map<object, () => void>();

  constructor(private readonly max: number) {}

  get size(): number {
    return this.waiting.size;
  }

  /** `key` is idle now; `retire` ends its process. May retire the oldest idle ones. */
  add(key: object, retire: () => void): void {
    this.waiting.delete(key);
    this.waiting.set(key, retire);
    for (const [oldest, end] of this.waiting) {
      if (this.waiting.size <= this.max) break;
      this.waiting.delete(oldest);
      end();
    }
  }

  /** `key` is busy again, or its process is gone. */
  remove(key: object): void {
    this.waiting.delete(key);
  }
}
