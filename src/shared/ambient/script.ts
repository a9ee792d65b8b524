/**
 * Which writing systems a text uses, for the "other-script reply" check: a model that
 * answers an English session with a Chinese title (or a Russian one with Latin gibberish)
 * has not read the material, even when the reply format and the judge are satisfied.
 */

const SCRIPTS: ReadonlyArray<readonly [string, RegExp]> = [
  ['latin', /\p{Script=Latin}/u],
  ['cyrillic', /\p{Script=Cyrillic}/u],
  ['greek', /\p{Script=Greek}/u],
  ['arabic', /\p{Script=Arabic}/u],
  ['hebrew', /\p{Script=Hebrew}/u],
  ['devanagari', /\p{Script=Devanagari}/u],
  ['thai', /\p{Script=Thai}/u],
  ['hangul', /\p{Script=Hangul}/u],
  // Chinese and Japanese share Han; kana only appear with Japanese: one group.
  ['cjk', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u],
];

/** Letters per script group in `text`. */
export function scriptCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const ch of text) {
    if (!/\p{L}/u.test(ch)) continue;
    for (const [name, re] of SCRIPTS) {
      if (re.test(ch)) {
        counts.set(name, (counts.get(name) ?? 0) + 1);
        break;
      }
    }
  }
  return counts;
}

/**
 * A script the reply writes in (at least `min` letters of it) that the material never uses,
 * or null when every script of the reply appears in the material.
 */
export function foreignScript(reply: string, material: string, min = 2): string | null {
  const source = scriptCounts(material);
  for (const [name, n] of scriptCounts(reply)) {
    if (n >= min && !source.has(name)) return name;
  }
  return null;
}
