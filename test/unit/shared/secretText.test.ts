import { describe, expect, it } from 'vitest';
import { SECRET_PLACEHOLDER, maskSecretText } from '../../../src/shared/secretText';
import { buildTitlePrompt } from '../../../src/shared/ambient/prompts/builders';
import { buildCommitMessagePrompt } from '../../../src/shared/ambient/prompts/commitMessage';

// Fake secrets, assembled at run time so no scanner takes this file for a leak.
const j = (...parts: string[]): string => parts.join('');
const KEYS = {
  openai: j('sk-', 'proj-', 'Ab3dEf6hIj9kLm2nOp5qRs8t'),
  openaiPlain: j('sk-', 'Zy1xWv2uTs3rQp4oNm5lKj6i'),
  anthropic: j('sk-', 'ant-', 'api03-', 'Qw3rTy6uIo9pAs2dFg5hJk8l_zx'),
  ghp: j('gh', 'p_', 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'),
  githubPat: j('github', '_pat_', '11ABCDEFG0', 'a1b2c3d4e5f6g7h8i9j0_xyzXYZ'),
  awsId: j('AKIA', 'IOSFODNN7EXAMPLE'),
  awsSecret: j('wJalrXUtnFEMI/K7MDENG/', 'bPxRfiCYEXAMPLEKEY'),
  slack: j('xox', 'b-', '123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx'),
  jwt: j('eyJ', 'hbGciOiJIUzI1NiJ9', '.eyJ', 'zdWIiOiIxMjM0NTY3ODkwIn0', '.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'),
  bearer: j('mF_9.B5f-4.1', 'JqM7Xy3Zpq'),
  password: 'hunter2-Pa55',
  urlPass: 'pr1v4te-pass',
  keyBody: j('MIIEvQIBADANBgkqhkiG9w0BAQEFAASC', 'BKcwggSjAgEAAoIBAQC7'),
  /** Two full lines of a PEM body (64 characters each). */
  pemLines: j('MIIEowIBAAKCAQEAwQ0pZ8hW3c5Ez2Lq', 'Yk4bN7vR1sT9uX6aD2fG8jH0kL3mP5o\n', 'QrS7tU9vW1xY3zA5bC7dE9fG1hI3jK5l', 'M7nO9pQ1rS3tU5vW7xY9zA1bC3dE5fG7'),
} as const;

/** Each shape as it turns up in material, and the secret that must not survive it. */
const CASES: readonly (readonly [string, string, string])[] = [
  ['an OpenAI project key', `export OPENAI_API_KEY ${KEYS.openai}`, KEYS.openai],
  ['a plain sk- key', `curl -H "x-api-key ${KEYS.openaiPlain}" api`, KEYS.openaiPlain],
  ['an Anthropic key', `key is ${KEYS.anthropic} ok`, KEYS.anthropic],
  ['a ghp_ token', `git push https://github.com with ${KEYS.ghp}`, KEYS.ghp],
  ['a github_pat_ token', `GH=${KEYS.githubPat}`, KEYS.githubPat],
  ['an AWS key id', `id ${KEYS.awsId} in us-east-1`, KEYS.awsId],
  ['an AWS secret', `aws_secret_access_key = ${KEYS.awsSecret}`, KEYS.awsSecret],
  ['an AWS secret in the env', `AWS_SECRET_ACCESS_KEY=${KEYS.awsSecret} aws s3 ls`, KEYS.awsSecret],
  ['a Slack token', `slack said ${KEYS.slack}`, KEYS.slack],
  ['a JWT', `cookie: session ${KEYS.jwt}`, KEYS.jwt],
  ['an Authorization header', `curl -H 'Authorization: Bearer ${KEYS.bearer}' https://x`, KEYS.bearer],
  ['a bare bearer token', `with Bearer ${KEYS.bearer}`, KEYS.bearer],
  ['password=', `psql "host=db password=${KEYS.password} user=me"`, KEYS.password],
  ['token=', `open https://x.test/cb?token=${KEYS.password}&next=1`, KEYS.password],
  ['secret:', `client_secret: ${KEYS.password}`, KEYS.password],
  ['a JSON password', `{"password": "${KEYS.password}"}`, KEYS.password],
  ['a --password flag', `mysql --password ${KEYS.password} db`, KEYS.password],
  ['a private-key block', `-----BEGIN RSA PRIVATE KEY-----\n${KEYS.keyBody}\n-----END RSA PRIVATE KEY-----\nafter`, KEYS.keyBody],
  ['a private-key block cut short', `cat id\n-----BEGIN OPENSSH PRIVATE KEY-----\n${KEYS.keyBody}`, KEYS.keyBody],
  ['a private-key block whose BEGIN line scrolled away', `${KEYS.keyBody}\n-----END OPENSSH PRIVATE KEY-----\n$ ls`, KEYS.keyBody],
  ['a key body with neither armour line in view', `$ tail -2 id_rsa\n${KEYS.pemLines}\n$ `, KEYS.pemLines.split('\n')[1] ?? ''],
  ['a bare AWS secret typed at aws configure', `AWS Secret Access Key [None]: ${KEYS.awsSecret}\nDefault region name [None]:`, KEYS.awsSecret],
  ['a curl -u password', `curl -u admin:${KEYS.password} https://x.test/api`, KEYS.password],
  ['a URL with credentials', `git clone https://me:${KEYS.urlPass}@git.example.com/r.git`, KEYS.urlPass],
];

describe('maskSecretText: each well-known shape', () => {
  for (const [what, text, secret] of CASES) {
    it(`masks ${what}`, () => {
      const out = maskSecretText(text);
      expect(out).not.toContain(secret);
      expect(out).toContain(SECRET_PLACEHOLDER);
    });
  }

  it('keeps what is around a secret readable', () => {
    expect(maskSecretText(`git clone https://me:${KEYS.urlPass}@git.example.com/r.git`)).toBe(`git clone https://${SECRET_PLACEHOLDER}@git.example.com/r.git`);
    expect(maskSecretText(`psql password=${KEYS.password} -c 'select 1'`)).toBe(`psql password=${SECRET_PLACEHOLDER} -c 'select 1'`);
    expect(maskSecretText(`-----BEGIN RSA PRIVATE KEY-----\n${KEYS.keyBody}\n-----END RSA PRIVATE KEY-----\nafter`)).toBe(`${SECRET_PLACEHOLDER} (private key)\nafter`);
  });

  it('leaves ordinary text alone', () => {
    for (const text of [
      'Fix the token refresh',
      'Rotate the secret store and update the password reset flow',
      'the Authorization header is missing on retries',
      'task-runner: use sk-learn? no, scikit-learn',
      'ls -la && git push origin main',
      'const tokens = text.split(" ")',
      'https://github.com/acme/billing-api/pull/42',
      'eyJhbGciOi is how a JWT starts',
      'git show 3f9c2a1b4d5e6f708192a3b4c5d6e7f8091a2b3c',
      'git push -u origin main',
      'src/main/core/agents/terminal/statusWatch.ts and ReadTheDocsPageForTheLongestClassName',
    ]) {
      expect(maskSecretText(text)).toBe(text);
    }
  });

  it('is idempotent', () => {
    for (const [, text] of CASES) expect(maskSecretText(maskSecretText(text))).toBe(maskSecretText(text));
  });
});

describe('every prompt masks its material', () => {
  const leaky = CASES.map(([, text]) => text).join('\n');
  const secrets = CASES.map(([, , s]) => s);

  it('a title prompt from a transcript holds no secret', () => {
    const p = buildTitlePrompt({ userMessage: `deploy with ${KEYS.anthropic}`, activity: leaky });
    if (p === null) throw new Error('expected a prompt');
    for (const s of secrets) expect(p.user).not.toContain(s);
  });

  it('a commit prompt holds no secret, even one hidden by a zero-width space or cut by the clip', () => {
    const hidden = KEYS.ghp.slice(0, 10) + '\u200B' + KEYS.ghp.slice(10);
    const long = `${'x '.repeat(1000)}${KEYS.anthropic} ${'y '.repeat(1000)}`;
    const p = buildCommitMessagePrompt({ title: 'Fix login', activity: `${hidden}\n${long}`, paths: ['src/a.ts'] });
    if (p === null) throw new Error('expected a prompt');
    expect(p.user).not.toContain(KEYS.ghp);
    expect(p.user).not.toContain(KEYS.anthropic.slice(0, 16));
  });
});

describe('maskSecretText on long text', () => {
  // Unbounded, the name-and-value rule scanned each position of a run of letters to its end: 200,000 characters
  // took about 40 s (quadratic), and a 1 MB answer held the host's thread for minutes.
  it('a 200,000-character run of letters is read once, and a secret after it is still masked', () => {
    const text = `${'x'.repeat(200_000)} DB_PASSWORD=hunter2hunter2`;
    const masked = maskSecretText(text);
    expect(masked.endsWith(`DB_PASSWORD=${SECRET_PLACEHOLDER}`)).toBe(true);
  });
});
