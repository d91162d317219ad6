/** SHA-256 as lowercase hex, the one digest used by the audit chain, argument hashes and Chronicle. */
import { createHash } from "node:crypto";

// Measured on 1M audit-sized inputs (~250 bytes): node:crypto (native) 1.4-1.9 us a hash,
// @noble/hashes sha256 about 8 us, WebCrypto subtle.digest about 250 us (one promise per call).
// Verifying a million entries under 5 s needs the native one.

export function sha256Hex(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}
