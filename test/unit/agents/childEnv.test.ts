import { describe, expect, it } from 'vitest';
import { childEnv } from '../../../src/main/core/spawn/childEnv';

const base = {
  PATH: '/usr/bin',
  HOME: '/home/u',
  ANTHROPIC_API_KEY: 'sk-ant-1',
  ANTHROPIC_AUTH_TOKEN: 'tok-1',
  OPENAI_API_KEY: 'sk-oa-1',
  SWARMDESK_DATA_DIR: '/d',
  SWARMDESK_WEB_TOKEN: 'web-1',
  ANTHROPIC_BASE_URL: 'http://127.0.0.1:9',
};

describe('childEnv', () => {
  it('a terminal gets the environment without any of the secrets', () => {
    expect(childEnv(base, 'terminal', { TERM: 'xterm-256color' })).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/u',
      SWARMDESK_DATA_DIR: '/d',
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:9',
      TERM: 'xterm-256color',
    });
  });

  it('the Claude CLI keeps the Anthropic credentials it is configured by, and no other secret', () => {
    const env = childEnv(base, 'claude');
    expect(env.ANTHROPIC_API_KEY).toBe('sk-ant-1');
    expect(env.ANTHROPIC_AUTH_TOKEN).toBe('tok-1');
    expect(env.OPENAI_API_KEY).toBeUndefined();
    expect(env.SWARMDESK_WEB_TOKEN).toBeUndefined();
  });

  it('a secret cannot come back through the extra variables, nor under another letter case', () => {
    const env = childEnv({ openai_api_key: 'x' }, 'terminal', { OPENAI_API_KEY: 'y', ANTHROPIC_API_KEY: 'z' });
    expect(env).toEqual({});
  });
});

describe('childEnv for ACP agents', () => {
  const keys = { PATH: '/usr/bin', ANTHROPIC_API_KEY: 'a', OPENAI_API_KEY: 'o', CODEX_API_KEY: 'c', GEMINI_API_KEY: 'g', GOOGLE_API_KEY: 'gg', DASHSCOPE_API_KEY: 'd' };
  const secretsOf = (env: NodeJS.ProcessEnv) => Object.keys(env).filter((k) => k !== 'PATH').sort();

  it('each built-in agent keeps only its own provider key', () => {
    expect(secretsOf(childEnv(keys, 'acp-gemini'))).toEqual(['GEMINI_API_KEY', 'GOOGLE_API_KEY']);
    expect(secretsOf(childEnv(keys, 'acp-codex'))).toEqual(['CODEX_API_KEY', 'OPENAI_API_KEY']);
    expect(secretsOf(childEnv(keys, 'acp-qwen'))).toEqual(['DASHSCOPE_API_KEY']);
  });

  it('a user-defined agent gets none, and a terminal none of the new ones either', () => {
    expect(secretsOf(childEnv(keys, 'acp-custom'))).toEqual([]);
    expect(secretsOf(childEnv(keys, 'terminal'))).toEqual([]);
  });
});
