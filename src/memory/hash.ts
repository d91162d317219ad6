/** SHA-256 hex of text: WebCrypto for whole files, a synchronous one for the many small chunks. */
import { createHash } from "node:crypto";

const encoder = new TextEncoder();

function toHex(digest: Uint8Array): string {
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Native speed on multi-megabyte memory files. */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text))));
}

/** For chunks of a few kilobytes, where WebCrypto's per-call cost dominates (4x slower measured). */
export function sha256HexSync(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
