import { describe, expect, it } from 'vitest';
import { customAgentId, formatEnv, joinArgs, MASK, parseEnv, splitArgs } from '../../src/renderer/src/features/acp/settingsText';
import { parsePlan } from '../../src/renderer/src/features/acp/planText';

// The pure text rules behind Settings → Agents (ACP) and the plan checklist.

describe('arguments as one line', () => {
  it('splits like a shell for simple quoting', () => {
    expect(splitArgs(`--acp  --model "fast one" 'a "b"' c\\ d "x\\"y" ''`)).toEqual({ ok: true, args: ['--acp', '--model', 'fast one', 'a "b"', 'c d', 'x"y', ''] });
    expect(splitArgs('   ')).toEqual({ ok: true, args: [] });
    expect(splitArgs(`'open`)).toEqual({ ok: false, message: 'A single quote is not closed.' });
  });

  it('joins so that splitting reads the same arguments back', () => {
    const args = ['--acp', 'two words', `it's`, 'say "hi"', 'back\\slash', '', 'plain/path.mjs'];
    const line = joinArgs(args);
    expect(splitArgs(line)).toEqual({ ok: true, args });
  });
});

describe('environment lines', () => {
  it('masks key-like values and puts the saved value back for a mask left as is', () => {
    const saved = { OPENAI_API_KEY: 'sk-1', MODE: 'fast' };
    const text = formatEnv(saved);
    expect(text).toBe(`OPENAI_API_KEY=${MASK}\nMODE=fast`);
    expect(parseEnv(`${text}\n\nNEW_TOKEN=t`, saved)).toEqual({ ok: true, env: { OPENAI_API_KEY: 'sk-1', MODE: 'fast', NEW_TOKEN: 't' } });
    expect(parseEnv('OPENAI_API_KEY=sk-2', saved)).toEqual({ ok: true, env: { OPENAI_API_KEY: 'sk-2' } });
    expect(parseEnv('MODE=a=b', {})).toEqual({ ok: true, env: { MODE: 'a=b' } });
    expect(parseEnv('OK=1\n2BAD=x', {})).toMatchObject({ ok: false, message: expect.stringMatching(/^Line 2 is not NAME=value/) });
  });

  it('gives a new agent an id from its name, unique', () => {
    expect(customAgentId('My Agent!', new Set())).toBe('custom-my-agent');
    expect(customAgentId('My agent', new Set(['custom-my-agent']))).toBe('custom-my-agent-2');
    expect(customAgentId('日本', new Set())).toBe('custom-agent');
  });
});

describe('plan lines', () => {
  it('reads done, in progress and pending', () => {
    expect(parsePlan('[x] a\n[~] b\n[ ] c\n\nloose')).toEqual([
      { state: 'done', text: 'a' },
      { state: 'in-progress', text: 'b' },
      { state: 'pending', text: 'c' },
      { state: 'pending', text: 'loose' },
    ]);
  });
});
