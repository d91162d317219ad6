/** The real engine in-process with the scripted LLM: git writes through the one pipeline, the shell's fate
 * without bubblewrap, and what a stopping engine leaves behind. */
import * as path from "node:path";
import { stringify } from "yaml";
import { startEngine } from "../../src/app/start.ts";
import { assert, assertEquals } from "../support/assert.ts";
import { type FakeLlm, startFakeLlm } from "../support/fake_llm.ts";
import { hashPassword, testConfig } from "../support/engine_harness.ts";
import { startGitHttpServer } from "../support/git_http_server.ts";
import { WsClient } from "../support/ws_client.ts";
import { gitIn } from "../support/git_repo.ts";

interface Rig {
  root: string;
  stop(): Promise<void>;
  workspace: string;
  llm: FakeLlm;
  url: string;
  session(): Promise<{ id: string; client: WsClient }>;
  close(): Promise<void>;
}

async function startRig(
  config: (root: string) => Record<string, unknown>,
  options: {
    sandboxCandidates?: string[];
    httpAllowHosts?: string[];
    prepare?: (ws: string) => Promise<void>;
    /** Set as web.password_hash; the rig logs in and opens its WebSockets with the login cookie. */
    password?: string;
  },
) {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "parapet-git-e2e-" }));
  const workspace = path.join(root, "ws");
  await Deno.mkdir(workspace);
  await options.prepare?.(workspace);
  const llm = await startFakeLlm();
  // The in-process engine reads the model's key from this process's environment.
  Deno.env.set("FAKE_LLM_KEY", "test-key");
  const configPath = path.join(root, "config.yaml");
  await Deno.writeTextFile(
    configPath,
    stringify(testConfig({
      llmUrl: llm.url,
      config: {
        workspace,
        ...config(root),
        ...(options.password ? { web: { password_hash: hashPassword(options.password) } } : {}),
      },
    })),
  );
  const engine = await startEngine({
    configPath,
    port: 0,
    stderrLogs: false,
    sandboxCandidates: options.sandboxCandidates,
    httpAllowHosts: options.httpAllowHosts,
  });
  const clients: WsClient[] = [];
  let cookie: Record<string, string> | undefined;
  if (options.password) {
    const login = await fetch(`${engine.url}/api/login`, {
      method: "POST",
      body: JSON.stringify({ password: options.password }),
    });
    await login.body?.cancel();
    cookie = { cookie: login.headers.get("set-cookie")!.split(";")[0] };
  }
  const rig: Rig = {
    root,
    workspace,
    llm,
    url: engine.url,
    stop: () => engine.stop(),
    async session() {
      const response = await fetch(`${engine.url}/api/sessions`, { method: "POST", body: "{}" });
      const { id } = await response.json();
      const client = await WsClient.connect(`${engine.url.replace("http", "ws")}/api/ws`, id, cookie);
      clients.push(client);
      return { id, client };
    },
    async close() {
      await Promise.all(clients.map((client) => client.close()));
      await engine.stop();
      await llm.close();
      await Deno.remove(root, { recursive: true });
    },
  };
  return rig;
}

/** Runs one turn in which the model calls `tool` once; returns that call's verdict and result events. */
async function callOnce(rig: Rig, tool: string, args: Record<string, unknown>) {
  const { id, client } = await rig.session();
  rig.llm.enqueue({ toolCalls: [{ name: tool, arguments: args }] }, { text: "done" });
  client.send({ type: "message", session_id: id, content: `please run ${tool}` });
  const asked = await Promise.race([
    client.waitFor("tier3_approval_required", () => true, 60_000),
    client.waitFor("action_completed", () => true, 60_000),
  ]);
  if (asked.type === "tier3_approval_required") {
    client.send({ type: "tier3_decision", action_id: asked.data!.action_id, decision: "deny" });
  }
  const completed = await client.waitFor("action_completed", () => true, 60_000);
  await client.waitFor("response_complete", () => true, 60_000);
  const verdict = client.ofType("shield_verdict")[0]?.data ?? {};
  return { asked: asked.type === "tier3_approval_required", verdict, completed: completed.data! };
}

