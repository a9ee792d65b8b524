import type { z } from 'zod';
import { agentChannels } from './agents';
import { ambientChannels } from './ambient';
import { appChannels } from './app';
import { sessionChannels } from './sessions';
import { terminalChannels } from './terminal';
import { importChannels } from './import';
import { settingsChannels } from './settings';
import { gitChannels } from './git';
import { gitMergeChannels } from './gitMerge';
import { gitRemovedChannels } from './gitRemoved';
import { checkpointChannels } from './checkpoints';
import { reviewChannels } from './review';
import { uiChannels } from './ui';
import { hostChannels } from './host';
import { acpChannels } from './acp';
import { hostsChannels } from './hosts';

/**
 * The one IPC contract (SPEC §4). Each domain declares its channels in its own
 * file; this merges them. Preload and the web bridge expose exactly these names.
 */
export const channels = {
  ...appChannels,
  ...sessionChannels,
  ...terminalChannels,
  ...importChannels,
  ...settingsChannels,
  ...ambientChannels,
  ...agentChannels,
  ...gitChannels,
  ...gitMergeChannels,
  ...gitRemovedChannels,
  ...checkpointChannels,
  ...reviewChannels,
  ...uiChannels,
  ...hostChannels,
  ...acpChannels,
  ...hostsChannels,
} as const;

export type Channels = typeof channels;
export type ChannelName = keyof Channels;
export type ChannelInput<C extends ChannelName> = z.input<Channels[C]['input']>;
export type ChannelParsedInput<C extends ChannelName> = z.output<Channels[C]['input']>;
export type ChannelOutput<C extends ChannelName> = z.output<Channels[C]['output']>;

export const CHANNEL_NAMES = Object.keys(channels) as ChannelName[];

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(channels, name);
}
