/** The pipeline judges and acts on the same thing: Shield is shown each path argument resolved to its real
 * path (symlinks followed, `~` expanded with the tools' home), and the tool acts on exactly that path. Real file
 * tools, a real Shield and the real pipeline; only the model's calls are written by hand. */
import assert from "node:assert/strict";
import * as path from "node:path";
import { ToolPipeline } from "../../src/engine/tool_pipeline.ts";
import { EventBus } from "../../src/engine/events.ts";
import type { ServerEvent } from "../../src/protocol/server_events.ts";
import { noMetrics } from "../../src/engine/ports.ts";
import { createFileTools } from "../../src/tools/files.ts";
import { parseToolArguments } from "../../src/tools/validate_arguments.ts";
import { createShield, parsePolicy } from "../../src/shield/mod.ts";
import type { Action } from "../../src/shield/types.ts";
import { buildProtectedPaths } from "../../src/workspace/protected_paths.ts";
import { silentLogger } from "../../src/log/logger.ts";
import { systemClock } from "../../src/lib/clock.ts";

const POLICY = `rules:
  - {name: deny-vault, action: deny, tools: ["*"], paths: ["vault/**"], reason: the vault is off limits}
`;

interface Rig {
  workspace: string;
  outside: string;
  home: string;
  /** Every action Shield evaluated, as Shield saw it. */
  judged: Action[];
  events: ServerEvent[];
  audit: { event: string; details: Record<string, unknown> }[];
  run(name: string, args: Record<string, unknown>): ReturnType<ToolPipeline["run"]>;
  /** Runs once after Shield's verdict and before the tool executes. */
  afterVerdict?: () => void;
}

async function withPipeline(test: (rig: Rig) => Promise<void>): Promise<void> {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "pipeline_paths_" }));
  const workspace = path.join(root, "workspace");
  const outside = path.join(root, "outside");
  const home = path.join(workspace, "home");
  for (
    const dir of [workspace, outside, home, path.join(workspace, "vault"), path.join(workspace, ".engine")]
  ) {
    await Deno.mkdir(dir, { recursive: true });
  }
  await Deno.writeTextFile(path.join(root, "config.yaml"), "workspace: ./workspace\n");
  const tools = createFileTools({
    workspace,
    home,
    allowOutsideReads: true,
    protectedPaths: buildProtectedPaths({ workspace, configPath: path.join(root, "config.yaml") }),
  });
  const rig: Rig = {
    workspace,
    outside,
    home,
    judged: [],
    events: [],
    audit: [],
    run: (name, args) =>
      pipeline.run({ id: "c1", name, arguments: JSON.stringify(args) }, {
        sessionId: "s1",
        otr: false,
        signal: new AbortController().signal,
        offered: new Set(tools.map((tool) => tool.name)),
      }),
  };
  const shield = createShield({
    workspace,
    // Not the tools' home: a `~` path must reach Shield already expanded by the tools' own home.
    home: "/nonexistent-home",
    policy: parsePolicy(POLICY, "test"),
    heuristicEnabled: true,
    failClosed: true,
    rateLimitPerMinute: 0,
    verdictTtlSeconds: 0,
    clock: systemClock,
    observer: {
      verdict: (action) => {
        rig.judged.push(structuredClone(action));
        rig.afterVerdict?.();
      },
    },
  });
  const bus = new EventBus();
  bus.subscribe((event) => rig.events.push(event));
  const pipeline = new ToolPipeline({
    tools: { get: (name) => tools.find((tool) => tool.name === name) },
    parseArguments: parseToolArguments,
    shield,
    events: bus,
    audit: {
      record: (event, _session, _type, details) => {
        rig.audit.push({ event, details });
        return Promise.resolve(undefined);
      },
    },
    metrics: noMetrics,
    logger: silentLogger,
    clock: systemClock,
    failClosed: true,
  });
  try {
    await test(rig);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
}

Deno.test("pipeline paths: Shield judges the real path, so an alias cannot slip past a path rule", async () => {
  await withPipeline(async (rig) => {
    await Deno.symlink("vault", path.join(rig.workspace, "v"));
    const outcome = await rig.run("write_file", { path: "v/keys.txt", content: "stolen" });
    assert.equal(outcome.executed, false);
    assert.equal(outcome.verdict?.decision, "BLOCK");
    assert.match(outcome.verdict!.reason, /deny-vault/);
    assert.deepEqual(rig.judged.map((action) => action.payload.path), ["vault/keys.txt"]);
    assert.equal(await Deno.stat(path.join(rig.workspace, "vault/keys.txt")).catch(() => "absent"), "absent");
  });
});

