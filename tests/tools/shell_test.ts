import assert from "node:assert/strict";
import * as path from "node:path";
import { detectSandbox, type SandboxInfo } from "../../src/sandbox/sandbox.ts";
import { runProcess } from "../../src/tools/process_runner.ts";
import { createShellTool, type ShellToolOptions } from "../../src/tools/shell.ts";
import type { ToolResult } from "../../src/tools/types.ts";

const NO_SANDBOX: SandboxInfo = { active: false, mode: "none", filesystem: false, network: false };

type Execute = (command: string, timeout?: number) => Promise<ToolResult>;

async function withShell(
  sandbox: SandboxInfo,
  run: (execute: Execute, workspace: string) => Promise<void>,
  extra: Partial<ShellToolOptions> = {},
) {
  const workspace = await Deno.realPath(await Deno.makeTempDir({ prefix: "ws_" }));
  const tool = createShellTool({ workspace, timeoutSeconds: 2, sandbox, killGraceMs: 500, ...extra });
  const call = (command: string, timeout?: number) =>
    tool.execute({ command, timeout }, { sessionId: "t", signal: new AbortController().signal });
  try {
    await run(call, workspace);
  } finally {
    await Deno.remove(workspace, { recursive: true });
  }
}

/** Live processes whose command line is exactly `argv` (zombies count as gone). */
function processesRunning(argv: string[]): number[] {
  const wanted = argv.join("\0") + "\0";
  const found: number[] = [];
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      if (Deno.readTextFileSync(`/proc/${entry.name}/cmdline`) !== wanted) continue;
      const state = Deno.readTextFileSync(`/proc/${entry.name}/stat`).split(") ")[1]?.[0];
      if (state !== "Z") found.push(Number(entry.name));
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

const uniqueSleep = () => String(900_000 + Math.floor(Math.random() * 99_999));

Deno.test("execute_command returns combined output and the exit code", async () => {
  await withShell(NO_SANDBOX, async (execute) => {
    const result = await execute("echo out; echo err >&2; exit 3");
    assert.equal(result.output, "out\nerr\n---\nexit code: 3");
    assert.equal(result.isError, true);
    const success = await execute("pwd");
    assert.equal(success.isError, false);
    assert.match(success.output, /exit code: 0$/);
  });
});

Deno.test("execute_command runs in the workspace with a minimal environment", async () => {
  Deno.env.set("PARAPET_TEST_SECRET", "sk-do-not-leak");
  try {
    await withShell(NO_SANDBOX, async (execute, workspace) => {
      const result = await execute("pwd; env | sort");
      assert.ok(result.output.startsWith(`${workspace}\n`));
      assert.doesNotMatch(result.output, /PARAPET_TEST_SECRET|sk-do-not-leak/);
      assert.match(result.output, /^TERM=dumb$/m);
      assert.match(result.output, /^PATH=/m);
      assert.match(result.output, new RegExp(`^HOME=${workspace}$`, "m"));
    });
  } finally {
    Deno.env.delete("PARAPET_TEST_SECRET");
  }
});

Deno.test("execute_command timeout kills the whole process group, grandchildren included", async () => {
  await withShell(NO_SANDBOX, async (execute) => {
    const seconds = uniqueSleep();
    const result = await execute(`sleep ${seconds} & (sleep ${seconds}) & wait`, 1);
    assert.match(result.output, /\[timed out after 1 s: the command and its children were killed\]/);
    assert.equal(result.isError, true);
    assert.deepEqual(processesRunning(["sleep", seconds]), []);
  });
});

Deno.test("execute_command kills background jobs left behind when the command exits", async () => {
  await withShell(NO_SANDBOX, async (execute) => {
    const seconds = uniqueSleep();
    const result = await execute(`sleep ${seconds} & echo started`);
    assert.match(result.output, /^started\n---\nexit code: 0$/);
    assert.deepEqual(processesRunning(["sleep", seconds]), []);
  });
});

Deno.test("execute_command cancelled through the signal kills the group", async () => {
  const workspace = await Deno.realPath(await Deno.makeTempDir({ prefix: "ws_" }));
  try {
    const tool = createShellTool({ workspace, timeoutSeconds: 60, sandbox: NO_SANDBOX, killGraceMs: 500 });
    const controller = new AbortController();
    const seconds = uniqueSleep();
    const running = tool.execute({ command: `sleep ${seconds} & wait` }, {
      sessionId: "t",
      signal: controller.signal,
    });
    while (processesRunning(["sleep", seconds]).length === 0) await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    const result = await running;
    assert.match(result.output, /\[cancelled: the command and its children were killed\]/);
    assert.deepEqual(processesRunning(["sleep", seconds]), []);
  } finally {
    await Deno.remove(workspace, { recursive: true });
  }
});

Deno.test("execute_command caps a 10 GB output, keeping head and tail, and kills the producer", async () => {
  await withShell(NO_SANDBOX, async (execute) => {
    const result = await execute("yes | head -c 10000000000", 60);
    assert.ok(result.output.length < 101_000, `output length ${result.output.length}`);
    assert.match(result.output, /\[\.\.\. \d+ bytes omitted \.\.\.\]/);
    assert.match(
      result.output,
      /\[output passed the 50000000-byte limit: the command and its children were killed\]/,
    );
    assert.deepEqual(processesRunning(["yes"]), []);
  });
});

Deno.test("execute_command caps the timeout argument at ten times the default", async () => {
  await withShell(NO_SANDBOX, async (execute) => {
    const result = await execute("true", 1000);
    assert.match(result.output, /\[timeout capped at 20 s\]/);
  });
});

Deno.test("execute_command keeps small output within maxOutputBytes", async () => {
  await withShell(NO_SANDBOX, async (execute) => {
    const result = await execute("seq 1 100000");
    assert.match(result.output, /^1\n2\n3\n/);
    assert.match(result.output, /\n100000\n---\nexit code: 0$/);
    assert.match(result.output, /bytes omitted/);
  }, { maxOutputBytes: 1000 });
});

Deno.test("execute_command description and declaration mark it as an unpredictable writer", async () => {
  const workspace = await Deno.makeTempDir();
  try {
    const tool = createShellTool({ workspace, timeoutSeconds: 30, sandbox: NO_SANDBOX });
    assert.equal(tool.name, "execute_command");
    assert.equal(tool.group, "shell");
    assert.equal(tool.writes, true);
    assert.equal(tool.affectedPaths!({ command: "ls" }), "*");
  } finally {
    await Deno.remove(workspace, { recursive: true });
  }
});

Deno.test("sandboxed execute_command can write the workspace but nothing outside it", async () => {
  const sandbox = await detectSandbox();
  assert.equal(sandbox.active, true, `bubblewrap should work here: ${sandbox.reason}`);
  const outside = await Deno.makeTempDir({ prefix: "out_" });
  try {
    await withShell(sandbox, async (execute, workspace) => {
      const inside = await execute("echo hi > made.txt && cat made.txt");
      assert.match(inside.output, /^hi\n---\nexit code: 0$/);
      assert.equal(await Deno.readTextFile(path.join(workspace, "made.txt")), "hi\n");
      const etc = await execute("touch /etc/parapet_sandbox_probe");
      assert.match(etc.output, /Read-only file system/);
      await execute(`touch ${outside}/escaped.txt; echo x > ${workspace}/../escaped_too.txt`);
      assert.equal(await Deno.lstat(path.join(outside, "escaped.txt")).then(() => true, () => false), false);
      assert.equal(
        await Deno.lstat(path.join(workspace, "../escaped_too.txt")).then(() => true, () => false),
        false,
      );
      await Deno.mkdir(path.join(workspace, ".engine"));
      const engine = await execute("echo forged >> .engine/audit.jsonl");
      assert.match(engine.output, /Read-only file system/);
    });
  } finally {
    await Deno.remove(outside, { recursive: true });
  }
});

Deno.test("sandboxed execute_command has no network, while the same command without it connects", async () => {
  const sandbox = await detectSandbox();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () => new Response("ok"));
  try {
    const probe = `exec 3<>/dev/tcp/127.0.0.1/${server.addr.port} && echo connected`;
    await withShell(NO_SANDBOX, async (execute) => {
      assert.match((await execute(probe)).output, /^connected\n/);
    });
    await withShell(sandbox, async (execute) => {
      const result = await execute(probe);
      assert.doesNotMatch(result.output, /connected/);
      assert.equal(result.isError, true);
    });
  } finally {
    await server.shutdown();
  }
});

