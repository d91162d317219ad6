import assert from "node:assert/strict";
import * as path from "node:path";
import { detectSandbox, type SandboxInfo, wrapCommand } from "../../src/security/sandbox.ts";

Deno.test("detectSandbox finds a working bubblewrap on this machine", async () => {
  const info = await detectSandbox();
  assert.equal(info.active, true, info.reason ?? "sandbox inactive");
  assert.equal(info.mode, "bubblewrap");
  assert.equal(info.filesystem, true);
  assert.equal(info.network, true);
  assert.equal(info.bwrapPath, "/usr/bin/bwrap");
});

Deno.test("detectSandbox reports inactive honestly when bwrap is missing", async () => {
  const info = await detectSandbox({ candidates: ["/nonexistent/bwrap"] });
  assert.deepEqual(info, {
    active: false,
    mode: "none",
    filesystem: false,
    network: false,
    reason: "bubblewrap (bwrap) is not installed",
  });
});

Deno.test("detectSandbox reports inactive when bwrap is installed but cannot start", async () => {
  const directory = await Deno.makeTempDir();
  try {
    const fake = path.join(directory, "bwrap");
    await Deno.writeTextFile(
      fake,
      "#!/bin/sh\necho 'bwrap: No permissions to create new namespace' >&2\nexit 1\n",
    );
    await Deno.chmod(fake, 0o755);
    const info = await detectSandbox({ candidates: [fake] });
    assert.equal(info.active, false);
    assert.equal(info.mode, "none");
    assert.equal(info.reason, "bubblewrap cannot start here: bwrap: No permissions to create new namespace");
  } finally {
    await Deno.remove(directory, { recursive: true });
  }
});

Deno.test("wrapCommand binds the root read-only, the workspace writable, and unshares net and pid", () => {
  const info: SandboxInfo = {
    active: true,
    mode: "bubblewrap",
    filesystem: true,
    network: true,
    bwrapPath: "/usr/bin/bwrap",
  };
  const argv = wrapCommand(info, "/tmp/ws", ["/bin/bash", "-c", "ls"]);
  const joined = argv.join(" ");
  assert.equal(argv[0], "/usr/bin/bwrap");
  assert.match(joined, /--ro-bind \/ \/ /);
  assert.match(joined, /--bind \/tmp\/ws \/tmp\/ws /);
  assert.ok(
    argv.indexOf("--tmpfs") < argv.indexOf("--bind"),
    "tmpfs /tmp must not hide a workspace under /tmp",
  );
  for (const flag of ["--unshare-net", "--unshare-pid", "--die-with-parent", "--new-session"]) {
    assert.ok(argv.includes(flag), flag);
  }
  assert.deepEqual(argv.slice(-4), ["--", "/bin/bash", "-c", "ls"]);
});

Deno.test("wrapCommand leaves the command unchanged when the sandbox is inactive", () => {
  const info: SandboxInfo = { active: false, mode: "none", filesystem: false, network: false };
  assert.deepEqual(wrapCommand(info, "/tmp/ws", ["ls"]), ["ls"]);
});

Deno.test("a wrapped command really cannot write outside the workspace", async () => {
  const info = await detectSandbox();
  const workspace = await Deno.realPath(await Deno.makeTempDir({ prefix: "ws_" }));
  try {
    const script = "echo ok > inside.txt; touch /usr/parapet_probe 2>/dev/null && echo escaped; true";
    const argv = wrapCommand(info, workspace, ["/bin/sh", "-c", script]);
    const output = await new Deno.Command(argv[0], { args: argv.slice(1), cwd: workspace, stdout: "piped" })
      .output();
    assert.equal(new TextDecoder().decode(output.stdout), "");
    assert.equal(await Deno.readTextFile(path.join(workspace, "inside.txt")), "ok\n");
    assert.equal(await Deno.lstat("/usr/parapet_probe").then(() => true, () => false), false);
  } finally {
    await Deno.remove(workspace, { recursive: true });
  }
});
