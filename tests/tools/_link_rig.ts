/** A workspace laid out as `deno task start` makes it (config.yaml and security/ beside workspace/), with engine
 * state, identity files and a git repository in it and a folder outside it, for symlink attack tests. */
import assert from "node:assert/strict";
import * as path from "node:path";
import { createFileTools } from "../../src/tools/files.ts";
import { type AnyTool } from "../../src/tools/types.ts";
import { ToolError } from "../../src/lib/errors.ts";
import { buildProtectedPaths } from "../../src/workspace/protected_paths.ts";

export const AUDIT_LINES = 41;

export interface LinkRig {
  root: string;
  workspace: string;
  outside: string;
  tool(name: string): AnyTool;
  /** Calls the tool as the pipeline does: resolveArguments, then execute on exactly what came back. */
  judged(name: string, args: Record<string, unknown>): Promise<string>;
  /** Calls execute directly with the model's arguments. */
  direct(name: string, args: Record<string, unknown>): Promise<string>;
  /** Everything an attacker wants to change, with its content; compared before and after each attempt. */
  state(): Promise<Record<string, string>>;
  link(target: string, at: string): Promise<void>;
}

const context = { sessionId: "test", signal: new AbortController().signal };

export async function withLinkRig(run: (rig: LinkRig) => Promise<void>): Promise<void> {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "links_" }));
  const workspace = path.join(root, "workspace");
  const outside = path.join(root, "outside");
  const files: Record<string, string> = {
    "config.yaml": "workspace: ./workspace\n",
    "security/shield/default.yaml":
      "rules:\n  - {name: d, action: deny, tools: ['*'], paths: ['x'], reason: r}\n",
    "outside/victim.txt": "ORIGINAL",
    "workspace/.engine/audit.jsonl": Array.from({ length: AUDIT_LINES }, (_, i) => `{"seq":${i}}\n`).join(""),
    "workspace/.engine/engine.db": "SQLite format 3",
    "workspace/IDENTITY.md": "# Identity\n",
    "workspace/AGENTS.md": "# Agents\n",
    "workspace/MEMORY.md": "# Memory\n",
    "workspace/.git/config": "[core]\n\tbare = false\n",
    "workspace/.git/HEAD": "ref: refs/heads/main\n",
    "workspace/src.txt": "EVIL",
    "workspace/old_audit.jsonl": '{"seq":0}\n{"seq":1}\n{"seq":2}\n{"seq":3}\n{"seq":4}\n',
  };
  for (const [file, text] of Object.entries(files)) {
    await Deno.mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await Deno.writeTextFile(path.join(root, file), text);
  }
  await Deno.mkdir(path.join(workspace, ".git/hooks"));
  await Deno.mkdir(path.join(workspace, "dir"));
  const tools = createFileTools({
    workspace,
    home: outside,
    allowOutsideReads: true,
    protectedPaths: buildProtectedPaths({
      workspace,
      configPath: path.join(root, "config.yaml"),
      policyFiles: [
        path.join(root, "security/shield/default.yaml"),
        path.join(root, "security/shield/learned.yaml"),
      ],
    }),
  });
  const tool = (name: string) => tools.find((candidate) => candidate.name === name)!;
  const outcome = async (run: () => Promise<{ output: string }>) => {
    try {
      return `ok: ${(await run()).output}`;
    } catch (error) {
      assert.ok(error instanceof ToolError, `expected a ToolError, got ${error}`);
      return `refused: ${error.message}`;
    }
  };
  const rig: LinkRig = {
    root,
    workspace,
    outside,
    tool,
    judged: (name, args) =>
      outcome(async () => {
        const resolved = await tool(name).resolveArguments!(args);
        return await tool(name).execute(resolved, { ...context, argumentsResolved: true });
      }),
    direct: (name, args) => outcome(() => tool(name).execute(args, context)),
    state: () => snapshot(root),
    link: (target, at) => Deno.symlink(target, path.join(workspace, at)),
  };
  try {
    await run(rig);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
}

/** Content of every file outside workspace/ and of the protected ones inside it (links shown as links). */
async function snapshot(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const visit = async (relative: string) => {
    const absolute = path.join(root, relative);
    const info = await Deno.lstat(absolute);
    if (info.isSymlink) out[relative] = `-> ${await Deno.readLink(absolute)}`;
    else if (info.isFile) out[relative] = await Deno.readTextFile(absolute);
    else {
      out[`${relative}/`] = "";
      for await (const entry of Deno.readDir(absolute)) await visit(path.join(relative, entry.name));
    }
  };
  for (const top of ["config.yaml", "security", "outside"]) await visit(top);
  for (const inside of [".engine", ".git", "IDENTITY.md", "AGENTS.md"]) await visit(`workspace/${inside}`);
  return out;
}
