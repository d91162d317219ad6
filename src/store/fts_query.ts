/** Turns free user text into a safe FTS5 MATCH expression: every term quoted, so FTS5 syntax cannot error. */

/** Returns undefined when the text holds no searchable term. */
export function toFtsQuery(text: string): string | undefined {
  const terms = text.normalize("NFKC").match(/[\p{L}\p{N}_]+/gu) ?? [];
  if (terms.length === 0) return undefined;
  const quoted = terms.slice(0, 32).map((term) => `"${term.replaceAll('"', '""')}"`);
  // Prefix-match the last term so results appear while the user is still typing it.
  const lastTerm = terms[Math.min(terms.length, 32) - 1];
  if (lastTerm.length >= 2) quoted[quoted.length - 1] += "*";
  return quoted.join(" ");
}
