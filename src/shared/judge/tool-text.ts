/**
 * Text an agent tool or its client wrote where a title or a user line belongs: error texts
 * (a `summary` record that is `API Error: 404 {…}`, `Request failed with status code 529`,
 * `connect ECONNREFUSED …`, `TypeError: …`, rate-limit notices) and tool markup or meta lines
 * (`<command-name>`, caveats, `[Request interrupted by user]`, hook output, Codex's
 * `<environment_context>`). Real histories hold whole resume lists of these.
 *
 * Precision: a real title may MENTION an error ("Fix insufficient permissions error", "Debug
 * 429 retry backoff", "Handle ECONNREFUSED in proxy"). So the rules look at the shape of the
 * WHOLE text: an error text opens with the error (its name, a status line, a client's
 * sentence) and then only carries details; a title opens with what is being done about it.
 */
import { isCompactionSummary } from '../compaction';
import { matchForm, visibleForm, wordsForm } from './text';

/** Openings that are an error whatever follows: a client's or SDK's error sentence. */
const ERROR_OPENINGS: readonly RegExp[] = [
  // "API Error: 404 {…}", "API Error (429) …", "API error: Connection error."
  /^api\s*error\b\s*[:(\d]/u,
  // axios and friends: "Request failed with status code 529"
  /^request\s+failed\s+with\s+status(?:\s+code)?\s+\d{3}\b/u,
  // "Error: …", "TypeError: …", "anthropic.RateLimitError: …", "java.io.IOException: …"
  /^(?:uncaught\s+|unhandled\s+)?(?:[a-z_$][\w$]*\.)*(?:[a-z_$][\w$]*)?(?:error|exception)\s*(?:\[[^\]]*\]\s*)?:/u,
  // a stack frame: "at Object.<anonymous> (/app/x.js:1:2)"
  /^at\s+\S+\s+\(?[^()]*:\d+:\d+\)?$/u,
  // "HTTP 500", "HTTP/1.1 503 Service Unavailable", "Status 429: …", "Error 404 …"
  /^(?:http(?:\/\d(?:\.\d)?)?|status(?:\s+code)?|error(?:\s+code)?)\s*[:#]?\s*[1-5]\d\d\b/u,
  // a titler's own failure: "Title generation failed", "Summary generation error"
  /^(?:title|name|summary|preview)\s+generation\s+(?:failed|error)\b/u,
  // limit notices with their details: "Rate limit reached for gpt-4 in organization …"
  /^(?:rate\s+limit|quota|(?:claude\s+)?(?:ai\s+)?usage\s+limit)\s+(?:reached|exceeded)\b/u,
  /^you(?:'ve|\s+have)\s+(?:hit|reached|exceeded)\s+your\s+(?:\w+\s+)?limit\b/u,
  // Codex: "exceeded retry limit, last status: 429 Too Many Requests, request id: …",
  // "unexpected status 401 Unauthorized: …", "stream error: stream disconnected before completion"
  /^exceeded\s+retry\s+limit\b/u,
  /^unexpected\s+status\s+[1-5]\d\d\b/u,
  // Claude Code: "Unable to connect to API (ECONNREFUSED)", "Error during compaction: …"
  /^(?:unable|failed)\s+to\s+connect(?:\s+to\s+(?:the\s+)?(?:api|server|model(?:\s+provider)?|anthropic|openai))?\s*(?:[.:(]|$)/u,
  /^error\s+(?:during|while)\s+\w+(?:\s+\w+)?\s*:/u,
  // a JSON error body anywhere: {"type":"error","error":{…}}
  /"type"\s*:\s*"error"/u,
  /"error"\s*:\s*\{/u,
];

/** Node and libc errno names opening the text, alone or with the syscall and address:
 *  "ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:443", "getaddrinfo ENOTFOUND api.x.com".
 *  "ECONNREFUSED retries in proxy" goes on with words of its own: a title. */
const ERRNO_TEXT =
  /^(?:(?:connect|read|write|getaddrinfo|spawn(?:\s+\S+)?|querysrv|open|stat|lstat|mkdir|unlink|rename|scandir|error:?)\s+)?(e[a-z]{2,}(?:_[a-z]+)*)(?:\s*(?::.*|,.*|\(.*\)|\s+(?:[\d.:[\]a-f]+|[\w.-]+\.[a-z]{2,}(?::\d+)?|'[^']*'|"[^"]*"))?)$/u;
const ERRNO_NAMES = new Set([
  'econnrefused', 'econnreset', 'econnaborted', 'etimedout', 'enotfound', 'eai_again', 'epipe', 'enoent',
  'eacces', 'eperm', 'eaddrinuse', 'eaddrnotavail', 'ehostunreach', 'enetunreach', 'enetdown', 'esockettimedout',
  'eproto', 'ecanceled', 'emfile', 'enospc', 'eisdir', 'enotdir', 'eexist', 'ebusy', 'enotempty', 'einval',
  'ecert_has_expired', 'err_stream_premature_close',
]);

/**
 * Notices a client shows instead of a result, compared against the text's head (up to the
 * first ":", ".", "·", "|", "(", "[", "{" or " - "), with a leading "error", "HTTP" and
 * status numbers gone: "Overloaded", "Rate limit exceeded", "Claude AI usage limit reached|…",
 * "529 Overloaded", "Model not found: claude-x". The whole head must be the notice, so
 * "Rate limit handling for API client" stays a title.
 */
const NOTICE_HEADS = new Set(
  [
    'overloaded', 'overloaded error', 'server overloaded', 'api overloaded', 'rate limited', 'rate limit',
    'rate limit error', 'rate limit exceeded', 'rate limit reached', 'too many requests', 'quota exceeded',
    'insufficient quota', 'usage limit reached', 'claude usage limit reached', 'claude ai usage limit reached',
    'you ve hit your limit', 'you have hit your limit', 'you ve reached your usage limit', 'limit reached',
    'session limit reached', '5 hour limit reached', 'weekly limit reached', 'credit balance is too low',
    'your credit balance is too low', 'model not found', 'model not available', 'model unavailable',
    'the model does not exist', 'not found error', 'not found', 'unauthorized', 'forbidden', 'bad request',
    'bad gateway', 'gateway timeout', 'service unavailable', 'internal server error', 'internal error',
    'server error', 'upstream error', 'connection error', 'connection refused', 'connection reset',
    'network error', 'request timed out', 'request timeout', 'timed out', 'timeout', 'socket hang up',
    'fetch failed', 'failed to fetch', 'unexpected error', 'an error occurred', 'an unexpected error occurred',
    'something went wrong', 'unknown error', 'error', 'invalid api key', 'invalid request error',
    'authentication error', 'authentication failed', 'permission error', 'permission denied',
    'prompt is too long', 'context length exceeded', 'context window exceeded', 'maximum context length exceeded',
    'request too large', 'payload too large', 'oauth token has expired', 'token expired', 'api error',
    'api key not found', 'no api key', 'missing api key', 'execution error', 'stream error', 'aborted',
    'request aborted', 'request was aborted', 'operation aborted', 'process exited with code',
    'connection failed', 'stream disconnected before completion',
  ].map(wordsForm),
);
const HEAD_END = /\s+-\s+|[:.·|([{]/u;
/** A leading "error", "HTTP", "API" or status number, repeated: "Error 529 Overloaded". */
const HEAD_PREFIX = /^(?:(?:api|http|error|status|code|[1-5]\d\d)\s+)+/u;

function noticeHead(form: string): string {
  const cut = form.split(HEAD_END)[0] ?? '';
  return wordsForm(cut).replace(HEAD_PREFIX, '').trim();
}

const ERROR_SCAN_CHARS = 400;

/** Whether `text` is an error a tool or client wrote, not a title that mentions one. */
export function isErrorText(text: string): boolean {
  // An error shows what it is in its opening: the first few hundred characters decide.
  const form = matchForm(text.length > ERROR_SCAN_CHARS ? text.slice(0, ERROR_SCAN_CHARS) : text);
  if (form === '') return false;
  if (ERROR_OPENINGS.some((re) => re.test(form))) return true;
  const errno = ERRNO_TEXT.exec(form)?.[1];
  if (errno !== undefined && ERRNO_NAMES.has(errno)) return true;
  const head = noticeHead(form);
  return head !== '' && NOTICE_HEADS.has(head);
}

/** Tags agent CLIs wrap their own traffic in: Claude Code's slash-command echo, local
 *  command output, reminders and hooks; Codex's injected context blocks. */
const TOOL_TAGS =
  /<\/?(?:command-name|command-message|command-args|command-contents|local-command-stdout|local-command-stderr|local-command-caveat|system-reminder|user-prompt-submit-hook|bash-input|bash-stdout|bash-stderr|task-notification|environment_context|user_instructions|user_shell_command|turn_aborted)\b[^>]*>/iu;

/** Lines a tool writes into the user's turn: caveats, interruption notes, hook feedback. */
const META_LINES: readonly RegExp[] = [
  /^caveat:\s*the messages below were generated by the user\b/iu,
  /^\[request interrupted by user\b[^\]]*\]$/iu,
  /^\[request interrupted\b/iu,
  // Claude Code hook output: "PreToolUse:Bash hook error", "SessionStart:startup hook success: …",
  // "Stop hook feedback: …", "UserPromptSubmit operation blocked by hook"
  /^(?:pre|post)tooluse(?::\S+)?\s+(?:hook|says|\[)/iu,
  /^(?:sessionstart|sessionend|userpromptsubmit|notification|stop|subagentstop|precompact)(?::\S+)?\s+(?:hook|operation\s+blocked)/iu,
  /^\S+\s+hook\s+(?:feedback|error|success|blocking\s+error|returned\s+blocking\s+error)\b/iu,
  // Codex's injected instructions before the user's first message
  /^<permissions instructions>/iu,
  /^# agents\.md instructions\b/iu,
  // "No response requested." is what Claude Code answers a bare "Continue": never a topic.
  /^no response requested\.?$/iu,
];

const OPENING_TOOL_TAG = new RegExp(`^${TOOL_TAGS.source}`, 'iu');

/**
 * Whether `text` OPENS with a tool's markup or meta line: a slash-command echo, local command
 * output, a caveat, an interruption note, hook output, Codex's injected context, or another
 * tool's compaction text. Such a user entry is not the user's words; a real message that
 * merely carries a reminder block after the words is still the user's.
 */
export function isToolMeta(text: string): boolean {
  const visible = visibleForm(text);
  if (visible === '') return false;
  if (OPENING_TOOL_TAG.test(visible) || isCompactionSummary(visible)) return true;
  return META_LINES.some((re) => re.test(visible));
}

/** Whether `text` is tool markup or a meta line, not words a person wrote as a title. */
export function isToolMarkup(text: string): boolean {
  return TOOL_TAGS.test(visibleForm(text)) || isToolMeta(text);
}
