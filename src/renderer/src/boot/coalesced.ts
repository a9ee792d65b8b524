/**
 * Run `work` at most once per animation frame however often it is scheduled.
 * A hidden window gets no frames, so a short timeout runs it then (the dock
 * badge and notifications still follow the swarm).
 */
export function coalesced(work: () => void, hiddenMs = 100): { schedule(): void; cancel(): void; runNow(): void } {
  let frame: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = (): void => {
    if (frame !== null && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
    if (timer !== null) clearTimeout(timer);
    frame = null;
    timer = null;
  };
  const run = (): void => {
    cancel();
    work();
  };
  return {
    schedule() {
      if (frame !== null || timer !== null) return;
      if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(run);
      timer = setTimeout(run, hiddenMs);
    },
    cancel,
    /** If scheduled, run now (the frame came early). */
    runNow() {
      if (frame !== null || timer !== null) run();
    },
  };
}
