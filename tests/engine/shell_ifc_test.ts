/** Shell output raises the session's IFC taint like a read, through the real pipeline, tracker and sandbox. */
import assert from "node:assert/strict";
import * as path from "node:path";
import { systemClock } from "../../src/lib/clock.ts";
import { ifcPort } from "../../src/app/ifc_adapter.ts";
import { noMetrics } from "../../src/engine/ports.ts";
import { noAudit } from "../../src/protocol/audit_events.ts";
import { ToolPipeline } from "../../src/engine/tool_pipeline.ts";
import { JsonLogger } from "../../src/log/logger.ts";
import { parseIfcPolicy } from "../../src/ifc/ifc_policy.ts";
import { DEFAULT_IFC_POLICY } from "../../src/ifc/ifc_presets.ts";
import { createIfcTracker } from "../../src/ifc/ifc_tracker.ts";
import { detectSandbox } from "../../src/sandbox/sandbox.ts";
import { createShellTool } from "../../src/tools/shell.ts";
import { parseToolArguments } from "../../src/tools/validate_arguments.ts";

Deno.test("a shell command that reads a secret raises the session taint, even when the command fails", async () => {
  const workspace = await Deno.realPath(await Deno.makeTempDir({ prefix: "ws_" }));
  try {
    await Deno.writeTextFile(path.join(workspace, ".env"), "API_KEY=sk-secret\n");
    const tracker = createIfcTracker(parseIfcPolicy(DEFAULT_IFC_POLICY, "default"), { workspace });
    const logger = new JsonLogger({ stderr: false });
    const shell = createShellTool({ workspace, timeoutSeconds: 10, sandbox: await detectSandbox() });
    const pipeline = new ToolPipeline({
      tools: { get: (name) => name === shell.name ? shell : undefined },
      parseArguments: parseToolArguments,
      shield: {
        evaluate: () =>
          Promise.resolve({ decision: "ALLOW", tier: 0, reason: "test", confidence: 1, tier_results: [] }),
      },
      events: { emit() {} },
      audit: noAudit,
      metrics: noMetrics,
      logger,
      clock: systemClock,
      failClosed: true,
      ifc: ifcPort(tracker, logger, noAudit),
    });
    const context = {
      sessionId: "s1",
      otr: false,
      signal: new AbortController().signal,
      offered: new Set([shell.name]),
    };
    const call = (command: string) =>
      pipeline.run({ id: "c", name: "execute_command", arguments: JSON.stringify({ command }) }, context);
    await call("ls");
    assert.equal(tracker.taint("s1"), "internal");
    const outcome = await call("cat .env; exit 3");
    assert.equal(outcome.isError, true);
    assert.match(outcome.content, /sk-secret/);
    assert.equal(tracker.taint("s1"), "critical");
    const send = tracker.checkSink("s1", "http_request", { url: "https://example.com/", method: "POST" });
    assert.equal(send.decision, "block");
  } finally {
    await Deno.remove(workspace, { recursive: true });
  }
});
