/**
 * The offline provider: titles from the user's first message with no model (SPEC §9.3),
 * and subagent names from their task the same way.
 * It answers in the same reply format as a model, so its titles go through the same judge.
 */
import { offlineTitle } from '../../../../shared/ambient/offline-title';
import type { PromptKind } from '../../../../shared/ambient/prompts/shared';
import type { AmbientProvider, ProviderReply, ProviderRequest } from './types';

/** What can be extracted from the user's own words: a title, and a name from a task. */
const EXTRACTIVE = new Set<PromptKind>(['title-create', 'subagent-name', 'batch-name']);

export function createOfflineProvider(): AmbientProvider {
  return {
    id: 'offline',
    model: 'extractive',
    supports: (kind: PromptKind) => EXTRACTIVE.has(kind),
    complete(req: ProviderRequest): Promise<ProviderReply> {
      // A name is a short title of the task: the same extraction, about five words.
      const words = req.prompt.kind === 'title-create' ? req.prompt.wordTarget : 5;
      const title = EXTRACTIVE.has(req.prompt.kind) ? offlineTitle(req.firstUserMessage, words) : null;
      return Promise.resolve({ text: title ? `ANSWER: ${title}` : 'SKIP', model: 'extractive', tokensIn: null, tokensOut: null });
    },
  };
}
