import { CHANNEL_NAMES } from '../../src/shared/ipc/contract';
import { EVENT_NAMES } from '../../src/shared/ipc/eventNames';
import { EVENT_RELAY, ROUTES } from '../../src/main/host/federation/routes';
import { readHandlers, readHooks, readSchemas } from './definitions';
import { scanOccurrences, type Listener } from './occurrences';

/*
 * The hop table (issue 30): every channel → its schemas → its handler and what that calls → the session
 * host's route → the renderer functions that call it; every event → who emits it, what the federation does
 * with a remote host's, who listens; every core hook → who raises it and what each subscriber does. Derived
 * from the code (the contract, the route tables, and the sources read as syntax trees), written to
 * docs/hops.md by `npm run hops`; test/unit/architecture/hops.test.ts fails when that file is stale.
 */

export const HOPS_FILE = 'docs/hops.md';
export const STALE_MESSAGE = 'docs/hops.md is stale: run npm run hops';

/** A table cell: `|` escaped, entries one per line. */
function cell(parts: readonly string[]): string {
  return parts.length === 0 ? '—' : parts.map((p) => p.replace(/\|/g, '\\|')).join('<br>');
}

const code = (text: string): string => `\`${text}\``;

function listenerText(l: Listener): string {
  const calls = l.calls.map((c) => (c.doc ? `${code(c.name)} (${c.doc})` : code(c.name)));
  return calls.length ? `${code(l.where)} → ${calls.join(', ')}` : code(l.where);
}

/** A section's heading, its words, and its table's header. */
function section(title: string, intro: readonly string[], columns: readonly string[]): string[] {
  return ['', `## ${title}`, '', ...intro, '', `| ${columns.join(' | ')} |`, `|${columns.map(() => '---|').join('')}`];
}

const lookup = <T>(map: Map<string, T[]>, name: string): T[] => map.get(name) ?? [];

export function hopTable(root: string): string {
  const channelNames = new Set<string>(CHANNEL_NAMES);
  const eventNames = new Set<string>(EVENT_NAMES);
  const hooks = readHooks(root);
  const schemas = readSchemas(root, channelNames, eventNames);
  const handlers = readHandlers(root);
  const found = scanOccurrences(root, { channels: channelNames, events: eventNames, hooks: new Set(hooks.map((h) => h.name)) });

  const lines: string[] = [
    '# Hops: every channel, event and hook, and who is at each end',
    '',
    `Generated from the code by \`npm run hops\` (\`scripts/hop-table.ts\`, \`scripts/hops/\`): do not edit by hand;`,
    '`test/unit/architecture/hops.test.ts` fails when it is stale. Paths: main\'s from `src/main/` (`core/…`, `transport/…`,',
    '`host/…`), `renderer/…` from `src/renderer/src/`, `shared/…` from `src/shared/`; `file#name` is the function the hop is in.',
    `${CHANNEL_NAMES.length} channels, ${EVENT_NAMES.length} events, ${hooks.length} hooks.`,
  ];

  lines.push(
    ...section(
      'Channels',
      [
        'A request goes: a renderer function → the front\'s transport → the session host\'s federation, by the channel\'s',
        'route (`host/federation/routes.ts`) → the core\'s router, which parses the input and output with the channel\'s',
        'schemas → its one handler (`core/handlers/index.ts`), typed with the narrow view of the core it takes → what it',
        'calls there. "Named by string" is any other place that picks the channel out by its name.',
      ],
      ['Channel', 'Schemas: input → output', 'Handler (view) → calls', 'Route', 'Called from the renderer', 'Named by string'],
    ),
  );
  for (const name of CHANNEL_NAMES) {
    const s = schemas.channels.get(name);
    const h = handlers.get(name);
    const schemaCell = s ? `${code(s.file)}: ${s.input} → ${s.output}` : '—';
    const handlerCell = h
      ? `${code(h.file)}${h.context ? ` (${h.context})` : ''}${h.calls.length ? ` → ${h.calls.map(code).join(', ')}` : ''}`
      : '—';
    const callers = lookup(found.callers, name).map(code);
    const named = lookup(found.named, name).map(code);
    lines.push(`| ${code(name)} | ${cell([schemaCell])} | ${cell([handlerCell])} | ${ROUTES[name]} | ${cell(callers)} | ${cell(named)} |`);
  }

  lines.push(
    ...section(
      'Events',
      [
        'A push goes: its emitter → `CoreEvents` (the payload parsed with its schema) → every subscriber to the stream',
        '(below) → each front → the renderer\'s listeners. A remote host\'s push is relayed by the federation as its',
        '`EVENT_RELAY` says (`relay`; `row`: tagged with the host; `removed`; `drop`: kept there).',
      ],
      ['Event', 'Payload', 'Emitted by', 'Remote host\'s', 'Renderer listeners → what they call', 'Named by string'],
    ),
  );
  for (const name of EVENT_NAMES) {
    const p = schemas.events.get(name);
    const emitters = lookup(found.emitters, name).map(code);
    const listeners = lookup(found.rendererListeners, name).map(listenerText);
    const named = lookup(found.named, name).map(code);
    lines.push(`| ${code(name)} | ${cell([p ? `${code(p.file)}: ${p.payload}` : '—'])} | ${cell(emitters)} | ${EVENT_RELAY[name]} | ${cell(listeners)} | ${cell(named)} |`);
  }
  lines.push('', 'Subscribers to the whole stream (each gets every event; the events named are the ones it picks out):', '');
  for (const s of found.streams) lines.push(`- ${code(s.where)}${s.picks.length ? `: ${s.picks.map(code).join(', ')}` : ''}`);

  lines.push(
    ...section(
      'Hooks',
      [
        'Inside the core, after a change is committed: the raiser → `CoreHooks` (`core/services/hooks.ts`) → each',
        'subscriber, in order, synchronously (an async one is not awaited). What a subscriber calls is listed, with the',
        'first sentence of that method\'s doc where it is one of its own class\'s.',
      ],
      ['Hook', 'Arguments', 'Raised by', 'Subscribers → what they call'],
    ),
  );
  for (const hook of hooks) {
    const raisers = lookup(found.raisers, hook.name).map(code);
    const listeners = lookup(found.hookListeners, hook.name).map(listenerText);
    const what = hook.doc ? `${hook.args} (${hook.doc})` : hook.args;
    lines.push(`| ${code(hook.name)} | ${cell([what])} | ${cell(raisers)} | ${cell(listeners)} |`);
  }
  return `${lines.join('\n')}\n`;
}
