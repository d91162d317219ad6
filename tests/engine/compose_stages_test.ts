/** composeStages: stages run in order, each ends the call or hands it on; a throw is handled once, where it is
 * thrown, by the fail-closed rule. */
import assert from "node:assert/strict";
import { composeStages, type PipelineStage } from "../../src/engine/compose_stages.ts";
import { ToolCallRun, type ToolOutcome } from "../../src/engine/tool_call.ts";
import { pipelineDeps, toolCall } from "../support/core_fakes.ts";

function callWith(failClosed: boolean) {
  const { deps, events, audit } = pipelineDeps([], { failClosed });
  const call = new ToolCallRun(toolCall("touch", {}), {
    sessionId: "s1",
    otr: false,
    signal: new AbortController().signal,
    offered: new Set(),
  }, deps);
  return { call, events, audit };
}

const finishing = (label: string): PipelineStage => ({
  name: label,
  failure: `${label} failed`,
  run: (call) => Promise.resolve(call.finish(label, false, true)),
});

const passing = (label: string, seen: string[]): PipelineStage => ({
  name: label,
  failure: `${label} failed`,
  run: (_call, next) => (seen.push(label), next()),
});

const throwing = (label: string, failOpen?: PipelineStage["failOpen"]): PipelineStage => ({
  name: label,
  failure: `${label} failed`,
  run: () => Promise.reject(new Error("boom")),
  failOpen,
});

Deno.test("composeStages runs stages in order until one ends the call", async () => {
  const seen: string[] = [];
  const { call } = callWith(true);
  const outcome = await composeStages([
    passing("a", seen),
    passing("b", seen),
    finishing("end"),
    passing("never", seen),
  ], true)(call);
  assert.deepEqual(seen, ["a", "b"]);
  assert.equal(outcome.content, "end");
});

Deno.test("composeStages, fail-closed: a throwing stage blocks the call even when it has a fail-open way", async () => {
  const { call, events, audit } = callWith(true);
  const outcome = await composeStages([throwing("check", (_c, _e, next) => next()), finishing("end")], true)(
    call,
  );
  assert.equal(outcome.content, "Refused: check failed: boom");
  assert.equal(outcome.executed, false);
  assert.deepEqual(events.types(), ["shield_verdict", "action_completed"]);
  assert.deepEqual(audit.entries.map((entry) => entry.details.decision), ["BLOCK"]);
});

Deno.test("composeStages, fail-open: the stage's fallback decides; without one the call is still blocked", async () => {
  const lenient = await composeStages([throwing("check", (_c, _e, next) => next()), finishing("end")], false)(
    callWith(false).call,
  );
  assert.equal(lenient.content, "end");
  const strict = await composeStages([throwing("check"), finishing("end")], false)(callWith(false).call);
  assert.equal(strict.content, "Refused: check failed: boom");
});

Deno.test("composeStages handles a later stage's error there, not again in an earlier stage", async () => {
  const { call } = callWith(true);
  let outcomes = 0;
  const counting: PipelineStage = {
    name: "outer",
    failure: "outer failed",
    async run(_call, next): Promise<ToolOutcome> {
      const outcome = await next();
      outcomes++;
      return outcome;
    },
  };
  const outcome = await composeStages([counting, throwing("inner")], true)(call);
  assert.equal(outcome.content, "Refused: inner failed: boom");
  assert.equal(outcomes, 1);
});

Deno.test("composeStages reports a pipeline that ends without an outcome", async () => {
  const { call } = callWith(true);
  await assert.rejects(
    composeStages([passing("only", [])], true)(call),
    /ended after "only" without an outcome/,
  );
});
