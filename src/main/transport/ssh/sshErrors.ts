/** What went wrong reaching a remote host, by kind: the UI says what to do for each. */
export type RemoteHostErrorCode =
  | 'HOST_KEY_CHANGED'
  | 'HOST_KEY_UNKNOWN'
  | 'AUTH_REFUSED'
  | 'UNRESOLVED'
  | 'CONNECTION_REFUSED'
  | 'UNREACHABLE'
  | 'SSH_FAILED'
  | 'PLATFORM'
  | 'INSTALL'
  | 'BRIDGE'
  /** The remote's running host was built from another contract (its agents keep running; restart it to connect). */
  | 'HOST_VERSION';

/**
 * A remote host that could not be reached or served. For SSH's own failures
 * `sshSays` holds OpenSSH's words as it printed them; `advice` is one line of
 * what to do. The message is both.
 */
export class RemoteHostError extends Error {
  override readonly name = 'RemoteHostError';
  constructor(
    readonly code: RemoteHostErrorCode,
    readonly destination: string,
    readonly sshSays: string,
    readonly advice: string,
  ) {
    super(sshSays.length > 0 ? `${sshSays}\n${advice}` : advice);
  }
}

interface Rule {
  readonly code: RemoteHostErrorCode;
  readonly test: RegExp;
  readonly advice: (destination: string) => string;
}

// Most specific first: a changed key also prints "Host key verification failed."
const RULES: readonly Rule[] = [
  {
    code: 'HOST_KEY_CHANGED',
    test: /REMOTE HOST IDENTIFICATION HAS CHANGED/,
    advice: (d) => `${d}'s host key is not the one you trusted before. If you know why it changed, remove the old key with ssh-keygen -R (as above) and connect once from a terminal; otherwise do not connect.`,
  },
  {
    code: 'HOST_KEY_UNKNOWN',
    test: /Host key verification failed\.|No (?:ED25519|RSA|ECDSA|DSA)? ?host key is known/,
    advice: (d) => `Swarmdesk does not accept a new host key for you: run "ssh ${d}" once in a terminal, check the fingerprint and accept it.`,
  },
  {
    code: 'AUTH_REFUSED',
    test: /Permission denied \(|Too many authentication failures/,
    advice: (d) => `${d} refused the login. Swarmdesk uses your ssh keys and agent without prompting: check that "ssh ${d}" logs in from a terminal without a password.`,
  },
  {
    code: 'UNRESOLVED',
    test: /Could not resolve hostname|Name or service not known/,
    advice: (d) => `Check the spelling of "${d}", or add a Host entry for it to your ssh config.`,
  },
  {
    code: 'CONNECTION_REFUSED',
    test: /Connection refused/,
    advice: (d) => `Nothing accepts SSH connections at ${d}: check that its sshd runs and the port is right.`,
  },
  {
    code: 'UNREACHABLE',
    test: /Connection timed out|Operation timed out|No route to host|Network is unreachable|Connection closed by|Connection reset|Broken pipe|kex_exchange_identification/,
    advice: (d) => `${d} could not be reached; Swarmdesk will try again.`,
  },
];

/** OpenSSH's lines worth showing: its own messages, without blank lines and banners' noise. */
function sshLines(stderr: string): string {
  return stderr
    .split(/\r?\n/)
    .map((l) => l.trimEnd())
    .filter((l) => l.length > 0)
    .slice(-20)
    .join('\n');
}

/** Classifies what ssh printed when it failed; null when its stderr names no known failure. */
export function classifySshFailure(destination: string, stderr: string): RemoteHostError | null {
  for (const rule of RULES) {
    if (rule.test.test(stderr)) return new RemoteHostError(rule.code, destination, sshLines(stderr), rule.advice(destination));
  }
  return null;
}

/** ssh exited (255 is its own failure) before the remote side answered. */
export function sshFailure(destination: string, stderr: string, exit: number | string | null): RemoteHostError {
  return (
    classifySshFailure(destination, stderr) ??
    new RemoteHostError('SSH_FAILED', destination, sshLines(stderr), `ssh to ${destination} ended (${exit ?? 'no exit code'}) before Swarmdesk's host answered; check that "ssh ${destination}" works from a terminal.`)
  );
}
