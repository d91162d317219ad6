import { assert, assertEquals } from "../support/assert.ts";
import { startTestEngine } from "../support/engine_harness.ts";
import { startAgentRig } from "./agent_support.ts";

Deno.test("GET /api/model-check: the chat model answers; the answer is remembered unless fresh=1", async () => {
  const rig = await startAgentRig();
  try {
    const listCalls = () => rig.llm.requests.filter((request) => request.path === "/v1/models").length;
    const before = listCalls();
    const first = await (await fetch(`${rig.engine.url}/api/model-check`)).json();
    assertEquals(first.ok, true);
    assertEquals(first.configured, true);
    assertEquals([first.name, first.provider, first.model], ["fake", "openai", "fake-model"]);
    assertEquals(first.url, `${rig.llm.url}/models`);
    assertEquals(listCalls(), before + 1);
    await (await fetch(`${rig.engine.url}/api/model-check`)).json();
    assertEquals(listCalls(), before + 1, "remembered");
    await (await fetch(`${rig.engine.url}/api/model-check?fresh=1`)).json();
    assertEquals(listCalls(), before + 2, "fresh asks again");
  } finally {
    await rig.close();
  }
});

Deno.test("GET /api/model-check: no chat model is reported as not configured, with the fix", async () => {
  const engine = await startTestEngine();
  try {
    const check = await (await fetch(`${engine.url}/api/model-check`)).json();
    assertEquals(check.configured, false);
    assertEquals(check.ok, false);
    assert(String(check.fix).includes("deno task start -- init"), JSON.stringify(check));
  } finally {
    await engine.stop();
  }
});
