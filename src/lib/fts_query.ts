/** Turns free user text into an FTS5 MATCH expression that can never be a syntax error. */

export interface FtsQuery {
  /** Each term as an FTS5 string: `"word"`, with `"` doubled inside. */
  terms: string[];
  /** The last term is a bare word, so it may also match as a prefix (search-as-you-type). */
  prefixLast: boolean;
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
 * are plain text. Only the last term, when it is a bare word, may get a `*` (see ftsExpression).
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
  return {
    terms: terms.map((term) => `"${term.replaceAll('"', '""')}"`),
    prefixLast: WORD.test(terms[terms.length - 1]),
  };
}

/** `all`: every term must match (implicit AND); otherwise any term may. `prefix` adds `*` to the last word. */
export function ftsExpression(query: FtsQuery, mode: "all" | "any", prefix: boolean): string {
  const terms = prefix && query.prefixLast
    ? [...query.terms.slice(0, -1), `${query.terms[query.terms.length - 1]}*`]
    : query.terms;
  return terms.join(mode === "all" ? " " : " OR ");
}
