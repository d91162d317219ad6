/** Validates embedding vectors from a vendor answer before anyone stores them. */

import { ProviderError } from "../../lib/errors.ts";

export function checkVectors(label: string, vectors: unknown[], expected: number): number[][] {
  if (vectors.length !== expected) {
    throw new ProviderError(
      `Call to ${label} failed: expected ${expected} embeddings, got ${vectors.length}`,
      false,
    );
  }
  return vectors.map((vector, index) => {
    if (
      !Array.isArray(vector) || vector.length === 0 || !vector.every((value) => typeof value === "number")
    ) {
      throw new ProviderError(`Call to ${label} failed: embedding ${index} is not a list of numbers`, false);
    }
    return vector as number[];
  });
}