Deno.test("sandboxed execute_command timeout still kills grandchildren", async () => {
  const sandbox = await detectSandbox();
  await withShell(sandbox, async (execute) => {
    const seconds = uniqueSleep();
    const result = await execute(`(sleep ${seconds} &) ; sleep ${seconds} & wait`, 1);
    assert.match(result.output, /timed out after 1 s/);
    assert.deepEqual(processesRunning(["sleep", seconds]), []);
  });
});

Deno.test("runProcess reports a missing program with exit code 127 and its name", async () => {
  const result = await runProcess({
    argv: ["/nonexistent/program"],
    cwd: "/",
    env: {},
    timeoutMs: 5000,
    maxOutputBytes: 1000,
  });
  assert.equal(result.code, 127);
  assert.match(result.output, /\/nonexistent\/program/);
});

Deno.test("execute_command timeout kills setsid and double-forked escapees, with or without bubblewrap", async () => {
  const sandbox = await detectSandbox();
  const unsandboxed = await detectSandbox({ candidates: ["/nonexistent/bwrap"] });
  for (const info of [sandbox, unsandboxed]) {
    await withShell(info, async (execute) => {
      const seconds = uniqueSleep();
      const command = `setsid sleep ${seconds} & (setsid sh -c 'sleep ${seconds}' &) ; ` +
        `nohup setsid sleep ${seconds} >/dev/null 2>&1 & sleep ${seconds}`;
      const result = await execute(command, 1);
      assert.match(result.output, /timed out after 1 s/);
      assert.deepEqual(await gone(["sleep", seconds]), [], `sandbox active: ${info.active}`);
    });
  }
});

