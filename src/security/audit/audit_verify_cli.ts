/** `audit verify [PATH]`: verifies the whole chain and prints one human line; exit code 0 valid, 1 otherwise. */
import { verifyAuditFile } from "./verify_audit.ts";

export async function runAuditVerifyCli(
  path: string,
  out: (line: string) => void = console.log,
): Promise<number> {
  try {
    const result = await verifyAuditFile(path);
    if (result.chain_valid) {
      out(`Audit chain valid: ${result.total_entries} entries in "${path}"`);
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
