/**
 * The wire shapes of the Gemini API the stand-in (`geminiStandIn.ts`) speaks: which
 * call a path is, the JSON a structured call's schema asks for, GenerateContentResponse
 * and its usageMetadata. Pure functions, so tests can read them too.
 */

/** What a recorded request asked for. */
export type GeminiAction = 'generateContent' | 'streamGenerateContent' | 'countTokens' | 'unknown';

/** The model and the action a Gemini API path names (`/v1beta/models/<model>:<action>`). */
export function modelAndAction(path: string): { model: string; action: GeminiAction } {
  const m = /^\/v1(?:beta|alpha)?\/models\/([^/:]+):([A-Za-z]+)$/.exec(path);
  if (!m) return { model: '', action: 'unknown' };
  const action = m[2];
  if (action === 'generateContent' || action === 'streamGenerateContent' || action === 'countTokens') {
    return { model: m[1] ?? '', action };
  }
  return { model: m[1] ?? '', action: 'unknown' };
}

/** The JSON schema of a structured call (gemini's model router, its classifiers), or null. */
export function jsonSchemaOf(body: Record<string, unknown> | null): Record<string, unknown> | null {
  const config = (body?.generationConfig ?? null) as Record<string, unknown> | null;
  if (!config || config.responseMimeType !== 'application/json') return null;
  const schema = config.responseJsonSchema ?? config.responseSchema;
  return schema && typeof schema === 'object' ? (schema as Record<string, unknown>) : {};
}

/**
 * A value that satisfies `schema`: the first enum value, 10 for an integer (a low
 * complexity score, so the router picks the quick model), "stand-in" for a string.
 */
export function valueForSchema(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object') return {};
  const s = schema as Record<string, unknown>;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  switch (String(s.type ?? 'object').toLowerCase()) {
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, valueForSchema(v)]));
    }
    case 'array':
      return [];
    case 'integer':
      return 10;
    case 'number':
      return 0.1;
    case 'boolean':
      return false;
    default:
      return 'stand-in';
  }
}

export interface UsageMetadata {
  readonly promptTokenCount: number;
  readonly candidatesTokenCount: number;
  readonly totalTokenCount: number;
}

/** About four characters a token, of what was sent and of the answer. */
export function usage(body: Record<string, unknown> | null, out: string): UsageMetadata {
  const prompt = Math.max(1, Math.ceil(JSON.stringify(body?.contents ?? []).length / 4));
  const candidates = Math.max(1, Math.ceil(out.length / 4));
  return { promptTokenCount: prompt, candidatesTokenCount: candidates, totalTokenCount: prompt + candidates };
}

/** One GenerateContentResponse holding `parts`; `finish` marks the last one of a reply. */
export function responseOf(model: string, parts: unknown[], finish: boolean, usageMetadata?: UsageMetadata): Record<string, unknown> {
  return {
    candidates: [{ content: { role: 'model', parts }, index: 0, ...(finish ? { finishReason: 'STOP' } : {}) }],
    ...(usageMetadata ? { usageMetadata } : {}),
    modelVersion: model || 'gemini-stand-in',
    responseId: `standin-${Date.now().toString(36)}`,
  };
}

/** Splits `text` into pieces of about `size` characters (on word boundaries when it can). */
export function piecesOf(text: string, size: number): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > size) {
    const cut = rest.lastIndexOf(' ', size);
    const at = cut > 0 ? cut + 1 : size;
    out.push(rest.slice(0, at));
    rest = rest.slice(at);
  }
  if (rest) out.push(rest);
  return out;
}
