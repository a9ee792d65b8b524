import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * Nothing in Swarmdesk runs `git stash`, `git reset` (other than `--keep`), `git clean`, or a checkout,
 * switch or restore that discards changes, on any tree (issue 36): allowed are `reset --keep`,
 * `rebase --abort` and `merge --ff-only`. Git runs only with argument arrays (git/run.ts), so every
 * array literal under src/ is read as git arguments (spreads of literal arrays and of either branch of a
 * conditional included), and every string is read for a shell line that would do the same.
 */

const ROOT = resolve(__dirname, '../../..');
/** A token that is not a string literal (a variable, a call, a template with values). */
const UNKNOWN = '?';

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The tokens an array literal gives git, in order; both branches of a spread conditional, one after the other. */
function tokensOf(node: ts.Expression): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isParenthesizedExpression(node)) return tokensOf(node.expression);
  if (ts.isArrayLiteralExpression(node)) return node.elements.flatMap((e) => (ts.isSpreadElement(e) ? tokensOf(e.expression) : tokensOf(e)));
  if (ts.isConditionalExpression(node)) return [...tokensOf(node.whenTrue), ...tokensOf(node.whenFalse)];
  return [UNKNOWN];
}

/** The git subcommand of an argument list: the first literal past `-c key=value`, `-C dir` and options. */
function subcommand(tokens: readonly string[]): { name: string; rest: string[] } | null {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] ?? '';
    if (t === '-c' || t === '-C') i++;
    else if (t !== UNKNOWN && !t.startsWith('-')) return { name: t, rest: tokens.slice(i + 1) };
  }
  return null;
}

/** Why these git arguments could lose the user's work, or null when they cannot. */
function discardingGitArgs(tokens: readonly string[]): string | null {
  if (tokens.some((t) => t === '--autostash' || /^rebase\.autostash=true$|^merge\.autostash=true$/i.test(t))) return 'an autostash is a git stash';
  const sub = subcommand(tokens);
  if (!sub) return null;
  const has = (...flags: string[]): boolean => sub.rest.some((t) => flags.includes(t));
  switch (sub.name) {
    case 'stash':
      return 'git stash';
    case 'clean':
      return 'git clean deletes untracked files';
    case 'reset':
      return has('--keep') ? null : 'git reset other than --keep can discard changes (--hard) or rewrite the index';
    case 'checkout':
      return has('-f', '--force', '--discard-changes', '--ours', '--theirs', '-p', '--patch', '--', '.')
        ? 'a checkout of paths, or a forced one, overwrites changes'
        : null;
    case 'switch':
      return has('-f', '--force', '--discard-changes') ? 'a forced switch discards changes' : null;
    case 'restore':
      return has('--staged') && !has('--worktree', '-W') ? null : 'git restore overwrites files in the working tree';
    default:
      return null;
  }
}

/** A shell line that runs one of them (a command given to a terminal, a setup script). */
const SHELL_DISCARD = /\bgit\s+(?:-\S+\s+)*(?:stash\b|clean\b|reset\s+--hard\b|checkout\s+(?:-f\b|--force\b|\.(?:\s|$)|--\s)|restore\s)/;

interface Finding {
  readonly file: string;
  readonly line: number;
  readonly text: string;
  readonly why: string;
}

/** Every place in one source text that would run a discarding git command. */
function findDiscardingGit(file: string, text: string): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Finding[] = [];
  const at = (node: ts.Node, why: string): void => {
    found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.getText().slice(0, 120), why });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isArrayLiteralExpression(node) && !ts.isSpreadElement(node.parent)) {
      const why = discardingGitArgs(tokensOf(node));
      if (why) at(node, why);
    }
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) && SHELL_DISCARD.test(node.text)) {
      at(node, 'a shell line running a discarding git command');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('git never discards work', () => {
  it('no code under src/ runs git stash, reset (but --keep), clean, or a discarding checkout, switch or restore', () => {
    const findings = sourceFiles(join(ROOT, 'src')).flatMap((path) => findDiscardingGit(relative(ROOT, path), readFileSync(path, 'utf8')));
    expect(findings.map((f) => `${f.file}:${f.line} ${f.text} — ${f.why}`)).toEqual([]);
  });

  it('finds each kind, however the arguments are written', () => {
    const planted = [
      `repo.run(['stash']);`,
      `repo.run(['stash', 'push', '-u']);`,
      `runGit(dir, ['-C', dir, 'clean', '-fdx']);`,
      `repo.run([...who, 'reset', '--hard', 'HEAD']);`,
      `repo.run(['reset', '--mixed']);`,
      `repo.run(['checkout', '--', file]);`,
      `repo.run(['checkout', '.']);`,
      `repo.run(['checkout', '-f', branch]);`,
      `repo.run(['switch', '--discard-changes', branch]);`,
      `repo.run(['restore', file]);`,
      `repo.run(['-c', 'rebase.autoStash=true', 'rebase', onto]);`,
      `repo.run(['pull', '--autostash']);`,
      `const args = force ? ['stash'] : ['status'];`,
      `repo.run([...(hard ? ['reset', '--hard'] : ['reset', '--keep']), commit]);`,
      `pty.write('git stash && git pull\\r');`,
      'pty.write(`cd ${dir} && git reset --hard origin/main`);',
      `const setup = 'git clean -fdx';`,
    ];
    for (const line of planted) expect(findDiscardingGit('planted.ts', line), line).toHaveLength(1);
  });

  it('lets the safe ones through', () => {
    const allowed = [
      `worktree.run(['reset', '--quiet', '--keep', squashCommit]);`,
      `worktree.run(['rebase', '--abort']);`,
      `checkout.run(['merge', '--ff-only', '--quiet', '--no-stat', newCommit]);`,
      `worktree.run([...who, '-c', 'core.editor=true', '-c', 'rebase.autoStash=false', 'rebase', '--quiet', onto]);`,
      `repo.run(['checkout', branch]);`,
      `repo.run(['restore', '--staged', file]);`,
      `repo.run(['status', '--porcelain']);`,
      `const words = ['idle', 'working', 'done'];`,
      `note('Run git status to see it.');`,
    ];
    for (const line of allowed) expect(findDiscardingGit('allowed.ts', line), line).toEqual([]);
  });
});
