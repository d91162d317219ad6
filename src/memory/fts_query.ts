/** Turns free user text into an FTS5 MATCH expression that can never be a syntax error. */

export interface FtsQuery {
  /** All terms must match (tried first). */
  all: string;
  /** Any term may match: the fallback when `all` finds nothing; null for a single term. */
  any: string | null;
}

/** Beyond this, more terms only slow the query down without improving the ranking. */
const MAX_TERMS = 32;
const MAX_TERM_CHARS = 100;

/** unicode61 indexes letters and digits only; a term without any would be an empty phrase. */
const INDEXABLE = /[\p{L}\p{N}]/u;
/** SQLite reads a NUL as the end of the string, which would leave a quote unterminated. */
const CONTROL = /[\p{Cc}\p{Cs}]/gu;
const WORD = /^[\p{L}\p{N}\p{M}]+$/u;

/**
 * Every term becomes a quoted FTS5 string (`"` doubled), so operators (`AND`, `NEAR(`, `-x`, `a:b`, `*`)
 * are plain text. Only the last term, when it is a bare word, gets a `*` for search-as-you-type.
 * Returns null when no term contains anything indexable.
 */
export function buildFtsQuery(text: string): FtsQuery | null {
  const terms = text
    .replace(CONTROL, " ")
    .split(/\s+/u)
    .filter((term) => INDEXABLE.test(term))
    .slice(0, MAX_TERMS)
    .map((term) => Array.from(term).slice(0, MAX_TERM_CHARS).join(""));
  if (terms.length === 0) return null;
  const quoted = terms.map((term, index) => {
    const phrase = `"${term.replaceAll('"', '""')}"`;
    return index === terms.length - 1 && WORD.test(term) ? `${phrase}*` : phrase;
  });
  return { all: quoted.join(" "), any: quoted.length > 1 ? quoted.join(" OR ") : null };
}
