/**
 * `npm run eval:ambient`: runs recorded model replies through the path after the model
 * (reply format, sanitising, the judge, the kind's own checks) and prints the accuracy per
 * kind and every miss. Cases: eval/ambient-cases.json (or a file given as the argument),
 * an array of { kind, reply, expected: "use" | "skip" | "reject", note?, material?, takenNames? }.
 * Exits 1 when any case misses, so it can gate a change to the prompts or the judge.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { judgeAmbientReply } from '../src/main/core/ambient/judge-reply';
import { PROMPT_KINDS, type PromptKind } from '../src/shared/ambient/prompts/shared';

interface Case {
  kind: PromptKind;
  reply: string;
  expected: 'use' | 'skip' | 'reject';
  note?: string;
  wordTarget?: number;
  takenNames?: string[];
  /** The material the model read, for the other-script check. */
  material?: string;
}

const file = resolve(process.argv[2] ?? 'eval/ambient-cases.json');
const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
if (!Array.isArray(parsed)) throw new Error(`${file}: expected an array of cases`);
const cases = parsed as Case[];

const perKind = new Map<string, { total: number; right: number }>();
const misses: string[] = [];
for (const [i, c] of cases.entries()) {
  if (!PROMPT_KINDS.includes(c.kind)) {
    misses.push(`#${i} unknown kind ${JSON.stringify(c.kind)}`);
    continue;
  }
  const verdict = judgeAmbientReply(c.reply, c.kind, { ...(c.wordTarget ? { wordTarget: c.wordTarget } : {}), ...(c.takenNames ? { takenNames: c.takenNames } : {}), ...(c.material !== undefined ? { material: c.material } : {}) });
  const stat = perKind.get(c.kind) ?? { total: 0, right: 0 };
  stat.total += 1;
  if (verdict.verdict === c.expected) stat.right += 1;
  else {
    const why = verdict.verdict === 'reject' ? ` (${verdict.reason})` : verdict.verdict === 'use' ? ` → ${JSON.stringify(verdict.text)}` : '';
    misses.push(`#${i} ${c.kind}: expected ${c.expected}, got ${verdict.verdict}${why}: ${JSON.stringify(c.reply).slice(0, 120)}${c.note ? ` [${c.note}]` : ''}`);
  }
  perKind.set(c.kind, stat);
}

console.log(`ambient eval: ${cases.length} recorded replies from ${file}`);
for (const [kind, s] of [...perKind].sort()) {
  console.log(`  ${kind.padEnd(16)} ${String(s.right).padStart(3)}/${String(s.total).padEnd(3)} ${((100 * s.right) / s.total).toFixed(1)}%`);
}
const right = [...perKind.values()].reduce((n, s) => n + s.right, 0);
console.log(`  ${'all'.padEnd(16)} ${String(right).padStart(3)}/${String(cases.length).padEnd(3)} ${((100 * right) / Math.max(1, cases.length)).toFixed(1)}%`);
if (misses.length > 0) {
  console.log(`misses (${misses.length}):`);
  for (const m of misses) console.log(`  ${m}`);
  process.exitCode = 1;
} else {
  console.log('no misses');
}
