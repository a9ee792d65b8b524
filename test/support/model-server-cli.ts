/**
 * The stand-in model server as a process, for e2e runs and manual checks:
 *
 *   npx tsx test/support/model-server-cli.ts [--port N] [--replies FILE]
 *
 * Prints `model-server http://127.0.0.1:<port>` once listening. Point the app at it with
 * ANTHROPIC_BASE_URL=<url> ANTHROPIC_API_KEY=x (or OPENAI_BASE_URL=<url>/v1). The replies
 * file is a JSON array of `{ "match": "...", "reply": { "text": "..." } | { "fault": "..." } }`
 * rules tried before the default policy (see model-server-policy.ts). SIGTERM/SIGINT close it.
 */
import { startModelServer } from './model-server';
import { defaultPolicy, loadRules, rulesPolicy } from './model-server-policy';

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const repliesFile = argValue('--replies');
  const policy = repliesFile ? rulesPolicy(loadRules(repliesFile)) : defaultPolicy;
  const server = await startModelServer({ policy, port: Number(argValue('--port') ?? 0) });
  console.log(`model-server ${server.url}`);
  const stop = (): void => {
    void server.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
