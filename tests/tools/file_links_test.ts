/** Symlink attacks on every file tool that writes: planted links at the target and as a parent, aliases of the
 * workspace, the config folder and the policy folder, dangling links, and links swapped in after the call was
 * judged. Each attempt runs as the pipeline runs it (resolveArguments, then execute) and as a direct call. */
import assert from "node:assert/strict";
import * as path from "node:path";
import { AUDIT_LINES, type LinkRig, withLinkRig } from "./_link_rig.ts";

/** Every writing file tool, with the attacked path in its target position. */
const WRITERS: Record<string, (target: string) => Record<string, unknown>> = {
  write_file: (target) => ({ path: target, content: "EVIL" }),
  copy_file: (target) => ({ source: "src.txt", destination: target }),
  move_file: (target) => ({ source: "src.txt", destination: target }),
  create_directory: (target) => ({ path: target }),
  delete_file: (target) => ({ path: target }),
};
const MODES = ["judged", "direct"] as const;

async function assertRefusedEverywhere(
  setup: (rig: LinkRig) => Promise<void>,
  target: string,
  tools = Object.keys(WRITERS),
): Promise<void> {
  for (const name of tools) {
    for (const mode of MODES) {
      await withLinkRig(async (rig) => {
        await setup(rig);
        const before = await rig.state();
        const outcome = await rig[mode](name, WRITERS[name](target));
        assert.match(outcome, /^refused: /, `${name} (${mode}) on "${target}": ${outcome}`);
        assert.deepEqual(
          await rig.state(),
          before,
          `${name} (${mode}) on "${target}" changed protected files`,
        );
      });
    }
  }
}

const aliases = async (rig: LinkRig) => {
  await rig.link(".", "w");
  await rig.link("..", "up");
  await rig.link("../security", "s");
};

Deno.test("file links: a workspace alias (ln -s . w) cannot reach .engine, identity files or git control files", async () => {
  for (
    const target of [
      "w/.engine/audit.jsonl",
      "w/.engine/engine.db",
      "w/.engine",
      "w/IDENTITY.md",
      "w/AGENTS.md",
      "w/.git/hooks/pre-commit",
      "w/.git/config",
    ]
  ) {
    await assertRefusedEverywhere(aliases, target);
  }
});

Deno.test("file links: aliases of the config folder (ln -s ..) and policy folder (ln -s ../security) are refused", async () => {
  for (
    const target of ["up/config.yaml", "up/security/shield/default.yaml", "s/shield/default.yaml", "s/x.yaml"]
  ) {
    await assertRefusedEverywhere(aliases, target);
  }
});

Deno.test("file links: a link as a parent directory, to outside or into .engine, is refused", async () => {
  const setup = async (rig: LinkRig) => {
    await rig.link("../outside", "outdir");
    await rig.link(".engine", "state");
  };
  for (const target of ["outdir/victim.txt", "outdir/new.txt", "state/audit.jsonl", "state/new.jsonl"]) {
    await assertRefusedEverywhere(setup, target);
  }
});

Deno.test("file links: a link or dangling link at the target is never written through; delete removes only the link", async () => {
  const setup = async (rig: LinkRig) => {
    await rig.link("../outside/victim.txt", "out.txt");
    await rig.link(".engine/audit.jsonl", "log.txt");
    await rig.link("nowhere.txt", "dangling");
    await rig.link("../outside/new.txt", "dangling-out");
  };
  const writers = ["write_file", "copy_file", "move_file", "create_directory"];
  for (const target of ["out.txt", "log.txt", "dangling", "dangling-out"]) {
    await assertRefusedEverywhere(setup, target, writers);
    for (const mode of MODES) {
      await withLinkRig(async (rig) => {
        await setup(rig);
        const before = await rig.state();
        assert.match(await rig[mode]("delete_file", { path: target }), /^ok: Deleted symlink/);
        assert.deepEqual(await rig.state(), before);
        assert.equal(await Deno.lstat(path.join(rig.workspace, target)).catch(() => "gone"), "gone");
      });
    }
  }
});

Deno.test("file links: copy_file and move_file into a directory never write through a link planted in it", async () => {
  for (const planted of ["../../outside/victim.txt", "../.engine/audit.jsonl", "../IDENTITY.md"]) {
    for (const name of ["copy_file", "move_file"]) {
      for (const mode of MODES) {
        await withLinkRig(async (rig) => {
          await rig.link(planted, "dir/src.txt");
          const before = await rig.state();
          const outcome = await rig[mode](name, { source: "src.txt", destination: "dir" });
          assert.match(outcome, /^refused: /, `${name} (${mode}) with dir/src.txt -> ${planted}: ${outcome}`);
          assert.deepEqual(await rig.state(), before);
          assert.equal(await Deno.readTextFile(path.join(rig.outside, "victim.txt")), "ORIGINAL");
        });
      }
    }
  }
});

Deno.test("file links: the reviewed attack, copy_file of a 5-entry audit over .engine/audit.jsonl, is refused", async () => {
  for (const destination of ["w/.engine/audit.jsonl", ".engine/audit.jsonl", "w/.engine", ".engine"]) {
    for (const mode of MODES) {
      await withLinkRig(async (rig) => {
        await aliases(rig);
        const outcome = await rig[mode]("copy_file", { source: "old_audit.jsonl", destination });
        assert.match(outcome, /^refused: .*protected path/, outcome);
        const audit = await Deno.readTextFile(path.join(rig.workspace, ".engine/audit.jsonl"));
        assert.equal(audit.trim().split("\n").length, AUDIT_LINES);
        assert.deepEqual([...Deno.readDirSync(path.join(rig.workspace, ".engine"))].length, 2);
      });
    }
  }
});

