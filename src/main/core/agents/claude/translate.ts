import type { AgentEvent, AgentEventSink } from '../types';
import type { CliBlock, CliEvent, JsonObject } from './streamJson';
import { oneLine, toolResultSummary, toolUseBody, toolUseDetail } from './toolSummary';

/** Tool results and inputs are stored whole up to this size, then clipped with a marker. */
export const MAX_STORED_TOOL_TEXT = 256 * 1024;
const MAX_META_INPUT = 4 * 1024;

/** Tool names whose use starts a subagent (the CLI renamed Task to Agent in places). */
const SUBAGENT_TOOLS = new Set(['Task', 'Agent']);

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n[clipped by Swarmdesk: ${text.length - max} more characters]`;
}

/** Whether a `result` line reports a failed turn. */
export function isFailedResult(ev: Extract<CliEvent, { type: 'result' }>): boolean {
  return ev.isError || (ev.subtype !== null && ev.subtype !== 'success');
}

/**
 * Turns CLI events into agent events for one run, keeping what it needs between
 * lines: the text streaming now, which tool uses started subagents, which blocks
 * were already committed (a message can be repeated), and the count of background
 * tasks the CLI still runs.
 */
export class ClaudeStreamTranslator {
  private streamKind: 'assistant' | 'thinking' | null = null;
  private streamText = '';
  private readonly committedBlocks = new Set<string>();
  private readonly toolNames = new Map<string, string>();
  private readonly subagents = new Map<string, { backgrounded: boolean; done: boolean }>();
  private readonly backgroundCommands = new Set<string>();
  private backendId: string | null;
  /** Background tasks the CLI reports as running (agents and shells). */
  backgroundTasks = 0;
  /** False on a subscription login (`apiKeySource: none`): the CLI's cost is then notional, not money. */
  private billed = true;

  constructor(
    private readonly emit: AgentEventSink,
    knownBackendId: string | null,
  ) {
    this.backendId = knownBackendId;
  }

  /** Background shell commands this process has started (a stop then kills rather than interrupts). */
  get backgroundCommandsStarted(): number {
    return this.backgroundCommands.size;
  }

  /** Whether text is streaming now (a stop or fault must clear it). */
  get streaming(): boolean {
    return this.streamText !== '';
  }

  clearStreaming(): void {
    if (this.streamKind && this.streamText !== '') this.emit({ type: 'streaming', kind: this.streamKind, text: '' });
    this.streamKind = null;
    this.streamText = '';
  }

  handle(ev: CliEvent): void {
    switch (ev.type) {
      case 'init':
        this.billed = ev.apiKeySource !== 'none';
        if (ev.sessionId !== this.backendId) {
          this.backendId = ev.sessionId;
          this.emit({ type: 'backend-id', backendId: ev.sessionId });
        }
        return;
      case 'requesting':
        this.emit({ type: 'status', status: 'working' });
        return;
      case 'block-start':
        this.streamKind = ev.blockType === 'thinking' ? 'thinking' : ev.blockType === 'text' ? 'assistant' : null;
        this.streamText = '';
        return;
      case 'delta': {
        const kind = ev.kind === 'thinking' ? 'thinking' : 'assistant';
        if (this.streamKind !== kind) {
          this.streamKind = kind;
          this.streamText = '';
        }
        this.streamText += ev.text;
        this.emit({ type: 'streaming', kind, text: this.streamText });
        return;
      }
      case 'message-stop':
        this.streamKind = null;
        this.streamText = '';
        return;
      case 'message':
        this.message(ev.role, ev.messageId, ev.parentToolUseId, ev.blocks);
        return;
      case 'task-started':
        if (ev.toolUseId && this.subagents.has(ev.toolUseId) && ev.backgrounded) {
          const s = this.subagents.get(ev.toolUseId);
          if (s) s.backgrounded = true;
        }
        // A foreground command that runs a while is a task too (CLI 2.1.332, `is_backgrounded: false`): not narrated.
        if (ev.taskType === 'local_bash' && ev.backgrounded && ev.toolUseId && !this.backgroundCommands.has(ev.toolUseId)) {
          this.backgroundCommands.add(ev.toolUseId);
          this.emit({ type: 'background-task', command: ev.description ?? 'a background command', description: ev.description });
        }
        return;
      case 'task-ended':
        if (ev.toolUseId) this.endSubagent(ev.toolUseId, ev.status === 'failed' || ev.status === 'error');
        return;
      case 'background-tasks':
        this.backgroundTasks = ev.count;
        return;
      case 'result':
        this.clearStreaming();
        this.emit({
          type: 'usage',
          inputTokens: ev.inputTokens,
          outputTokens: ev.outputTokens,
          cacheReadTokens: ev.cacheReadTokens,
          cacheWriteTokens: ev.cacheWriteTokens,
          // The CLI's total grows over its session, across --resume: the usage service keeps the last one and takes the growth.
          costUsd: null,
          costTotalUsd: this.billed ? ev.costUsd : null,
        });
        if (isFailedResult(ev)) {
          const why = oneLine(ev.text ?? ev.subtype ?? 'unknown error', 500);
          this.emit({ type: 'entry', entry: { kind: 'error', text: `Claude Code ended the turn with an error: ${why}`, meta: { subtype: ev.subtype } } });
          this.emit({ type: 'status', status: 'error', reason: why });
        }
        return;
      case 'stop-reason':
      case 'ignored':
      case 'unknown':
      case 'invalid':
        return;
    }
  }

  private message(role: 'assistant' | 'user', messageId: string | null, parent: string | null, blocks: CliBlock[]): void {
    const child = parent ?? undefined;
    blocks.forEach((block, index) => {
      const key = `${messageId ?? role}:${index}:${block.type}:${block.type === 'tool_use' ? block.id : block.type === 'tool_result' ? block.toolUseId : ''}`;
      if (messageId && this.committedBlocks.has(key)) return;
      if (messageId) this.committedBlocks.add(key);
      const out = this.blockEvents(role, block, child);
      for (const e of out) this.emit(e);
    });
  }

  private blockEvents(role: 'assistant' | 'user', block: CliBlock, child: string | undefined): AgentEvent[] {
    const at = child ? { child } : {};
    switch (block.type) {
      case 'text':
        if (role === 'user' || block.text.trim() === '') return [];
        if (!child) this.streamText = '';
        return [{ type: 'entry', entry: { kind: 'assistant', text: block.text }, ...at }];
      case 'thinking':
        if (block.thinking.trim() === '') return [];
        if (!child) this.streamText = '';
        return [{ type: 'entry', entry: { kind: 'thinking', text: block.thinking }, ...at }];
      case 'tool_use':
        return this.toolUse(block.id, block.name, block.input, child);
      case 'tool_result': {
        const name = this.toolNames.get(block.toolUseId) ?? null;
        const events: AgentEvent[] = [
          {
            type: 'entry',
            entry: {
              kind: 'tool-result',
              text: clip(block.text, MAX_STORED_TOOL_TEXT),
              meta: { toolUseId: block.toolUseId, tool: name, isError: block.isError, summary: toolResultSummary(block.text, block.isError) },
            },
            ...at,
          },
        ];
        const sub = this.subagents.get(block.toolUseId);
        if (sub && !sub.backgrounded) this.endSubagent(block.toolUseId, block.isError);
        return events;
      }
    }
  }

  private toolUse(id: string, name: string, input: JsonObject, child: string | undefined): AgentEvent[] {
    this.toolNames.set(id, name);
    const summary = toolUseDetail(name, input);
    const events: AgentEvent[] = [
      {
        type: 'entry',
        entry: {
          kind: 'tool-use',
          text: clip(toolUseBody(name, input), MAX_STORED_TOOL_TEXT),
          meta: { toolUseId: id, tool: name, summary, input: clip(JSON.stringify(input), MAX_META_INPUT) },
        },
        ...(child ? { child } : {}),
      },
    ];
    // Nested subagents are shown under their top-level parent's child only when the CLI names them;
    // a subagent's own Task use would need a grandchild mapping, so only the top level starts children.
    if (SUBAGENT_TOOLS.has(name) && !child) {
      this.subagents.set(id, { backgrounded: input.run_in_background === true, done: false });
      const description = typeof input.description === 'string' ? input.description : '';
      const prompt = typeof input.prompt === 'string' ? input.prompt : '';
      const agentType = typeof input.subagent_type === 'string' ? input.subagent_type : null;
      events.push({ type: 'subagent', child: id, description, prompt, agentType });
    }
    if (name === 'Bash' && input.run_in_background === true && !this.backgroundCommands.has(id)) {
      this.backgroundCommands.add(id);
      const command = typeof input.command === 'string' ? input.command : '';
      const description = typeof input.description === 'string' ? input.description : null;
      events.push({ type: 'background-task', command, description });
    }
    return events;
  }

  private endSubagent(id: string, failed: boolean): void {
    const sub = this.subagents.get(id);
    if (!sub || sub.done) return;
    sub.done = true;
    this.emit({ type: 'status', status: failed ? 'error' : 'idle', child: id });
  }

  /** The run ended (stop, crash, watchdog): subagents still marked running end with it. */
  endAll(status: 'idle' | 'error'): void {
    for (const [id, sub] of this.subagents) {
      if (sub.done) continue;
      sub.done = true;
      this.emit({ type: 'status', status, child: id });
    }
  }
}
