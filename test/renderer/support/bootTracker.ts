import { afterEach } from 'vitest';

/**
 * Boots started by a test are torn down after it, so nothing they scheduled for after the first
 * paint (notifications, the change summaries, the rest of the swarm) runs once the test's
 * document is gone.
 */
const teardowns: Array<() => void> = [];

afterEach(() => {
  for (const teardown of teardowns.splice(0)) teardown();
});

export function tracked(teardown: () => void): () => void {
  teardowns.push(teardown);
  return teardown;
}
