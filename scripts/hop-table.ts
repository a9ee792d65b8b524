// `npm run hops`: writes docs/hops.md, the table of every channel, event and hook and who is at each end,
// derived from the code (scripts/hops/). With --check it writes nothing and exits 1 when the file is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { HOPS_FILE, STALE_MESSAGE, hopTable } from './hops/table';

const root = resolve(import.meta.dirname, '..');
const path = join(root, HOPS_FILE);
const table = hopTable(root);
const current = (() => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
})();

if (process.argv.includes('--check')) {
  if (current !== table) {
    console.error(STALE_MESSAGE);
    process.exit(1);
  }
  console.log(`${HOPS_FILE} is up to date`);
} else if (current === table) {
  console.log(`${HOPS_FILE} is up to date`);
} else {
  writeFileSync(path, table);
  console.log(`wrote ${HOPS_FILE}`);
}
