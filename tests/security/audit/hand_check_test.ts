/** The audit promise "verifiable by anyone with sha256sum": the documented shell one-liners must really work. */
import assert from "node:assert/strict";
import { openAuditLog } from "../../../src/security/audit/audit_log.ts";
import { fixedClock } from "./_audit_fixture.ts";

async function sh(script: string): Promise<string> {
  const result = await new Deno.Command("bash", { args: ["-c", script] }).output();
  assert.equal(result.code, 0, new TextDecoder().decode(result.stderr));
  return new TextDecoder().decode(result.stdout).trim();
}

Deno.test("an audit entry's hash is reproduced by jq -cS and sha256sum, and by sed and sha256sum", async () => {
  const jq = await new Deno.Command("bash", { args: ["-c", "command -v jq"] }).output();
  assert.equal(jq.code, 0, "jq must be installed (CI installs it)");
  const dir = await Deno.makeTempDir({ prefix: "parapet_audit_" });
  try {
    const path = `${dir}/audit.jsonl`;
    const log = await openAuditLog(path, { clock: fixedClock(), fsyncIntervalMs: 0 });
    const awkward = {
      path: 'dir/"quoted" \\ é ü 日本 \t\u001b',
      nested: { z: [1, null, true], a: "x" },
      n: -12,
    };
    await log.append({ event: "proposed", session_id: "s1", action_type: "write_file", details: {} });
    const entry = await log.append({
      event: "executed",
      session_id: "s1",
      action_type: "write_file",
      details: awkward,
    });
    await log.close();
    const viaJq = await sh(
      `jq -cS 'select(.seq==1) | del(.hash)' '${path}' | tr -d '\\n' | sha256sum | cut -d' ' -f1`,
    );
    const stored = await sh(`jq -r 'select(.seq==1) | .hash' '${path}'`);
    const viaSed = await sh(
      `sed -n '2p' '${path}' | sed -E 's/,"hash":"[0-9a-f]{64}"}$/}/' | tr -d '\\n' | sha256sum | cut -d' ' -f1`,
    );
    assert.equal(stored, entry.hash);
    assert.equal(viaJq, entry.hash);
    assert.equal(viaSed, entry.hash);
    const link = await sh(`jq -r 'select(.seq==1) | .prev_hash' '${path}'`);
    const previous = await sh(`jq -r 'select(.seq==0) | .hash' '${path}'`);
    assert.equal(link, previous);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