Deno.test("pipeline paths: the tool writes exactly the path Shield saw; the UI keeps what the model wrote", async () => {
  await withPipeline(async (rig) => {
    await Deno.symlink(".", path.join(rig.workspace, "w"));
    const outcome = await rig.run("write_file", { path: "w/notes/../notes/a.md", content: "hello" });
    assert.equal(outcome.executed, true, outcome.content);
    // Named relative to the real workspace, which Shield resolves it against: the same file, no alias left.
    assert.deepEqual(rig.judged[0].payload, { path: "notes/a.md", content: "hello" });
    assert.equal(await Deno.readTextFile(path.join(rig.workspace, "notes/a.md")), "hello");
    const started = rig.events.find((event) => event.type === "action_started")!;
    assert.deepEqual(started.data.arguments, { path: "w/notes/../notes/a.md", content: "hello" });
    const verdict = rig.audit.find((entry) => entry.event === "verdict")!;
    assert.equal(verdict.details.target, "notes/a.md");
  });
});

Deno.test("pipeline paths: ~ is expanded with the tools' home before Shield sees it", async () => {
  await withPipeline(async (rig) => {
    const outcome = await rig.run("write_file", { path: "~/todo.md", content: "x" });
    assert.equal(outcome.executed, true, outcome.content);
    assert.equal(rig.judged[0].payload.path, "home/todo.md");
    assert.equal(await Deno.readTextFile(path.join(rig.home, "todo.md")), "x");
  });
});

Deno.test("pipeline paths: copy_file into a directory is judged on the final target, planted link resolved", async () => {
  await withPipeline(async (rig) => {
    await Deno.writeTextFile(path.join(rig.workspace, "report.txt"), "data");
    await Deno.writeTextFile(path.join(rig.workspace, "vault/report.txt"), "sealed");
    await Deno.mkdir(path.join(rig.workspace, "inbox"));
    await Deno.symlink("../vault/report.txt", path.join(rig.workspace, "inbox/report.txt"));
    const outcome = await rig.run("copy_file", { source: "report.txt", destination: "inbox" });
    assert.equal(outcome.verdict?.decision, "BLOCK");
    assert.equal(rig.judged[0].payload.destination, "vault/report.txt");
    assert.equal(await Deno.readTextFile(path.join(rig.workspace, "vault/report.txt")), "sealed");
  });
});

Deno.test("pipeline paths: a link swapped in between the verdict and the execution is refused", async () => {
  await withPipeline(async (rig) => {
    await Deno.mkdir(path.join(rig.workspace, "drafts"));
    rig.afterVerdict = () => {
      Deno.renameSync(path.join(rig.workspace, "drafts"), path.join(rig.workspace, "drafts-old"));
      Deno.symlinkSync(rig.outside, path.join(rig.workspace, "drafts"));
    };
    const outcome = await rig.run("write_file", { path: "drafts/letter.txt", content: "EVIL" });
    assert.equal(outcome.verdict?.decision, "ALLOW");
    assert.equal(outcome.isError, true);
    assert.match(outcome.content, /symbolic link changed/);
    assert.deepEqual([...Deno.readDirSync(rig.outside)], []);
  });
});

Deno.test("pipeline paths: a protected target is refused before Shield is asked, and audited as a block", async () => {
  await withPipeline(async (rig) => {
    await Deno.symlink(".engine", path.join(rig.workspace, "state"));
    for (
      const [name, args] of [
        ["write_file", { path: "state/audit.jsonl", content: "" }],
        ["read_file", { path: "../config.yaml" }],
        ["delete_file", { path: "state/engine.db" }],
      ] as const
    ) {
      const outcome = await rig.run(name, args);
      assert.equal(outcome.executed, false);
      assert.equal(outcome.verdict?.decision, "BLOCK");
      assert.match(outcome.content, /^Refused: Cannot .*protected path/, outcome.content);
    }
    assert.deepEqual(rig.judged, [], "Shield was never asked");
    const verdicts = rig.audit.filter((entry) => entry.event === "verdict");
    assert.deepEqual(verdicts.map((entry) => entry.details.decision), ["BLOCK", "BLOCK", "BLOCK"]);
    assert.deepEqual([...Deno.readDirSync(path.join(rig.workspace, ".engine"))], []);
  });
});
