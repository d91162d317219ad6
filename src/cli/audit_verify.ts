/** `audit verify`: verifies the whole chain against its anchor and prints one human line; exit 0 valid, 1 not. */
import { type AnchorRecord, openAnchor } from "../audit/audit_anchor.ts";
import { lockedSnapshot } from "../audit/anchor_check.ts";
import { verifyAuditFile } from "../audit/verify_audit.ts";

export interface VerifyCliOptions {
  /** Reads the anchor (engine.db next to the log, opened read-only); undefined when there is none. */
  readAnchor?: () => AnchorRecord | undefined;
  /** The audit key, when one is configured: the anchor's signature is then checked. */
  key?: Uint8Array;
}

export async function runAuditVerifyCli(
  path: string,
  out: (line: string) => void = console.log,
  options: VerifyCliOptions = {},
): Promise<number> {
  try {
    const snapshot = await lockedSnapshot(path, options.readAnchor ?? (() => undefined));
    const anchor = { record: snapshot.record, key: options.key };
    const result = await verifyAuditFile(path, { size: snapshot.size, anchor });
    if (result.chain_valid) {
      out(`Audit chain valid: ${result.total_entries} entries in "${path}"; ${anchorNote(anchor)}`);
      return 0;
    }
    out(
      `Audit chain broken at entry ${result.chain_break_at} of ${result.total_entries} in "${path}": ${result.reason}`,
    );
    return 1;
  } catch (error) {
    out(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

function anchorNote(anchor: { record?: AnchorRecord; key?: Uint8Array }): string {
  if (!anchor.record) {
    return "no anchor found next to it (engine.db), so only its internal consistency was checked";
  }
  const opened = openAnchor(anchor.record, anchor.key);
  const signed = opened.ok && opened.signed;
  if (anchor.key) return "it matches the anchor in engine.db, signed by the audit key";
  return `it matches the anchor in engine.db (${signed ? "signed; no key given to check it" : "unsigned"})`;
}
