import { assert, assertEquals } from "../support/assert.ts";
import { probeModel } from "../../src/providers/probe_model.ts";

/** A one-route server answering GET /v1/models (or /v1/models for Anthropic) with `reply`. */
async function withServer(reply: (request: Request) => Response, run: (base: string) => Promise<void>) {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, reply);
  try {
    await run(`http://127.0.0.1:${server.addr.port}`);
  } finally {
    await server.shutdown();
  }
}

const env = (values: Record<string, string>) => (name: string) => values[name];

Deno.test("probe: a refused key names the variable to fix; the key goes in the vendor's header", async () => {
  const seen: string[] = [];
  await withServer((request) => {
    seen.push(request.headers.get("x-api-key") ?? "");
    return Response.json({ error: { message: "invalid x-api-key" } }, { status: 401 });
  }, async (base) => {
    const probe = await probeModel(
      { name: "c", provider: "anthropic", model: "claude-x", base_url: base, api_key_env: "K" },
      { fetch, env: env({ K: "sk-test" }) },
    );
    assertEquals(probe.ok, false);
    assertEquals(probe.url, `${base}/v1/models`);
    assertEquals(probe.message, "The key was refused (HTTP 401: invalid x-api-key)");
    assert(probe.fix?.includes("export K="), probe.fix);
  });
  assertEquals(seen, ["sk-test"]);
});

Deno.test("probe: a server without a model list still counts as answering", async () => {
  await withServer(() => new Response("not here", { status: 404 }), async (base) => {
    const probe = await probeModel({ name: "l", provider: "openai", model: "m", base_url: `${base}/v1` }, {
      fetch,
      env: env({}),
    });
    assertEquals(probe.ok, true);
    assert(probe.message.includes('no model list to check "m"'), probe.message);
  });
});

Deno.test("probe: ollama lists name:latest for a plain name; a missing key stops before any request", async () => {
  let requests = 0;
  await withServer(() => {
    requests++;
    return Response.json({ data: [{ id: "llama3.2:latest" }, { id: "qwen:7b" }] });
  }, async (base) => {
    const found = await probeModel({
      name: "o",
      provider: "ollama",
      model: "llama3.2",
      base_url: `${base}/v1`,
    }, {
      fetch,
      env: env({}),
    });
    assertEquals(found.ok, true);
    assertEquals(found.models, ["llama3.2:latest", "qwen:7b"]);
    const missing = await probeModel(
      { name: "o", provider: "ollama", model: "phi3", base_url: `${base}/v1` },
      {
        fetch,
        env: env({}),
      },
    );
    assertEquals(missing.fix, "run: ollama pull phi3");
    const noKey = await probeModel(
      { name: "g", provider: "openai", model: "m", base_url: `${base}/v1`, api_key_env: "UNSET_KEY" },
      { fetch, env: env({}) },
    );
    assertEquals(noKey.ok, false);
    assert(noKey.message.includes('"UNSET_KEY" is not set'), noKey.message);
  });
  assertEquals(requests, 2);
});
