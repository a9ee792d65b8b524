import type { Db } from '../connection';
import { queryPhrases } from './snippetText';

/**
 * Whether stemming changes any of some words, asked of SQLite's own porter tokenizer (the
 * stemmed index's): a word it leaves as it is ("websocket", "parser") finds in the stemmed
 * index only words that start with it, which the prefix index finds already, so search asks
 * the stemmed index only for words it changes ("decorators" → "decor", "retry" → "retri").
 * A one-row TEMP table and its fts5vocab view: nothing of it is in the database file.
 */
/** How many words' answers are kept. */
const KNOWN_WORDS = 2_000;

export function createStemProbe(db: Db) {
  db.exec(`
    CREATE VIRTUAL TABLE IF NOT EXISTS temp.stem_probe USING fts5(w, tokenize = 'porter unicode61 remove_diacritics 2');
    CREATE VIRTUAL TABLE IF NOT EXISTS temp.stem_probe_terms USING fts5vocab(temp, stem_probe, instance);
  `);
  const put = db.prepare<{ w: string }>(`INSERT INTO temp.stem_probe (rowid, w) VALUES (1, @w)`);
  const terms = db.prepare<[], { term: string }>(`SELECT term FROM temp.stem_probe_terms`);
  const clear = db.prepare(`DELETE FROM temp.stem_probe`);
  /** Words asked before (a word's stem never changes): a keystroke mostly asks again what the last one did. */
  const known = new Map<string, boolean>();
  const changes = (word: string): boolean => {
    let answer = known.get(word);
    if (answer === undefined) {
      const plain = new Set(queryPhrases([word]).flat());
      put.run({ w: word });
      try {
        answer = terms.all().some((t) => !plain.has(t.term));
      } finally {
        clear.run();
      }
      if (known.size >= KNOWN_WORDS) known.clear();
      known.set(word, answer);
    }
    return answer;
  };
  return {
    /** True when the stemmed form of some word differs from the word as the index folds it. */
    changesAny(words: readonly string[]): boolean {
      return words.some(changes);
    },
  };
}

export type StemProbe = ReturnType<typeof createStemProbe>;
