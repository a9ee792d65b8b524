/**
 * Extra rules for a next-prompt suggestion (SPEC §9.1). A suggestion is ghost text one Tab
 * and Enter away from being sent as if the user wrote it, so it must be the user telling
 * the agent something, and it must never propose on its own initiative something the user
 * could regret.
 */
import { anySentenceOpener, anyWholePhrase, matchForm } from './text';

/** The model asking the user instead of writing the user's next instruction. */
const ASKING_OPENERS = anySentenceOpener([
  'should i', 'should we', 'shall i', 'shall we', 'do you want', 'do you need', 'do you wish',
  'would you like', 'would you prefer', 'want me to', 'can i', 'could i', 'may i', 'is there anything',
  'anything else', 'what would you like', 'what should i', 'what should we', 'how would you like',
  'which would you', 'which one', 'are you sure', 'are there', 'is there', 'do we', 'did you',
]);

/** Whether the suggestion is a question: it ends with a question mark (quotes and closing
 *  brackets after it ignored) or opens the way a question to the user does. */
export function isQuestion(text: string): boolean {
  const tail = text.trim().replace(/["'”’)\]»\s]+$/u, '');
  return /[?？¿]$/u.test(tail) || ASKING_OPENERS.test(matchForm(text));
}

/**
 * Risky shapes, as regex sources matched on whole words in `matchForm`. Plurals are part
 * of each pattern ("tokens", "secrets"). Over-blocking is deliberate: a blocked suggestion
 * costs nothing, an accepted one might delete data or leak a secret.
 */
const RISKY = anyWholePhrase(
  [
    // destroying files, history or data
    'rm\\s+-[a-z]*[rf][a-z]*',
    'rm\\s+--(?:recursive|force)',
    'rimraf',
    'rmdir\\s+/[a-z]+',
    'del\\s+/[a-z]+',
    '--force(?:-with-lease)?',
    'force[- ]?push(?:es|ed|ing)?',
    'push\\s+-f',
    'reset\\s+--hard',
    'clean\\s+-[a-z]*f[a-z]*',
    'branch\\s+-d',
    'checkout\\s+--\\s+\\.',
    'restore\\s+\\.',
    'stash\\s+(?:drop|clear)',
    'filter-branch',
    'filter-repo',
    '--no-verify',
    'drop\\s+(?:the\\s+)?(?:table|database|schema|collection|index)s?',
    'truncate\\s+(?:the\\s+)?tables?',
    'delete\\s+from',
    'delete\\s+(?:all|everything|every|the\\s+(?:database|db|repo|repository|branch|data|folder|directory|bucket|table|tables|files|history))',
    'remove\\s+(?:all|everything)',
    'erase(?:s|d)?',
    'wipe(?:s|d)?',
    'wiping',
    'purge(?:s|d)?',
    'nuke(?:s|d)?',
    'destroy(?:s|ed)?',
    'mkfs(?:\\.[a-z0-9]+)?',
    'dd\\s+if=\\S*',
    'format\\s+(?:the\\s+)?(?:disk|drive|partition)',
    'chmod\\s+(?:-r\\s+)?777',
    'chown\\s+-r',
    'sudo',
    'kill\\s+-9',
    'npm\\s+publish',
    'deploy\\s+to\\s+prod(?:uction)?',
    // secrets
    'passwords?',
    'passwd',
    'passphrases?',
    'secrets?',
    'credentials?',
    'api[ _-]?keys?',
    'access[ _-]?keys?',
    'secret[ _-]?keys?',
    'private[ _-]?keys?',
    'ssh[ _-]?keys?',
    'id_rsa',
    'id_ed25519',
    'tokens?',
    'bearer',
    '\\.env(?:\\.[a-z]+)?',
    '\\.npmrc',
    '\\.netrc',
  ],
  true,
);

/** Whether the suggestion proposes something risky: deleting data, force-pushing, or
 *  touching secrets. */
export function isRisky(text: string): boolean {
  return RISKY.test(matchForm(text));
}
