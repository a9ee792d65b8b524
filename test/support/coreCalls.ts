import type { SwarmCore } from '../../src/main/core/app';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../src/shared/ipc/contract';
import type { Result } from '../../src/shared/result';

/** A channel call on `core` through its real router, as a transport makes it. */
export function call<C extends ChannelName>(core: SwarmCore, channel: C, input: ChannelInput<C>): Promise<Result<ChannelOutput<C>>> {
  return core.router.handle(channel, input, { transport: 'test' }) as Promise<Result<ChannelOutput<C>>>;
}

/** The value of a call that must succeed; a refusal throws, naming the channel and the error. */
export async function ok<C extends ChannelName>(core: SwarmCore, channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  const r = await call(core, channel, input);
  if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
  return r.value;
}

/** The refusal of a call that must be refused, as `CODE: message`; an accepted call throws. */
export async function refusal<C extends ChannelName>(core: SwarmCore, channel: C, input: ChannelInput<C>): Promise<string> {
  const r = await call(core, channel, input);
  if (r.ok) throw new Error(`${channel} was accepted`);
  return `${r.error.code}: ${r.error.message}`;
}
