import type { SessionUsage, UsageTotals } from '../../../../shared/domain/usage';

/** 950, 12.3k, 4.5M: token counts at a glance. */
export function formatTokens(n: number): string {
  if (n < 1_000) return String(n);
  if (n < 1_000_000) return `${(n / 1_000).toFixed(n < 100_000 ? 1 : 0).replace(/\.0$/, '')}k`;
  return `${(n / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
}

/** Money as reported: cents from a cent up, a tenth of a cent below that. */
export function formatUsd(usd: number): string {
  if (usd === 0) return '$0.00';
  if (usd < 0.01) return `$${usd.toFixed(4).replace(/0+$/, '')}`;
  return `$${usd.toFixed(2)}`;
}

/**
 * "3 turns · 12.3k in · 1.2k out", and "· $0.42" only when a source reported
 * money (an API key); a subscription login sees turns and tokens. Null before the first turn.
 */
export function usageLine(t: UsageTotals): string | null {
  if (t.turns === 0) return null;
  const parts = [`${t.turns} turn${t.turns === 1 ? '' : 's'}`, `${formatTokens(t.inputTokens)} in`, `${formatTokens(t.outputTokens)} out`];
  if (t.costUsd !== null) parts.push(formatUsd(t.costUsd));
  return parts.join(' · ');
}

/** The longer account for a tooltip: the last turn, the cache part of the input, the ambient calls about the session. */
export function usageDetails(u: SessionUsage): string | null {
  const lines: string[] = [];
  const whole = usageLine(u.total);
  if (whole) lines.push(`This session: ${whole}`);
  const last = u.lastTurn;
  if (last && u.total.turns > 1) {
    lines.push(`Last turn: ${formatTokens(last.inputTokens)} in · ${formatTokens(last.outputTokens)} out${last.costUsd !== null ? ` · ${formatUsd(last.costUsd)}` : ''}`);
  }
  const cache = u.total.cacheReadTokens + u.total.cacheWriteTokens;
  if (cache > 0) lines.push(`Of the input, from cache: ${formatTokens(u.total.cacheReadTokens)} read, ${formatTokens(u.total.cacheWriteTokens)} written`);
  if (u.ambient.calls > 0) {
    lines.push(`Ambient calls about it: ${u.ambient.calls} (${formatTokens(u.ambient.inputTokens)} in · ${formatTokens(u.ambient.outputTokens)} out)`);
  }
  return lines.length > 0 ? lines.join('\n') : null;
}
