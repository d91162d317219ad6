/** A tiny OpenAI-compatible /v1/embeddings server on loopback: synonyms share a dimension, so meaning is testable. */

const CONCEPTS: Record<string, number> = {
  car: 0,
  cars: 0,
  automobile: 0,
  vehicle: 0,
  sedan: 0,
  tyres: 0,
  garden: 1,
  tomatoes: 1,
  vegetables: 1,
  water: 1,
  greenhouse: 1,
  money: 2,
  budget: 2,
  invoice: 2,
  salary: 2,
};
export const DIMENSIONS = 8;

export function fakeVector(text: string): number[] {
  const vector = new Array(DIMENSIONS).fill(0);
  vector[DIMENSIONS - 1] = 0.01;
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    const dimension = CONCEPTS[word];
    if (dimension !== undefined) vector[dimension] += 1;
  }
  return vector;
}

export interface EmbeddingServer extends AsyncDisposable {
  baseUrl: string;
  /** Every input text received, in order. */
  inputs: string[];
  /** When set, the server answers this HTTP status with an error body. */
  failWith: number | null;
}

export function startEmbeddingServer(): EmbeddingServer {
  const state = { inputs: [] as string[], failWith: null as number | null };
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (request) => {
    const url = new URL(request.url);
    if (request.method !== "POST" || url.pathname !== "/v1/embeddings") {
      return new Response("no", { status: 404 });
    }
    const body = await request.json() as { input: string[]; model: string };
    if (state.failWith !== null) {
      return Response.json({ error: { message: "embedding backend down" } }, { status: state.failWith });
    }
    state.inputs.push(...body.input);
    const data = body.input.map((text, index) => ({
      object: "embedding",
      index,
      embedding: fakeVector(text),
    }));
    return Response.json({ object: "list", data: data.reverse(), model: body.model });
  });
  return {
    baseUrl: `http://127.0.0.1:${server.addr.port}/v1`,
    get inputs() {
      return state.inputs;
    },
    get failWith() {
      return state.failWith;
    },
    set failWith(status: number | null) {
      state.failWith = status;
    },
    async [Symbol.asyncDispose]() {
      await server.shutdown();
    },
  };
}