Deno.test("file links: a link swapped in after the call was judged is refused, at a parent or at the target", async () => {
  for (const name of Object.keys(WRITERS)) {
    for (const swap of ["parent", "target"] as const) {
      await withLinkRig(async (rig) => {
        await Deno.mkdir(path.join(rig.workspace, "sub"));
        await Deno.writeTextFile(path.join(rig.workspace, "sub/file.txt"), "SUB");
        await Deno.writeTextFile(path.join(rig.outside, "file.txt"), "OUTSIDE");
        const target = name === "create_directory" && swap === "parent" ? "sub/newdir" : "sub/file.txt";
        const tool = rig.tool(name);
        const judged = await tool.resolveArguments!(WRITERS[name](target));
        // What Shield saw: the real path, named inside the workspace.
        const seen = String(judged.path ?? judged.destination);
        assert.ok(seen.startsWith("sub/"), seen);
        if (swap === "parent") {
          await Deno.rename(path.join(rig.workspace, "sub"), path.join(rig.workspace, "sub-real"));
          await rig.link("../outside", "sub");
        } else {
          await Deno.remove(path.join(rig.workspace, "sub/file.txt"));
          await Deno.symlink(path.join(rig.outside, "victim.txt"), path.join(rig.workspace, "sub/file.txt"));
        }
        const before = await rig.state();
        const context = { sessionId: "t", signal: new AbortController().signal, argumentsResolved: true };
        const outcome = await tool.execute(judged, context).then(
          (r) => `ok: ${r.output}`,
          (e) => `refused: ${e}`,
        );
        if (name === "delete_file" && swap === "target") {
          // Deleting the entry that is now a link removes the link, never what it points to.
          assert.match(outcome, /^ok: Deleted symlink/);
        } else {
          assert.match(
            outcome,
            /^refused: .*symbolic link changed/,
            `${name}/${swap}: ${outcome}`,
          );
        }
        assert.deepEqual(await rig.state(), before, `${name}/${swap} changed files outside the workspace`);
      });
    }
  }
});

Deno.test("file links: a directory moved or copied into place as git hooks, git config or .git is refused", async () => {
  for (const name of ["move_file", "copy_file"]) {
    for (const destination of [".git/hooks", "sub/.git", "w/.git/hooks"]) {
      await withLinkRig(async (rig) => {
        await aliases(rig);
        await Deno.mkdir(path.join(rig.workspace, "payload/hooks"), { recursive: true });
        await Deno.writeTextFile(path.join(rig.workspace, "payload/hooks/pre-commit"), "#!/bin/sh\nid\n");
        await Deno.writeTextFile(path.join(rig.workspace, "payload/config"), "[core]\n\tfsmonitor = id\n");
        await Deno.mkdir(path.join(rig.workspace, "sub"));
        const before = await rig.state();
        const outcome = await rig.judged(name, { source: "payload", destination });
        assert.match(outcome, /^refused: .*git/, `${name} to ${destination}: ${outcome}`);
        assert.deepEqual(await rig.state(), before);
        assert.equal(await Deno.stat(path.join(rig.workspace, "sub/.git")).catch(() => "absent"), "absent");
      });
    }
  }
});

Deno.test("file links: .engine and git control directories cannot be moved away or deleted whole", async () => {
  await withLinkRig(async (rig) => {
    await aliases(rig);
    const before = await rig.state();
    for (
      const [name, args] of [
        ["move_file", { source: ".engine", destination: "state-copy" }],
        ["move_file", { source: "w/.git/hooks", destination: "hooks-copy" }],
        ["move_file", { source: ".git", destination: "git-copy" }],
        ["delete_file", { path: "w/.engine" }],
        ["delete_file", { path: ".git/config" }],
        ["copy_file", { source: ".engine", destination: "state-copy" }],
      ] as const
    ) {
      assert.match(await rig.judged(name, args), /^refused: /, `${name} ${JSON.stringify(args)}`);
    }
    assert.deepEqual(await rig.state(), before);
  });
});

Deno.test("file links: names that path matching could read as another path are refused", async () => {
  await withLinkRig(async (rig) => {
    for (
      const target of [
        "secret/a\\..\\..\\x.txt",
        "keys/id_rsa.pub ",
        " notes/a.md",
        "notes/a\nb.md",
        "a\u0000b",
      ]
    ) {
      for (const name of ["write_file", "create_directory"]) {
        assert.match(await rig.judged(name, WRITERS[name](target)), /^refused: /, JSON.stringify(target));
      }
    }
    await Deno.writeTextFile(path.join(rig.workspace, "tab\tname.txt"), "x");
    assert.match(await rig.judged("read_file", { path: "tab\tname.txt" }), /^refused: .*backslash, control/);
    assert.match(await rig.judged("write_file", WRITERS.write_file("notes/plain name.md")), /^ok: /);
  });
});

Deno.test("file links: a name starting with ~ or $ is judged as a file in the workspace, not a home", async () => {
  await withLinkRig(async (rig) => {
    await Deno.mkdir(path.join(rig.workspace, "~root"));
    await Deno.mkdir(path.join(rig.workspace, "$HOME"));
    const tool = rig.tool("write_file");
    for (const [written, named] of [["w/~root/a.md", "./~root/a.md"], ["w/$HOME/a.md", "./$HOME/a.md"]]) {
      await rig.link(".", "w").catch(() => {});
      const judged = await tool.resolveArguments!({ path: written, content: "x" });
      assert.equal(judged.path, named);
      assert.match(await rig.judged("write_file", { path: written, content: "x" }), /^ok: /);
      assert.equal(await Deno.readTextFile(path.join(rig.workspace, named)), "x");
    }
  });
});
