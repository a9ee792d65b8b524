import { describe, expect, it } from 'vitest';
import { parseServeArgs, UsageError } from '../../../src/main/transport/web/serve-args';

describe('npm run serve arguments', () => {
  it('defaults to a free port and no explicit data folder', () => {
    expect(parseServeArgs([])).toEqual({ port: 0, dataDir: undefined, command: 'serve' });
  });

  it('reads --port and --data-dir in both spellings', () => {
    expect(parseServeArgs(['--port', '4100', '--data-dir', '/tmp/d'])).toEqual({ port: 4100, dataDir: '/tmp/d', command: 'serve' });
    expect(parseServeArgs(['--port=0', '--data-dir=/x y'])).toEqual({ port: 0, dataDir: '/x y', command: 'serve' });
  });

  it('reads --stop and --status (the session host), each alone', () => {
    expect(parseServeArgs(['--stop', '--data-dir', '/d'])).toEqual({ port: 0, dataDir: '/d', command: 'stop' });
    expect(parseServeArgs(['--status'])).toEqual({ port: 0, dataDir: undefined, command: 'status' });
    expect(() => parseServeArgs(['--stop', '--status'])).toThrow(UsageError);
    expect(() => parseServeArgs(['--stop=1'])).toThrow(UsageError);
  });

  it.each([['--port'], ['--port', 'abc'], ['--port', '70000'], ['--port', '-1'], ['--data-dir'], ['--host', '0.0.0.0'], ['serve']])(
    'refuses %j with a usage error',
    (...argv) => {
      expect(() => parseServeArgs(argv)).toThrow(UsageError);
    },
  );
});
