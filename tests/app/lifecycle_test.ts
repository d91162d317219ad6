import assert from "node:assert/strict";
import { Lifecycle, RESTART_EXIT_CODE } from "../../src/app/lifecycle.ts";
import { JsonLogger } from "../../src/log/logger.ts";
import { recordedAudit } from "../support/core_fakes.ts";

function rig() {
  const logged: string[] = [];
  const logger = new JsonLogger({ stderr: false });
  logger.onEntry((entry) => logged.push(entry.event));
  const audit = recordedAudit();
  return { lifecycle: new Lifecycle(logger, audit), logged, audit, close: () => logger.close() };
}

Deno.test("lifecycle: services start in the order added and stop in reverse, once", async () => {
  const { lifecycle, close } = rig();
  const steps: string[] = [];
  for (const name of ["storage", "server", "turns"]) {
    lifecycle.add({
      name,
      start: () => void steps.push(`start ${name}`),
      stop: () => void steps.push(`stop ${name}`),
    });
  }
  await lifecycle.startAll();
  await Promise.all([lifecycle.stop(0), lifecycle.stop(0)]);
  assert.deepEqual(steps, [
    "start storage",
    "start server",
    "start turns",
    "stop turns",
    "stop server",
    "stop storage",
  ]);
  assert.equal(await lifecycle.finished, 0);
  close();
});

Deno.test("lifecycle: a service that fails to stop is logged and the others still stop", async () => {
  const { lifecycle, logged, close } = rig();
  const stopped: string[] = [];
  lifecycle.add({ name: "storage", stop: () => void stopped.push("storage") });
  lifecycle.add({
    name: "broken",
    stop: () => {
      throw new Error("stuck");
    },
  });
  await lifecycle.stop(3);
  assert.deepEqual(stopped, ["storage"]);
  assert.ok(logged.includes("service_stop_failed"));
  assert.equal(await lifecycle.finished, 3);
  close();
});

Deno.test("lifecycle: a restart is audited and stops the engine with exit code 75", async () => {
  const { lifecycle, audit, close } = rig();
  lifecycle.requestRestart();
  assert.deepEqual(audit.names(), ["restart"]);
  assert.equal(await lifecycle.finished, RESTART_EXIT_CODE);
  close();
});
