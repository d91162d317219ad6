/** Hybrid ranking by reciprocal-rank fusion of the full-text order and the cosine-similarity order. */

export interface SemanticHit {
  id: number;
  similarity: number;
}

export interface FusedHit {
  id: number;
  score: number;
}

/**
 * The usual RRF constant: it damps the head of each list so neither list alone decides. Ranks, not
 * scores, are fused because full-text hits mix bm25 scores with newest-first lists (broad queries,
 * prefix completions) whose scores are not comparable.
 */
export const RRF_K = 60;

/**
 * `lexical` is in full-text order; `semantic` may be in any order (it is sorted by similarity here, and
 * only positive similarities count). Ties keep the full-text order, so the result is deterministic.
 */
export function fuseHits(lexical: number[], semantic: SemanticHit[], limit: number): FusedHit[] {
  const scores = new Map<number, { score: number; order: number }>();
  lexical.forEach((id, index) => scores.set(id, { score: 1 / (RRF_K + index + 1), order: index }));
  const bySimilarity = semantic.filter((hit) => hit.similarity > 0)
    .sort((a, b) => b.similarity - a.similarity || a.id - b.id);
  bySimilarity.forEach((hit, index) => {
    const entry = scores.get(hit.id) ?? { score: 0, order: lexical.length + index };
    entry.score += 1 / (RRF_K + index + 1);
    scores.set(hit.id, entry);
  });
  return [...scores.entries()]
    .sort(([, a], [, b]) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map(([id, entry]) => ({ id, score: entry.score }));
}

/** The `count` most similar chunks with a positive similarity. */
export function topSemantic(similarities: SemanticHit[], count: number): SemanticHit[] {
  return similarities
    .filter((hit) => hit.similarity > 0)
    .sort((a, b) => b.similarity - a.similarity || a.id - b.id)
    .slice(0, count);
}
