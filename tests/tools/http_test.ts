import assert from "node:assert/strict";
import { createHttpTool, type HttpToolOptions } from "../../src/tools/http.ts";
import { type ToolResult } from "../../src/tools/types.ts";
import { ToolError } from "../../src/lib/errors.ts";

type Handler = (request: Request) => Response | Promise<Response>;

async function withServer(handler: Handler, run: (base: string, port: number) => Promise<void>) {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, handler);
  try {
    await run(`http://127.0.0.1:${server.addr.port}`, server.addr.port);
  } finally {
    await server.shutdown();
  }
}

function request(args: Record<string, unknown>, options: HttpToolOptions = {}, signal?: AbortSignal) {
  const tool = createHttpTool({ allowHosts: ["127.0.0.1"], ...options });
  return tool.execute(args as never, { sessionId: "t", signal: signal ?? new AbortController().signal });
}

async function refused(promise: Promise<ToolResult>): Promise<string> {
  try {
    const result = await promise;
    assert.fail(`expected a refusal, got: ${result.output}`);
  } catch (error) {
    assert.ok(error instanceof ToolError, `expected ToolError, got ${error}`);
    return error.message;
  }
}

Deno.test("http_request returns the status line, selected headers and body, and reports the host", async () => {
  await withServer(
    () => new Response("hello", { headers: { "content-type": "text/plain", "x-secret": "no" } }),
    async (base) => {
      const result = await request({ url: `${base}/greeting` });
      assert.equal(result.isError, false);
      assert.equal(
        result.output,
        `HTTP 200 OK\nurl: ${base}/greeting\ncontent-type: text/plain\ncontent-length: 5\n\nhello`,
      );
      assert.deepEqual(result.reads, { hosts: ["127.0.0.1"] });
    },
  );
});

Deno.test("http_request refuses a loopback URL unless the host is allowed", async () => {
  await withServer(() => new Response("ok"), async (base) => {
    const tool = createHttpTool();
    const message = await refused(
      tool.execute({ url: `${base}/` }, { sessionId: "t", signal: new AbortController().signal }),
    );
    assert.match(message, /host "127\.0\.0\.1" is in a blocked range: loopback/);
  });
});

Deno.test("http_request refuses a redirect to the cloud metadata address at the redirect hop", async () => {
  let hits = 0;
  await withServer(() => {
    hits++;
    return Response.redirect("http://169.254.169.254/latest/meta-data/", 302);
  }, async (base) => {
    const message = await refused(request({ url: `${base}/start` }));
    assert.match(message, /Refused "http:\/\/169\.254\.169\.254\/latest\/meta-data\/".*cloud metadata/);
    assert.equal(hits, 1);
  });
});

Deno.test("http_request refuses redirects to localhost names and other loopback forms", async () => {
  // Only the first hop's name is allowed (pinned to the test server); loopback itself is not.
  const resolveHost = (host: string) =>
    Promise.resolve(host === "start.test" ? ["127.0.0.1"] : ["93.184.216.34"]);
  const options = { resolveHost, allowHosts: ["start.test"] };
  for (
    const target of [
      "http://localhost/",
      "http://2130706433/",
      "http://0x7f.1/",
      "http://[::ffff:127.0.0.1]/",
    ]
  ) {
    await withServer(() => Response.redirect(target, 301), async (_base, port) => {
      assert.match(await refused(request({ url: `http://start.test:${port}/` }, options)), /Refused/, target);
    });
  }
});

Deno.test("http_request follows allowed redirects and turns a 303 into a GET", async () => {
  const seen: string[] = [];
  await withServer(async (incoming) => {
    const url = new URL(incoming.url);
    seen.push(`${incoming.method} ${url.pathname} ${await incoming.text()}`);
    if (url.pathname === "/submit") {
      return new Response(null, { status: 303, headers: { location: "/done" } });
    }
    return new Response("finished");
  }, async (base) => {
    const result = await request({ url: `${base}/submit`, method: "post", body: "data=1" });
    assert.match(result.output, /^HTTP 200 OK\nurl: .*\/done\n/);
    assert.match(result.output, /finished$/);
    assert.deepEqual(seen, ["POST /submit data=1", "GET /done "]);
  });
});

Deno.test("http_request stops after five redirects", async () => {
  await withServer((incoming) => {
    const step = Number(new URL(incoming.url).searchParams.get("n") ?? 0);
    return new Response(null, { status: 302, headers: { location: `/?n=${step + 1}` } });
  }, async (base) => {
    assert.match(await refused(request({ url: base })), /more than 5 redirects/);
  });
});

