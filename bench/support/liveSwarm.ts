/**
 * The live-load bench's swarm, driven through the contract like any window: terminal sessions
 * whose command prints numbered lines at a fixed rate (a set count of them, or until told to stop), and
 * Claude Code sessions kept busy turn after turn against the stand-in model server. Every `terminal:data`
 * push is read and each terminal's lines are checked against what its agent wrote: offsets contiguous,
 * numbers 1..N in order, none missing or twice, N being the count the printer's last line reports.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionId } from '../../src/shared/domain/session';
import type { SwarmClient } from './swarmClient';

/**
 * Prints numbered lines at `rate` a second, ten at a time (as a busy build or test run does): `n` of them, or
 * with `n` 0 until the file `stop` exists (looked for before each ten, a stat every 50 ms at 200 lines a
 * second). Its last line says how many it printed (`t<tag> end <count>`), then it exits 0.
 */
const PRINTER = `use strict; use warnings; use Time::HiRes qw(time sleep);
$| = 1;
my ($tag, $n, $rate, $stop) = @ARGV;
my $t0 = time;
my $i = 0;
while ($n > 0 ? $i < $n : !-e $stop) {
  my $out = '';
  for (1 .. 10) { last if $n > 0 && $i >= $n; $i++; $out .= sprintf("t%s line %06d\\n", $tag, $i); }
  print $out;
  my $d = $t0 + $i / $rate - time;
  sleep($d) if $d > 0;
}
printf("t%s end %06d\\n", $tag, $i);
`;

/** What the host pushed of one terminal, as a listening client read it. */
export interface TerminalTally {
  readonly id: SessionId;
  readonly tag: string;
  /** The lines its printer says it printed (its last line), or the set count; null until known. */
  expected: number | null;
  lines: number;
  lastSeq: number;
  outOfOrder: number;
  offsetGaps: number;
  nextOffset: number;
  partial: string;
  exited: boolean;
  exitCode: number | null;
  signal: string | null;
}

export interface ClaudeLoop {
  readonly id: SessionId;
  turns: number;
  failures: number;
}

export interface LiveSwarm {
  readonly terminals: TerminalTally[];
  readonly claudes: ClaudeLoop[];
  /** `entry:streaming` pushes seen (the Claude sessions' live text). */
  streamingPushes: number;
  /** Starts every terminal's command and every Claude loop; the loops run until `stop()`. */
  start(): Promise<void>;
  /** Tells the printers that run until told (no `lines` given) to stop; each prints its count and exits. */
  stopPrinting(): void;
  stop(): Promise<void>;
}

const LINE = /^t(\d+) line (\d+)$/;
const END = /^t(\d+) end (\d+)$/;

export async function createLiveSwarm(
  client: SwarmClient,
  opts: {
    work: string;
    terminals: number;
    claudes: number;
    /** Lines each terminal prints; left out, they print until `stopPrinting()`. */
    lines?: number;
    rate: number;
    turnText: (session: number, turn: number) => string;
  },
): Promise<LiveSwarm> {
  const printer = join(opts.work, 'printer.pl');
  writeFileSync(printer, PRINTER);
  const stopFile = join(opts.work, 'printers.stop');
  const terminals: TerminalTally[] = [];
  for (let i = 0; i < opts.terminals; i++) {
    const tag = String(i).padStart(2, '0');
    const row = await client.call('sessions:create', { kind: 'terminal', folder: opts.work, command: `perl ${printer} ${tag} ${opts.lines ?? 0} ${opts.rate} ${stopFile}` });
    await client.call('sessions:rename', { id: row.id, title: `Load terminal ${tag}` });
    terminals.push({ id: row.id, tag, expected: opts.lines ?? null, lines: 0, lastSeq: 0, outOfOrder: 0, offsetGaps: 0, nextOffset: -1, partial: '', exited: false, exitCode: null, signal: null });
  }
  const claudes: ClaudeLoop[] = [];
  for (let i = 0; i < opts.claudes; i++) {
    const row = await client.call('sessions:create', { kind: 'claude-code', folder: opts.work });
    await client.call('sessions:rename', { id: row.id, title: `Load Claude ${String(i).padStart(2, '0')}` });
    claudes.push({ id: row.id, turns: 0, failures: 0 });
  }

  const byId = new Map(terminals.map((t) => [t.id as string, t]));
  client.on('terminal:data', ({ sessionId, data, offset }) => {
    const t = byId.get(sessionId);
    if (!t) return;
    if (t.nextOffset >= 0 && offset !== t.nextOffset) t.offsetGaps += 1;
    t.nextOffset = offset + data.length;
    const parts = (t.partial + data).split('\n');
    t.partial = parts.pop() ?? '';
    for (const part of parts) {
      const end = END.exec(part.replace(/\r$/, ''));
      if (end && end[1] === t.tag) t.expected = Number(end[2]);
      const m = LINE.exec(part.replace(/\r$/, ''));
      if (!m || m[1] !== t.tag) continue;
      const seq = Number(m[2]);
      if (seq !== t.lastSeq + 1) t.outOfOrder += 1;
      t.lastSeq = seq;
      t.lines += 1;
    }
  });
  client.on('terminal:exit', ({ sessionId, exitCode, signal }) => {
    const t = byId.get(sessionId);
    if (!t) return;
    t.exited = true;
    t.exitCode = exitCode;
    t.signal = signal;
  });

  // A Claude turn ends when its row leaves 'working' (after having been there).
  const turnEnds = new Map<string, () => void>();
  const sawWorking = new Set<string>();
  client.on('session:changed', (row) => {
    if (row.status === 'working') sawWorking.add(row.id);
    else if (sawWorking.has(row.id)) {
      sawWorking.delete(row.id);
      turnEnds.get(row.id)?.();
    }
  });
  const swarm: LiveSwarm = {
    terminals,
    claudes,
    streamingPushes: 0,
    start: async () => {
      await Promise.all(terminals.map((t) => client.call('terminal:open', { id: t.id, cols: 120, rows: 30, restart: false })));
      for (const [n, loop] of claudes.entries()) loops.push(runLoop(n, loop));
    },
    stopPrinting: () => writeFileSync(stopFile, ''),
    stop: async () => {
      running = false;
      for (const end of turnEnds.values()) end();
      await Promise.all(loops);
      await Promise.allSettled(claudes.map((c) => client.call('sessions:stop', { id: c.id })));
    },
  };
  client.on('entry:streaming', () => {
    swarm.streamingPushes += 1;
  });
  let running = true;
  const loops: Array<Promise<void>> = [];
  const runLoop = async (n: number, loop: ClaudeLoop): Promise<void> => {
    while (running) {
      const ended = new Promise<void>((resolve) => {
        const bound = setTimeout(resolve, 120_000);
        turnEnds.set(loop.id, () => {
          clearTimeout(bound);
          resolve();
        });
      });
      try {
        await client.call('sessions:send', { id: loop.id, text: opts.turnText(n, loop.turns) });
        await ended;
        loop.turns += 1;
      } catch {
        loop.failures += 1;
        await new Promise((r) => setTimeout(r, 1_000));
      }
    }
  };
  return swarm;
}

/** Each terminal's verdict: every line its agent wrote arrived once, in order, at contiguous offsets. */
export function complete(t: TerminalTally): boolean {
  return t.exited && t.exitCode === 0 && t.signal === null && t.expected !== null && t.lines === t.expected && t.lastSeq === t.expected && t.outOfOrder === 0 && t.offsetGaps === 0;
}