Deno.test("a setsid escapee dies when the engine process running the command is killed", async () => {
  const sandbox = await detectSandbox();
  const unsandboxed = await detectSandbox({ candidates: ["/nonexistent/bwrap"] });
  for (const info of [sandbox, unsandboxed]) {
    const seconds = uniqueSleep();
    const workspace = await Deno.realPath(await Deno.makeTempDir({ prefix: "ws_" }));
    const script = `
      import { createShellTool } from ${
      JSON.stringify(new URL("../../src/tools/shell.ts", import.meta.url).href)
    };
      const tool = createShellTool({ workspace: ${JSON.stringify(workspace)}, timeoutSeconds: 600,
        sandbox: ${JSON.stringify(info)} });
      await tool.execute({ command: "setsid sleep ${seconds} & sleep ${seconds}" },
        { sessionId: "t", signal: new AbortController().signal });`;
    const engine = new Deno.Command(Deno.execPath(), {
      args: ["eval", script],
      stdout: "null",
      stderr: "null",
    })
      .spawn();
    try {
      while (processesRunning(["sleep", seconds]).length < 2) await new Promise((r) => setTimeout(r, 20));
      engine.kill("SIGKILL");
      await engine.status;
      assert.deepEqual(await gone(["sleep", seconds]), [], `sandbox active: ${info.active}`);
    } finally {
      await Deno.remove(workspace, { recursive: true });
    }
  }
});

Deno.test("execute_command reports the paths a command names as reads, even when it fails", async () => {
  await withShell(NO_SANDBOX, async (execute) => {
    const result = await execute(
      "cat .env secrets/key.pem > out.txt; grep --file=patterns.txt ~/.ssh/id_rsa",
    );
    assert.equal(result.isError, true);
    for (const named of [".env", "secrets/key.pem", "out.txt", "patterns.txt", "~/.ssh/id_rsa"]) {
      assert.ok(result.reads?.paths?.includes(named), named);
    }
  });
});

Deno.test("execute_command asks for Tier 3 on every call when it runs without bubblewrap", async () => {
  const workspace = await Deno.makeTempDir();
  try {
    const sandbox = await detectSandbox();
    assert.equal(createShellTool({ workspace, timeoutSeconds: 5, sandbox: NO_SANDBOX }).minimumTier, 3);
    assert.equal(createShellTool({ workspace, timeoutSeconds: 5, sandbox }).minimumTier, undefined);
  } finally {
    await Deno.remove(workspace, { recursive: true });
  }
});

/** Processes matching `argv` still alive once the kernel had time to reap a dead namespace (empty = gone). */
async function gone(argv: string[]): Promise<number[]> {
  for (let attempt = 0; attempt < 100 && processesRunning(argv).length > 0; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return processesRunning(argv);
}
