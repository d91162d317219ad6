import assert from "node:assert/strict";
import * as path from "node:path";
import { containProcesses, detectSandbox, type SandboxInfo, wrapCommand } from "../../src/sandbox/sandbox.ts";

Deno.test("detectSandbox finds a working bubblewrap on this machine", async () => {
  const info = await detectSandbox();
  assert.equal(info.active, true, info.reason ?? "sandbox inactive");
  assert.equal(info.mode, "bubblewrap");
  assert.equal(info.filesystem, true);
  assert.equal(info.network, true);
  assert.equal(info.bwrapPath, "/usr/bin/bwrap");
});

Deno.test("detectSandbox reports inactive honestly when bwrap is missing", async () => {
  const info = await detectSandbox({ candidates: ["/nonexistent/bwrap"], unshareCandidates: [] });
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
    const info = await detectSandbox({ candidates: [fake], unshareCandidates: [] });
    assert.equal(info.active, false);
    assert.equal(info.mode, "none");
    assert.equal(info.reason, "bubblewrap cannot start here: bwrap: No permissions to create new namespace");
  } finally {
    await Deno.remove(directory, { recursive: true });
  }
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

Deno.test("wrapCommand binds system directories read-only, never the root, and unshares net and pid", () => {
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
  assert.doesNotMatch(joined, /--(ro-)?bind \/ \//);
  assert.match(joined, /--ro-bind \/usr \/usr /);
  assert.match(joined, /--ro-bind \/etc \/etc /);
  assert.match(joined, /--ro-bind \/dev\/null \/etc\/shadow /);
  assert.match(joined, /--bind \/tmp\/ws \/tmp\/ws /);
  for (const scratch of ["/tmp", "/var", "/run", "/home", "/root"]) {
    assert.ok(joined.includes(`--tmpfs ${scratch} `), scratch);
  }
  assert.ok(
    argv.indexOf("--tmpfs") < argv.indexOf("--bind"),
    "tmpfs /tmp must not hide a workspace under /tmp",
  );
  for (const flag of ["--unshare-net", "--unshare-pid", "--die-with-parent", "--new-session"]) {
    assert.ok(argv.includes(flag), flag);
  }
  assert.deepEqual(argv.slice(-4), ["--", "/bin/bash", "-c", "ls"]);
  assert.ok(!wrapCommand(info, "/tmp/ws", ["true"], { network: "host" }).includes("--unshare-net"));
});

Deno.test("wrapCommand hides and binds read-only the protected paths it is given, after resolving them", async () => {
  const info = await detectSandbox();
  await withWorkspace(async (workspace) => {
    await Deno.mkdir(path.join(workspace, "secret_dir"));
    await Deno.writeTextFile(path.join(workspace, "secret_dir/a.txt"), "hidden");
    await Deno.writeTextFile(path.join(workspace, "notes.md"), "keep");
    await Deno.symlink("notes.md", path.join(workspace, "alias.md"));
    const script = "cat secret_dir/a.txt; echo changed > notes.md; echo ok > free.txt; cat free.txt";
    const result = await run(
      wrapCommand(info, workspace, ["/bin/sh", "-c", script], {
        protect: { hidden: ["secret_dir"], readOnly: ["alias.md"] },
      }),
    );
    assert.doesNotMatch(result, /hidden/);
    assert.match(result, /Read-only file system/);
    assert.match(result, /^ok$/m);
    assert.equal(await Deno.readTextFile(path.join(workspace, "notes.md")), "keep");
  });
});

Deno.test("a sandboxed command cannot read host secrets, engine state, home or other scratch files", async () => {
  const info = await detectSandbox();
  const hostHome = await Deno.makeTempDir({ dir: "/root", prefix: ".parapet_probe_" });
  const hostTmp = await Deno.makeTempFile({ dir: "/tmp", prefix: "parapet_probe_" });
  try {
    await Deno.writeTextFile(path.join(hostHome, "token"), "home-secret");
    await Deno.writeTextFile(hostTmp, "tmp-secret");
    await withWorkspace(async (workspace) => {
      await Deno.mkdir(path.join(workspace, ".engine"));
      await Deno.writeTextFile(path.join(workspace, ".engine/engine.db"), "engine-secret");
      const probes = [
        "cat /etc/shadow",
        "cat .engine/engine.db",
        `cat ${hostHome}/token`,
        `cat ${hostTmp}`,
        "ls -A /root /home /run",
      ];
      const output = await run(wrapCommand(info, workspace, ["/bin/sh", "-c", probes.join("; ")]));
      assert.doesNotMatch(output, /root:x:0|engine-secret|home-secret|tmp-secret|^\.parapet_probe/m);
      assert.match(output, /No such file or directory/);
    });
  } finally {
    await Deno.remove(hostHome, { recursive: true });
    await Deno.remove(hostTmp);
  }
});

Deno.test("a sandboxed command cannot connect to a host Unix socket in /tmp or /run", async () => {
  const info = await detectSandbox();
  const sockets = [`/tmp/parapet_${crypto.randomUUID()}.sock`, `/run/parapet_${crypto.randomUUID()}.sock`];
  const listeners = sockets.map((socketPath) => Deno.listen({ transport: "unix", path: socketPath }));
  const accepted: string[] = [];
  const serving = listeners.map(async (listener, index) => {
    for await (const connection of listener) {
      accepted.push(sockets[index]);
      connection.close();
    }
  });
  try {
    const connect = (socketPath: string) =>
      `/usr/bin/python3 -c "import socket; s = socket.socket(socket.AF_UNIX); s.connect('${socketPath}'); ` +
      `print('connected')"`;
    for (const socketPath of sockets) {
      assert.match(await run(["/bin/sh", "-c", connect(socketPath)]), /connected/, "host side sanity check");
    }
    accepted.length = 0;
    await withWorkspace(async (workspace) => {
      const script = sockets.map(connect).join("; ");
      const output = await run(wrapCommand(info, workspace, ["/bin/sh", "-c", script]));
      assert.doesNotMatch(output, /connected/);
      assert.match(output, /No such file or directory/);
    });
    assert.deepEqual(accepted, []);
  } finally {
    for (const listener of listeners) listener.close();
    await Promise.allSettled(serving);
    for (const socketPath of sockets) await Deno.remove(socketPath).catch(() => {});
  }
});

Deno.test("a sandboxed command cannot write git hooks or config, move .git away, or edit identity files", async () => {
  const info = await detectSandbox();
  await withWorkspace(async (workspace) => {
    await Deno.mkdir(path.join(workspace, ".git/hooks"), { recursive: true });
    await Deno.writeTextFile(path.join(workspace, ".git/config"), "[core]\n");
    await Deno.writeTextFile(path.join(workspace, "IDENTITY.md"), "I am Parapet\n");
    await Deno.writeTextFile(path.join(workspace, "AGENTS.md"), "rules\n");
    const script = [
      "echo 'touch /tmp/pwned' > .git/hooks/x",
      "echo '[core] hooksPath = /tmp' >> .git/config",
      "mv .git .git_old",
      "echo evil > IDENTITY.md",
      "rm -f AGENTS.md",
      "echo fine > ok.txt",
    ].join("; ");
    await run(wrapCommand(info, workspace, ["/bin/sh", "-c", script]));
    assert.equal(await exists(path.join(workspace, ".git/hooks/x")), false);
    assert.equal(await Deno.readTextFile(path.join(workspace, ".git/config")), "[core]\n");
    assert.equal(await exists(path.join(workspace, ".git_old")), false);
    assert.equal(await Deno.readTextFile(path.join(workspace, "IDENTITY.md")), "I am Parapet\n");
    assert.equal(await Deno.readTextFile(path.join(workspace, "AGENTS.md")), "rules\n");
    assert.equal(await Deno.readTextFile(path.join(workspace, "ok.txt")), "fine\n");
  });
});

async function withWorkspace(body: (workspace: string) => Promise<void>) {
  const workspace = await Deno.realPath(await Deno.makeTempDir({ prefix: "ws_" }));
  try {
    await body(workspace);
  } finally {
    await Deno.remove(workspace, { recursive: true });
  }
}

async function run(argv: string[]): Promise<string> {
  const output = await new Deno.Command(argv[0], { args: argv.slice(1), stdout: "piped", stderr: "piped" })
    .output();
  return new TextDecoder().decode(output.stdout) + new TextDecoder().decode(output.stderr);
}

async function exists(entry: string): Promise<boolean> {
  return await Deno.lstat(entry).then(() => true, () => false);
}

Deno.test("detectSandbox finds unshare for a pid namespace when bubblewrap is missing", async () => {
  const info = await detectSandbox({ candidates: ["/nonexistent/bwrap"] });
  assert.equal(info.active, false);
  assert.equal(info.unsharePath, "/usr/bin/unshare");
  assert.deepEqual(containProcesses(info, ["sh", "-c", "x"]), [
    "/usr/bin/setpriv",
    "--pdeathsig",
    "KILL",
    "/usr/bin/unshare",
    "--pid",
    "--fork",
    "--kill-child",
    "sh",
    "-c",
    "x",
  ]);
});
