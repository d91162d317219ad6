import assert from "node:assert/strict";
import { detectSandbox, wrapCommand } from "../../src/sandbox/sandbox.ts";
import { afterNetworkReady, attachUserNetwork } from "../../src/sandbox/user_network.ts";
import { runProcess } from "../../src/tools/process_runner.ts";

const sandbox = await detectSandbox();

async function inPushNamespace(script: string, forwardPort?: number): Promise<string> {
  const workspace = await Deno.realPath(await Deno.makeTempDir({ prefix: "ws_" }));
  try {
    const result = await runProcess({
      argv: wrapCommand(sandbox, workspace, afterNetworkReady(["/bin/bash", "-c", script], forwardPort)),
      cwd: workspace,
      env: { PATH: "/usr/bin:/bin" },
      timeoutMs: 30_000,
      maxOutputBytes: 100_000,
      onSpawn: (pid) =>
        attachUserNetwork(pid, {
          pastaPath: sandbox.userNetworkPath!,
          forwardPort,
          capabilitiesDropped: sandbox.dropCapabilities,
        }),
    });
    return result.output;
  } finally {
    await Deno.remove(workspace, { recursive: true });
  }
}

Deno.test("detectSandbox finds pasta for push namespaces", () => {
  assert.equal(sandbox.userNetworkPath, "/usr/bin/pasta");
});

Deno.test("a push namespace has a network but not the host's loopback services", async () => {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () => new Response("ok"));
  const engineLike = Deno.serve({ hostname: "0.0.0.0", port: 0, onListen() {} }, () => new Response("ok"));
  try {
    const probe = (port: number) =>
      `(exec 3<>/dev/tcp/127.0.0.1/${port} && echo connected-${port}) 2>/dev/null || echo refused-${port}`;
    const script = [
      "grep -c . /proc/net/route",
      probe(server.addr.port),
      probe(engineLike.addr.port),
    ].join("; ");
    const output = await inPushNamespace(script);
    assert.match(output, new RegExp(`refused-${server.addr.port}`));
    assert.match(output, new RegExp(`refused-${engineLike.addr.port}`));
    assert.doesNotMatch(output, /connected/);
    assert.ok(Number(output.split("\n")[0]) > 1, `no route set up: ${output}`);
    // The same probe reaches a port forwarded on purpose, so the refusals above are the namespace's doing.
    const forwarded = await inPushNamespace(probe(server.addr.port), server.addr.port);
    assert.match(forwarded, new RegExp(`connected-${server.addr.port}`));
  } finally {
    await server.shutdown();
    await engineLike.shutdown();
  }
});
