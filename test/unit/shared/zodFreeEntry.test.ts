import { describe, expect, it } from 'vitest';
import { isAppErrorShape } from '../../../src/shared/errorCodes';
import { EVENT_NAMES, isEventName } from '../../../src/shared/ipc/bridge';
import { eventSchemas } from '../../../src/shared/ipc/events';
import { AppErrorSchema } from '../../../src/shared/result';

// The renderer's entry chunk reads these without zod (first paint); they must say what the schemas say.
describe('the zod-free lists the entry chunk uses agree with the schemas', () => {
  it('EVENT_NAMES is every pushed event, in declaration order', () => {
    expect([...EVENT_NAMES]).toEqual(Object.keys(eventSchemas));
    expect(isEventName('session:changed')).toBe(true);
    expect(isEventName('toString')).toBe(false);
  });

  it('isAppErrorShape accepts exactly what AppErrorSchema parses', () => {
    const cases: unknown[] = [
      { code: 'NOT_FOUND', message: 'gone' },
      { code: 'NOT_FOUND', message: 'gone', extra: 1 },
      { code: 'NOPE', message: 'x' },
      { code: 'BUSY' },
      { code: 'BUSY', message: 3 },
      null,
      'INTERNAL',
      [],
    ];
    for (const value of cases) expect(isAppErrorShape(value)).toBe(AppErrorSchema.safeParse(value).success);
  });
});
