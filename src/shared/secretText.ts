/**
 * The one masker for secrets in free text (issue 32): every piece of material an ambient prompt
 * carries (transcripts, submitted lines, a screen, a window title) passes through `maskSecretText`
 * before a model reads it. It knows well-known secret shapes, not secrets themselves: a provider
 * key, a GitHub or Slack token, an AWS key, a JWT, a bearer header, a `password=` value, a
 * private-key block, a URL with credentials. Ordinary prose ("Fix the token refresh") is left alone:
 * a name-and-value rule needs the `=` or `:` that assigns a value.
 */

/** What a masked secret reads as: says what was there without any of it. */
export const SECRET_PLACEHOLDER = '[secret]';

interface Rule {
  readonly name: string;
  readonly pattern: RegExp;
  /** The replacement (may keep a harmless prefix such as the header's name). */
  readonly replace: string;
}

const P = SECRET_PLACEHOLDER;

/**
 * Names whose value is a secret when assigned (`password=`, `"api_key": "…"`, `DB_PASSWORD=…`). The name's parts
 * around the keyword are bounded: unbounded, every position of a long run of letters was scanned to its end
 * (quadratic: a 1 MB answer took minutes).
 */
const SECRET_NAME = String.raw`[A-Za-z0-9_.-]{0,64}(?:password|passwd|pwd|passphrase|token|secret|api[_-]?key|apikey|access[_-]?key|private[_-]?key|credentials?)[A-Za-z0-9_.-]{0,64}`;

/** Specific shapes first, so each is masked whole; the name-and-value rule last. */
const RULES: readonly Rule[] = [
  {
    name: 'private key block',
    // Up to its END line, or to the end of the text when the block was cut before it.
    pattern: /-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY( BLOCK)?-----[\s\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY( BLOCK)?-----|$)/g,
    replace: `${P} (private key)`,
  },
  // The tail of a block whose BEGIN line was cut off (a screen's last lines): everything up to its END line.
  { name: 'private key tail', pattern: /^[\s\S]*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g, replace: `${P} (private key)` },
  // A key's body with neither of its armour lines in view: two or more full lines of base64 (PEM's 64, OpenSSH's 70).
  { name: 'key body lines', pattern: /(?:^|\n)(?:[A-Za-z0-9+/]{60,76}={0,2}(?:\n|$)){2,}/g, replace: `\n${P} (key lines)\n` },
  { name: 'url credentials', pattern: /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@:]+:[^\s/?#@]+@/gi, replace: `$1${P}@` },
  { name: 'authorization header', pattern: /\b(Authorization["']?\s*[:=]\s*["']?)(?:Bearer|Basic|Token|Bot)?\s*[A-Za-z0-9._~+/-]+=*/gi, replace: `$1${P}` },
  { name: 'bearer token', pattern: /\b(Bearer\s+)[A-Za-z0-9._~+/-]{8,}=*/g, replace: `$1${P}` },
  { name: 'anthropic key', pattern: /\bsk-ant-[A-Za-z0-9_-]{8,}/g, replace: P },
  { name: 'provider key', pattern: /\bsk-(?:proj-|svcacct-|admin-|or-v1-)?[A-Za-z0-9_-]{16,}/g, replace: P },
  { name: 'stripe key', pattern: /\b[rsp]k_(?:live|test)_[A-Za-z0-9]{16,}/g, replace: P },
  { name: 'github token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g, replace: P },
  { name: 'gitlab token', pattern: /\bglpat-[A-Za-z0-9_-]{20,}/g, replace: P },
  { name: 'slack token', pattern: /\bxox[abposre]-[A-Za-z0-9-]{10,}|\bxapp-\d-[A-Za-z0-9-]{10,}/g, replace: P },
  { name: 'slack webhook', pattern: /hooks\.slack\.com\/services\/[A-Za-z0-9/]+/g, replace: `hooks.slack.com/services/${P}` },
  { name: 'google api key', pattern: /\bAIza[0-9A-Za-z_-]{35}/g, replace: P },
  { name: 'aws key id', pattern: /\b(?:AKIA|ASIA|ABIA|ACCA|AIDA|AROA)[A-Z0-9]{16}\b/g, replace: P },
  // A 40-character AWS secret next to its name (the name-and-value rule would keep a suffix like `/…`).
  { name: 'aws secret', pattern: /\b(aws_?secret_?(?:access_?)?key["']?\s*[:=]\s*["']?)[A-Za-z0-9/+=]{40}/gi, replace: `$1${P}` },
  // A bare 40-character AWS secret (typed at `aws configure`'s prompt, printed by a tool): mixed case and a digit,
  // so a git hash (lower-case hex) or a word is never taken for one.
  {
    name: 'aws secret (bare)',
    pattern: /(?<![A-Za-z0-9/+=])(?=[A-Za-z0-9/+]*[A-Z])(?=[A-Za-z0-9/+]*[a-z])(?=[A-Za-z0-9/+]*[0-9])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g,
    replace: P,
  },
  { name: 'jwt', pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g, replace: P },
  // `password=…`, `token: …`, `"secret": "…"`, `DB_PASSWORD=…`, `--token=…`, `--password …`.
  // A value that is a call (`tokens = text.split(…)`) is code, not a secret: the lookahead takes the
  // value whole (no backtracking), then a following `(` refuses it.
  {
    name: 'named value',
    pattern: new RegExp(String.raw`(${SECRET_NAME}["']?\s*[:=]\s*["']?)(?!\[secret\])(?=([^\s"'\`&;,(){}\[\]]+))\2(?!\()`, 'gi'),
    replace: `$1${P}`,
  },
  // `curl -u me:pass`, `--user me:pass`: the name stays, the password goes.
  { name: 'user and password flag', pattern: /((?:^|\s)(?:-u|--user)[\s=]+["']?[^\s:"'[]+:)(?!\[secret\])[^\s"']+/g, replace: `$1${P}` },
  { name: 'flag value', pattern: /(--(?:password|passwd|token|secret|api-key|access-key)\s+["']?)(?!\[secret\])[^\s"'`]+/gi, replace: `$1${P}` },
];

/** `text` with every well-known secret shape replaced by SECRET_PLACEHOLDER. */
export function maskSecretText(text: string): string {
  let out = text;
  for (const rule of RULES) out = out.replace(rule.pattern, rule.replace);
  return out;
}

