/** The standalone CLI as a real subprocess: one answer line per input line, in order, never a crash. */

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";

const CLI = fileURLToPath(new URL("../../src/shield/cli_main.ts", import.meta.url));

async function run(
  args: string[],
  input: string,
): Promise<{ code: number; lines: Array<Record<string, unknown>> }> {
  const workspace = await Deno.makeTempDir();
  try {
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", CLI, ...args],
      cwd: workspace,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(input));
    await writer.close();
    const output = await child.output();
    const text = new TextDecoder().decode(output.stdout);
    return {
      code: output.code,
      lines: text.split("\n").filter((line) => line).map((line) => JSON.parse(line)),
    };
  } finally {
    await Deno.remove(workspace, { recursive: true });
  }
}

Deno.test("shield evaluate CLI answers every line in order with verdict fields", async () => {
  const input = [
    { id: "a", type: "execute_command", payload: { command: "ls -la" } },
    { id: "b", type: "read_file", payload: { path: "/etc/shadow" } },
    { id: "c", type: "execute_command", payload: { command: "crontab jobs.txt" } },
  ].map((line) => JSON.stringify(line)).join("\n") + "\n";
  const { code, lines } = await run(["evaluate"], input);
  assert.equal(code, 0);
  assert.deepEqual(lines.map((line) => [line.id, line.decision]), [["a", "ALLOW"], ["b", "BLOCK"], [
    "c",
    "ESCALATE",
  ]]);
  for (const line of lines) {
    assert.equal(typeof line.tier, "number");
    assert.equal(typeof line.reason, "string");
    assert.ok(Array.isArray(line.tier_results));
    assert.equal(typeof line.latency_us, "number");
  }
});

Deno.test("shield evaluate CLI answers invalid lines with BLOCK and an error, keeping order", async () => {
  const input =
    'not json\n{"id":"x","type":"","payload":{}}\n[1]\n{"id":"ok","type":"git_status","payload":{}}\n';
  const { code, lines } = await run(["evaluate"], input);
  assert.equal(code, 1);
  assert.equal(lines.length, 4);
  assert.deepEqual(lines.map((line) => line.decision), ["BLOCK", "BLOCK", "BLOCK", "ALLOW"]);
  assert.ok(lines.slice(0, 3).every((line) => typeof line.error === "string"));
  assert.equal(lines[1].id, "x");
});

Deno.test("shield check-policy CLI exits 1 on a broken policy", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/p.yaml`, "rules:\n  - name: x\n    action: nope\n");
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", CLI, "check-policy", `${dir}/p.yaml`],
    }).output();
    assert.equal(output.code, 1);
    assert.match(
      new TextDecoder().decode(output.stderr),
      /Rule 1 "x": "action" must be deny, escalate or allow/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