Deno.test("git e2e: commit and push run through the pipeline, land on the remote, never carry .engine", async () => {
  const served = await Deno.realPath(await Deno.makeTempDir({ prefix: "served-" }));
  await gitIn(served, "init", "-q", "--bare", "-b", "main", "remote.git");
  await gitIn(served, "init", "-q", "--bare", "-b", "main", "forbidden.git");
  const server = startGitHttpServer(served);
  const policy = [
    "rules:",
    "  - name: deny-forbidden-remote",
    "    action: deny",
    "    tools: [git_push]",
    '    urls: ["**/forbidden.git"]',
    "    reason: that remote is off limits",
    "  - name: allow-git",
    "    action: allow",
    "    tools: [git_commit, git_push]",
    "    reason: test allows git",
    "",
  ].join("\n");
  const rig = await startRig((root) => ({ shield: { policy_file: path.join(root, "policy.yaml") } }), {
    httpAllowHosts: ["127.0.0.1"],
    prepare: async (workspace) => {
      await Deno.writeTextFile(path.join(workspace, "../policy.yaml"), policy);
      await gitIn(workspace, "init", "-q", "-b", "main");
      await gitIn(workspace, "remote", "add", "origin", `${server.url}/remote.git`);
      await gitIn(workspace, "remote", "add", "blocked", `${server.url}/forbidden.git`);
      await Deno.writeTextFile(path.join(workspace, "notes.md"), "hello\n");
    },
  });
  try {
    assert(
      await Deno.stat(path.join(rig.workspace, ".engine/engine.db")).then(() => true),
      "engine state exists",
    );
    const commit = await callOnce(rig, "git_commit", { message: "Notes from the agent" });
    assertEquals(commit.verdict.decision, "ALLOW");
    assertEquals(commit.completed.is_error, false, String(commit.completed.result));
    const files = await gitIn(rig.workspace, "ls-tree", "-r", "--name-only", "HEAD");
    assert(files.includes("notes.md"), files);
    assert(!files.includes(".engine"), `engine state was committed: ${files}`);

    const push = await callOnce(rig, "git_push", {});
    assertEquals(push.completed.is_error, false, String(push.completed.result));
    assertEquals(
      await gitIn(path.join(served, "remote.git"), "log", "--format=%s", "main"),
      "Notes from the agent",
    );

    // Shield judges the URL the engine resolved from the repository, not only the remote's name.
    const blocked = await callOnce(rig, "git_push", { remote: "blocked" });
    assertEquals([blocked.verdict.decision, blocked.verdict.tier], ["BLOCK", 0]);
    assert(
      String(blocked.verdict.reason).includes("that remote is off limits"),
      String(blocked.verdict.reason),
    );
    assertEquals(await gitIn(path.join(served, "forbidden.git"), "rev-list", "--all"), "");

    // A local remote is refused before anything runs.
    await gitIn(rig.workspace, "remote", "set-url", "blocked", `file://${served}/forbidden.git`);
    const local = await callOnce(rig, "git_push", { remote: "blocked" });
    assertEquals(local.verdict.decision, "BLOCK");
    assert(
      String(local.completed.result).includes("only https remotes are allowed"),
      String(local.completed.result),
    );
  } finally {
    await rig.close();
    await server.close();
    await Deno.remove(served, { recursive: true });
  }
});

Deno.test("shell e2e: without bubblewrap the shell is not offered unless the operator opts in, then every command asks", async () => {
  const missing = { sandboxCandidates: ["/nonexistent/bwrap"] };
  const off = await startRig(() => ({}), missing);
  try {
    const tools = (await (await fetch(`${off.url}/api/tools`)).json()) as { name: string }[];
    assert(!tools.some((tool) => tool.name === "execute_command"), "shell offered without a sandbox");
    assert(tools.some((tool) => tool.name === "git_status"), "other groups stay");
    const status = await (await fetch(`${off.url}/api/status`)).json();
    assertEquals(status.sandbox, {
      active: false,
      mode: "deno-permissions",
      filesystem: false,
      network: false,
    });
  } finally {
    await off.close();
  }
  const optedIn = await startRig(() => ({ tools: { allow_unsandboxed_shell: true } }), {
    ...missing,
    password: "correct horse",
  });
  try {
    const tools = (await (await fetch(`${optedIn.url}/api/tools`)).json()) as { name: string }[];
    assert(tools.some((tool) => tool.name === "execute_command"), "shell not offered after opting in");
    const marker = path.join(optedIn.workspace, "ran.txt");
    const call = await callOnce(optedIn, "execute_command", { command: "echo hi > ran.txt" });
    assert(call.asked, "a human was not asked");
    assertEquals(call.verdict.tier, 3);
    assertEquals(await Deno.stat(marker).then(() => true, () => false), false);
  } finally {
    await optedIn.close();
  }
});

Deno.test("shell e2e: stopping the engine mid-command leaves no process behind, setsid ones included", async () => {
  const rig = await startRig((root) => ({ shield: { policy_file: path.join(root, "policy.yaml") } }), {
    prepare: (workspace) =>
      Deno.writeTextFile(
        path.join(workspace, "../policy.yaml"),
        "rules:\n  - name: allow-shell\n    action: allow\n    tools: [execute_command]\n    reason: test\n",
      ),
  });
  const seconds = String(900_000 + Math.floor(Math.random() * 99_999));
  try {
    const { id, client } = await rig.session();
    rig.llm.enqueue(
      {
        toolCalls: [{
          name: "execute_command",
          arguments: { command: `setsid sleep ${seconds} & sleep ${seconds}` },
        }],
      },
      { text: "done" },
    );
    client.send({ type: "message", session_id: id, content: "run it" });
    const verdict = await client.waitFor("shield_verdict", () => true, 60_000);
    assertEquals(verdict.data!.decision, "ALLOW");
    while (sleepers(seconds).length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    await rig.stop();
    for (let attempt = 0; attempt < 100 && sleepers(seconds).length > 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assertEquals(sleepers(seconds), []);
  } finally {
    await rig.close();
  }
});

/** Live `sleep <seconds>` processes (zombies count as gone). */
function sleepers(seconds: string): number[] {
  const found: number[] = [];
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      if (Deno.readTextFileSync(`/proc/${entry.name}/cmdline`) !== `sleep\0${seconds}\0`) continue;
      const state = Deno.readTextFileSync(`/proc/${entry.name}/stat`).split(") ")[1]?.[0];
      if (state !== "Z") found.push(Number(entry.name));
    } catch {
      // ended while we looked
    }
  }
  return found;
}