Deno.test("http_request drops credentials when a redirect changes origin", async () => {
  let authorizationSeen: string | null = "unset";
  await withServer((incoming) => {
    authorizationSeen = incoming.headers.get("authorization");
    return new Response("second");
  }, async (second) => {
    await withServer(() => Response.redirect(`${second}/landing`, 302), async (first) => {
      await request({ url: first, headers: { authorization: "Bearer secret" } });
      assert.equal(authorizationSeen, null);
    });
  });
});

Deno.test("http_request caps a huge response and stops reading it", async () => {
  let sent = 0;
  await withServer(() => {
    const chunk = new Uint8Array(64 * 1024).fill(97);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 1_000_000_000) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    return new Response(body, { headers: { "content-type": "text/plain" } });
  }, async (base) => {
    const result = await request({ url: base }, { maxResponseBytes: 100_000 });
    assert.match(result.output, /\n\[response truncated at 100000 bytes\]$/);
    assert.equal(result.output.match(/a{1000,}/)![0].length, 100_000);
    assert.ok(sent < 100_000_000, `server sent ${sent} bytes`);
  });
});

Deno.test("http_request connects plain http to the checked address (DNS pinning)", async () => {
  let hostHeader = "";
  await withServer((incoming) => {
    hostHeader = incoming.headers.get("host") ?? "";
    return new Response("pinned");
  }, async (_base, port) => {
    const resolveHost = (host: string) => Promise.resolve(host === "pinned.test" ? ["127.0.0.1"] : []);
    const result = await request({ url: `http://pinned.test:${port}/` }, {
      resolveHost,
      allowHosts: ["pinned.test"],
    });
    assert.match(result.output, /pinned$/);
    assert.equal(hostHeader, `pinned.test:${port}`);
  });
});

Deno.test("http_request refuses a name resolving to a private address before connecting", async () => {
  const resolveHost = () => Promise.resolve(["10.0.0.7"]);
  const message = await refused(
    request({ url: "http://intranet.example/" }, { resolveHost, allowHosts: [] }),
  );
  assert.match(message, /resolves to 10\.0\.0\.7\) is in a blocked range: private/);
});

Deno.test("http_request times out a server that never answers", async () => {
  let release = () => {};
  const never = new Promise<void>((resolve) => release = resolve);
  await withServer(async () => {
    await never;
    return new Response("late");
  }, async (base) => {
    try {
      assert.match(await refused(request({ url: base }, { timeoutMs: 200 })), /timed out after 200 ms/);
    } finally {
      release();
    }
  });
});

Deno.test("http_request validates method, headers and body", async () => {
  assert.match(
    await refused(request({ url: "http://127.0.0.1:1/", method: "TRACE" })),
    /Invalid method "TRACE"/,
  );
  assert.match(
    await refused(request({ url: "http://127.0.0.1:1/", body: "x" })),
    /GET request cannot have a body/,
  );
  assert.match(
    await refused(request({ url: "http://127.0.0.1:1/", headers: { Host: "x" } })),
    /Invalid header "Host"/,
  );
  assert.match(
    await refused(request({ url: "http://127.0.0.1:1/", headers: { a: "b\r\nc: d" } })),
    /line break/,
  );
  const tool = createHttpTool();
  assert.equal(tool.parameters.safeParse({ url: "http://x/", headers: { a: 1 } }).success, false);
  assert.equal(tool.parameters.safeParse({ url: "http://x/", body: { a: 1 } }).success, false);
});

Deno.test("http_request counts as a write only for state-changing methods", () => {
  const tool = createHttpTool();
  const writes = tool.writes as (args: { url: string; method?: string }) => boolean;
  assert.equal(writes({ url: "u" }), false);
  assert.equal(writes({ url: "u", method: "head" }), false);
  assert.equal(writes({ url: "u", method: "POST" }), true);
  assert.equal(writes({ url: "u", method: "delete" }), true);
});

Deno.test("http_request uses an injected fetch", async () => {
  const calls: string[] = [];
  const fakeFetch = ((input: string | URL | Request) => {
    calls.push(String(input));
    return Promise.resolve(new Response("from fake", { status: 201, statusText: "Created" }));
  }) as typeof fetch;
  const resolveHost = () => Promise.resolve(["93.184.216.34"]);
  const result = await request({ url: "https://example.com/x" }, { fetch: fakeFetch, resolveHost });
  assert.match(result.output, /^HTTP 201 Created\n/);
  assert.deepEqual(calls, ["https://example.com/x"]);
});
