/** Hybrid ranking: bm25 scaled to [0, 1] by the best hit, blended with cosine similarity. */

export interface LexicalHit {
  id: number;
  /** bm25 rank: more negative is better. */
  rank: number;
}

export interface SemanticHit {
  id: number;
  similarity: number;
}

export interface FusedHit {
  id: number;
  score: number;
}

/** Equal weight: neither words nor meaning alone decides; tests pin both directions. */
export const LEXICAL_WEIGHT = 0.5;

/**
 * Candidates are the union of both lists; a chunk missing from one list scores 0 there. Ties keep the
 * lexical order, so the result is deterministic.
 */
export function fuseHits(lexical: LexicalHit[], semantic: SemanticHit[], limit: number): FusedHit[] {
  const best = Math.max(0, ...lexical.map((hit) => -hit.rank));
  const scores = new Map<number, { lexical: number; semantic: number; order: number }>();
  lexical.forEach((hit, order) => {
    scores.set(hit.id, { lexical: best > 0 ? Math.max(0, -hit.rank) / best : 1, semantic: 0, order });
  });
  semantic.forEach((hit, index) => {
    const entry = scores.get(hit.id) ?? { lexical: 0, semantic: 0, order: lexical.length + index };
    entry.semantic = Math.max(0, Math.min(1, hit.similarity));
    scores.set(hit.id, entry);
  });
  return [...scores.entries()]
    .map(([id, entry]) => ({
      id,
      order: entry.order,
      score: LEXICAL_WEIGHT * entry.lexical + (1 - LEXICAL_WEIGHT) * entry.semantic,
    }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map(({ id, score }) => ({ id, score }));
}

/** The `count` most similar chunks with a positive similarity. */
export function topSemantic(similarities: SemanticHit[], count: number): SemanticHit[] {
  return similarities
    .filter((hit) => hit.similarity > 0)
    .sort((a, b) => b.similarity - a.similarity || a.id - b.id)
    .slice(0, count);
}
