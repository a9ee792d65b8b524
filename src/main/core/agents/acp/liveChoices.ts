import type { ClientConnection } from '@agentclientprotocol/sdk';
import type { AcpSessionOptions } from '../../../../shared/ipc/acp';
import { AppError } from '../../../../shared/result';
import { createLogger } from '../../logger';
import type { AgentEventSink } from '../types';
import type { AcpChoiceBook, ChoiceKind } from './choiceBook';
import { choicesFromResponse, nameOf, NO_CHOICES, offers, withConfigOptions, withCurrentMode, withCurrentModel, type ChoiceState } from './choices';
import { bounded, describeError } from './fault';

const log = createLogger('agents:acp');

/**
 * One session's modes and models on its running agent: read from `session/new` / `session/load`,
 * kept current from its updates, the user's stored choices applied again at every start (one no
 * longer offered is dropped with a note), a new choice sent at once.
 */
export class LiveChoices {
  private state: ChoiceState = NO_CHOICES;

  constructor(
    private readonly sessionId: string,
    private readonly book: AcpChoiceBook,
    private readonly sink: AgentEventSink,
    private readonly boundMs: number,
  ) {}

  get options(): AcpSessionOptions {
    return this.state.options;
  }

  /** The conversation opened: what it offers, then the user's choices applied again. */
  async opened(conn: ClientConnection, acpSessionId: string, response: unknown, agentName: string): Promise<void> {
    this.state = choicesFromResponse(response);
    for (const kind of ['mode', 'model'] as const) {
      const chosen = this.book.chosen(this.sessionId, kind);
      const choices = kind === 'mode' ? this.state.options.modes : this.state.options.models;
      if (!chosen || chosen === choices?.current) continue;
      if (!offers(choices, chosen)) {
        this.book.forget(this.sessionId, kind);
        const now = choices ? `; it uses “${nameOf(choices, choices.current)}”` : '';
        this.sink({ type: 'entry', entry: { kind: 'note', text: `${agentName} no longer offers the ${kind} “${chosen}” you chose${now}.`, meta: { droppedChoice: kind } } });
        continue;
      }
      try {
        await this.send(conn, acpSessionId, kind, chosen);
      } catch (err) {
        log.warn('the agent refused a stored choice', { session: this.sessionId, kind, err });
        this.sink({ type: 'entry', entry: { kind: 'note', text: `${agentName} did not take the ${kind} “${nameOf(choices, chosen)}”: ${describeError(err)}` } });
      }
    }
    this.report();
  }

  /** A `current_mode_update` or `config_option_update`; false for any other update. */
  update(u: { sessionUpdate: string; currentModeId?: unknown; configOptions?: unknown }): boolean {
    if (u.sessionUpdate === 'current_mode_update') {
      if (typeof u.currentModeId === 'string') this.state = withCurrentMode(this.state, u.currentModeId);
    } else if (u.sessionUpdate === 'config_option_update') {
      this.state = withConfigOptions(this.state, u.configOptions);
    } else return false;
    this.report();
    return true;
  }

  /** Sends a choice to the running agent (BAD_INPUT when it does not offer it). */
  async choose(conn: ClientConnection, acpSessionId: string, kind: ChoiceKind, id: string): Promise<void> {
    const choices = kind === 'mode' ? this.state.options.modes : this.state.options.models;
    if (!offers(choices, id)) throw new AppError('BAD_INPUT', `This agent offers no ${kind} “${id}”.`);
    try {
      await this.send(conn, acpSessionId, kind, id);
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError('UNAVAILABLE', `The agent did not take the ${kind}: ${describeError(err)}`);
    }
    this.report();
  }

  private async send(conn: ClientConnection, sessionId: string, kind: ChoiceKind, id: string): Promise<void> {
    if (kind === 'mode') {
      const modes = this.state.modeSource;
      if (modes?.kind === 'config') {
        const r = await bounded(conn.agent.request('session/set_config_option', { sessionId, configId: modes.configId, value: id }), this.boundMs, 'session/set_config_option');
        this.state = withCurrentMode(withConfigOptions(this.state, (r as { configOptions?: unknown }).configOptions), id);
        return;
      }
      await bounded(conn.agent.request('session/set_mode', { sessionId, modeId: id }), this.boundMs, 'session/set_mode');
      this.state = withCurrentMode(this.state, id);
      return;
    }
    const source = this.state.modelSource;
    if (source?.kind === 'config') {
      const r = await bounded(conn.agent.request('session/set_config_option', { sessionId, configId: source.configId, value: id }), this.boundMs, 'session/set_config_option');
      this.state = withCurrentModel(withConfigOptions(this.state, (r as { configOptions?: unknown }).configOptions), id);
    } else if (source?.kind === 'legacy') {
      await bounded(conn.agent.request('session/set_model', { sessionId, modelId: id }), this.boundMs, 'session/set_model');
      this.state = withCurrentModel(this.state, id);
    }
  }

  private report(): void {
    this.book.reported(this.sessionId, this.state.options);
  }
}
