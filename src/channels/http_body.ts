/** Size-capped reading of HTTP bodies (webhook deliveries, platform API answers): a body past the cap is
 * refused, never buffered whole. */

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Body is larger than ${limit} bytes`);
    this.name = "BodyTooLargeError";
  }
}

/** The body's bytes, or BodyTooLargeError as soon as more than `limit` bytes arrived. */
export async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        throw new BodyTooLargeError(limit);
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** JSON from a capped body; undefined when it is not JSON. */
export async function readJson(body: ReadableStream<Uint8Array> | null, limit: number): Promise<unknown> {
  const text = new TextDecoder().decode(await readCapped(body, limit));
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Constant-time comparison of two strings (webhook signatures, verify tokens). */
export function safeEqual(left: string, right: string): boolean {
  const a = new TextEncoder().encode(left);
  const b = new TextEncoder().encode(right);
  let difference = a.length ^ b.length;
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    difference |= (a[index] ?? 0) ^ (b[index] ?? 0);
  }
  return difference === 0;
}

/** Platform API answers are small; anything past this is a broken or hostile server. */
export const MAX_API_ANSWER_BYTES = 4 * 1024 * 1024;
