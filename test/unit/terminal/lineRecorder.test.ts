import { describe, expect, it } from 'vitest';
import { LineRecorder } from '../../../src/main/core/agents/terminal/lineRecorder';
import type { EchoState } from '../../../src/main/core/agents/terminal/ttyProbe';

/** A PTY stand-in whose echo the test sets; records the writes in order. */
function setUp(initial: EchoState = 'shown') {
  const writes: string[] = [];
  let echo = initial;
  const probes: EchoState[] = [];
  const recorder = new LineRecorder(
    (data) => writes.push(data),
    async () => {
      probes.push(echo);
      return echo;
    },
  );
  return { recorder, writes, probes, setEcho: (e: EchoState) => (echo = e) };
}

describe('LineRecorder', () => {
  it('keeps a line typed while the terminal echoes, and writes every key in order', async () => {
    const { recorder, writes } = setUp();
    const pending = ['l', 's', ' ', '-', 'a', '\r'].map((k) => recorder.input(k));
    const results = await Promise.all(pending);
    expect(writes.join('')).toBe('ls -a\r');
    expect(results.at(-1)?.lines).toEqual(['ls -a']);
  });

  it('drops a line typed while the echo is off, also when it comes back on before Enter', async () => {
    const { recorder, setEcho } = setUp('hidden');
    await recorder.input('secret');
    setEcho('shown'); // the first keystroke's probe saw it hidden: the line stays secret
    expect((await recorder.input('\r')).lines).toEqual([]);
    // The next line starts clean.
    expect((await recorder.input('echo ok\r')).lines).toEqual(['echo ok']);
  });

  it('drops a line whose Enter comes while the echo is off, and one it cannot tell about', async () => {
    const { recorder, setEcho } = setUp();
    await recorder.input('typed ahead');
    setEcho('hidden');
    expect((await recorder.input('\r')).lines).toEqual([]);
    setEcho('unknown');
    expect((await recorder.input('x\r')).lines).toEqual([]);
  });

  it('Ctrl-C starts a new line: its probe is fresh', async () => {
    const { recorder, setEcho, probes } = setUp('hidden');
    await recorder.input('pass');
    await recorder.input('\x03');
    setEcho('shown');
    await recorder.input('ls');
    expect((await recorder.input('\r')).lines).toEqual(['ls']);
    expect(probes).toEqual(['hidden', 'shown', 'shown']);
  });
});
