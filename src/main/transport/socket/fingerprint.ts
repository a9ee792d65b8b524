import { createHash } from 'node:crypto';
import { z } from 'zod';
import { SESSION_STATUSES } from '../../../shared/domain/session';
import { OLDER_STATUS_LEVELS, STATUS_LEVEL, statusWordsAt } from '../../../shared/domain/statusLevels';
import { channels } from '../../../shared/ipc/contract';
import { eventSchemas } from '../../../shared/ipc/events';
import { HOST_FRAMES_VERSION } from './frames';

const fingerprints = new Map<number, string>();

/**
 * The contract's fingerprint: every channel's input and output schema and every event's, as JSON Schema,
 * hashed with the frames' version. A front and a host agree only if they were built from the same
 * contract (~60 ms once), or from contracts that differ only in the status words (`shared/domain/statusLevels.ts`):
 * at an older `level` the schemas are hashed as that level's build had them (its words, no row `exit`), so
 * the fingerprint is the one an older build of this same contract computed for itself.
 */
export function contractFingerprint(level: number = STATUS_LEVEL): string {
  const known = fingerprints.get(level);
  if (known !== undefined) return known;
  const hash = createHash('sha256').update(`frames ${HOST_FRAMES_VERSION}\n`);
  const json = (schema: z.ZodType, io: 'input' | 'output'): string => {
    const described = z.toJSONSchema(schema, { unrepresentable: 'any', io });
    return JSON.stringify(level >= STATUS_LEVEL ? described : asAtLevel(described, level));
  };
  for (const name of Object.keys(channels).sort()) {
    const spec = channels[name as keyof typeof channels];
    hash.update(`${name}\n${json(spec.input, 'input')}\n${json(spec.output, 'output')}\n`);
  }
  for (const name of Object.keys(eventSchemas).sort()) {
    hash.update(`${name}\n${json(eventSchemas[name as keyof typeof eventSchemas], 'output')}\n`);
  }
  const fingerprint = hash.digest('hex').slice(0, 16);
  fingerprints.set(level, fingerprint);
  return fingerprint;
}

/** The older levels' fingerprints of this contract, each with its level: a host admits a front that says one. */
export function olderContractFingerprints(): ReadonlyMap<string, number> {
  return new Map(OLDER_STATUS_LEVELS.map((level) => [contractFingerprint(level), level]));
}

const ALL_WORDS = JSON.stringify(SESSION_STATUSES);

/** A JSON Schema as an older level's build described it: the status enum with that level's words, rows without `exit`. */
function asAtLevel(schema: unknown, level: number): unknown {
  if (Array.isArray(schema)) return schema.map((item) => asAtLevel(item, level));
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (key === 'enum' && JSON.stringify(value) === ALL_WORDS) out[key] = [...statusWordsAt(level)];
    else out[key] = asAtLevel(value, level);
  }
  const properties = out['properties'];
  if (properties !== null && typeof properties === 'object' && 'status' in properties && 'exit' in properties) {
    const { exit: _exit, ...rest } = properties as Record<string, unknown>;
    out['properties'] = rest;
    if (Array.isArray(out['required'])) out['required'] = (out['required'] as unknown[]).filter((name) => name !== 'exit');
  }
  return out;
}
