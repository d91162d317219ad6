/** The classifier sidecar, against a real tiny HTTP sidecar on loopback. */

import assert from "node:assert/strict";
import { command, makeShield } from "./shield_fixture.ts";

interface Sidecar {
  addr: string;
  requests: Array<{ type: string; text: string }>;
  close(): Promise<void>;
}

function startSidecar(): Sidecar {
  const requests: Array<{ type: string; text: string }> = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (request) => {
    const body = await request.json();
    requests.push(body);
    const malicious = String(body.text).includes("evil-tool");
    const grey = String(body.text).includes("grey-tool");
    return Response.json({
      label: malicious || grey ? "malicious" : "benign",
      score: malicious ? 0.97 : grey ? 0.8 : 0.1,
    });
  });
  return { addr: `127.0.0.1:${server.addr.port}`, requests, close: () => server.shutdown() };
}

const classifierOptions = (addr: string) => ({
  enabled: true,
  addr,
  threshold: 0.85,
  skipTypes: ["write_file"],
  fetch,
  timeoutMs: 2000,
});

Deno.test("classifier blocks a malicious score above the threshold and escalates the grey band", async () => {
  const sidecar = startSidecar();
  try {
    const shield = makeShield({ classifier: classifierOptions(sidecar.addr) });
    const bad = await shield.evaluate(command("evil-tool --go"));
    assert.equal(bad.decision, "BLOCK");
    assert.match(bad.reason, /Classifier: malicious/);
    assert.equal((await shield.evaluate(command("grey-tool"))).decision, "ESCALATE");
    assert.equal((await shield.evaluate(command("ls -la"))).decision, "ALLOW");
    assert.equal(sidecar.requests[0].type, "execute_command");
    assert.ok(sidecar.requests[0].text.includes("evil-tool --go"));
  } finally {
    await sidecar.close();
  }
});

Deno.test("classifier is skipped for skipTypes", async () => {
  const sidecar = startSidecar();
  try {
    const shield = makeShield({ classifier: classifierOptions(sidecar.addr) });
    const verdict = await shield.evaluate({
      type: "write_file",
      payload: { path: "a.txt", content: "evil-tool" },
    });
    assert.equal(verdict.decision, "ALLOW");
    assert.equal(sidecar.requests.length, 0);
  } finally {
    await sidecar.close();
  }
});

Deno.test("classifier unreachable is an evaluation error and fails closed", async () => {
  const sidecar = startSidecar();
  const addr = sidecar.addr;
  await sidecar.close();
  const verdict = await makeShield({ classifier: classifierOptions(addr) }).evaluate(command("ls"));
  assert.equal(verdict.decision, "BLOCK");
  assert.match(verdict.reason, /failed at Tier 1/);
});
