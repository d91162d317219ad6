import { assert, assertEquals } from "../support/assert.ts";
import { delay, freePort } from "../support/engine_harness.ts";
import { startFakeLlm } from "../support/fake_llm.ts";
import { TmuxTerminal } from "../support/tmux.ts";
import { fromFileUrl } from "../support/paths.ts";
import denoJson from "../../deno.json" with { type: "json" };

const ROOT = fromFileUrl(new URL("../../", import.meta.url));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `deno task start -- ARGS` from the checkout, as a user types it. */
async function start(args: string[]): Promise<Run> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["task", "--cwd", ROOT, "-q", "start", ...args],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const decoder = new TextDecoder();
  return { code: output.code, stdout: decoder.decode(output.stdout), stderr: decoder.decode(output.stderr) };
}

function lines(text: string): string[] {
  return text.split("\n").filter((line) => line.trim() !== "");
}

Deno.test("CLI: --help lists every command and the exit codes, and starts nothing", async () => {
  for (const flag of ["--help", "-h"]) {
    const result = await start(["--", flag]);
    assertEquals(result.code, 0, result.stderr);
    for (const command of ["start", "doctor", "chat", "init", "hash-password", "audit verify", "chronicle"]) {
      assert(result.stdout.includes(`  ${command}`), `${command} in:\n${result.stdout}`);
    }
    assert(result.stdout.includes("Exit codes:") && result.stdout.includes("78"), result.stdout);
    assertEquals(result.stderr, "");
  }
});

Deno.test("CLI: COMMAND --help shows that command's options", async () => {
  const result = await start(["--", "doctor", "--help"]);
  assertEquals(result.code, 0, result.stderr);
  assert(result.stdout.startsWith("Usage: deno task start -- doctor"), result.stdout);
  assert(result.stdout.includes("--timeout SECONDS"), result.stdout);
  const chat = await start(["--", "help", "chat"]);
  assert(chat.stdout.includes("--otr"), chat.stdout);
});

Deno.test("CLI: --version prints the version of deno.json", async () => {
  const result = await start(["--", "--version"]);
  assertEquals(result.code, 0, result.stderr);
  assertEquals(result.stdout.trim(), `parapet ${denoJson.version} (deno ${Deno.version.deno})`);
});

/** config.yaml in the checkout as it is now (a newcomer's `deno task start` may have written one already). */
const configState = () =>
  Deno.stat(`${ROOT}/config.yaml`).then((info) => `${info.size}:${info.mtime?.getTime()}`, () => "absent");

Deno.test("CLI: an unknown option or command is one line with a suggestion and exit 2", async () => {
  const configBefore = await configState();
  const option = await start(["--", "--prot", "3100"]);
  assertEquals(option.code, 2);
  assertEquals(option.stdout, "");
  assertEquals(lines(option.stderr).length, 1, option.stderr);
  assert(option.stderr.includes(`Unknown option "--prot"`), option.stderr);
  assert(option.stderr.includes(`did you mean "--port"?`), option.stderr);

  const command = await start(["--", "docter"]);
  assertEquals(command.code, 2);
  assertEquals(lines(command.stderr), [
    `Unknown command "docter": did you mean "doctor"? (deno task start -- --help lists the commands)`,
  ]);

  const value = await start(["--", "--port", "abc"]);
  assertEquals(value.code, 2);
  assert(value.stderr.includes(`Invalid --port "abc"`), value.stderr);
  assertEquals(await configState(), configBefore, "a usage error must not write config.yaml");
});

Deno.test("CLI: a busy port is one line and exit 78, with no restart loop", async () => {
  const folder = await Deno.makeTempDir();
  const blocker = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  try {
    const port = (blocker.addr as Deno.NetAddr).port;
    await Deno.writeTextFile(`${folder}/config.yaml`, `web:\n  port: ${port}\n`);
    const result = await start(["--", "--config", `${folder}/config.yaml`]);
    assertEquals(result.code, 78);
    const output = lines(result.stdout + result.stderr);
    assertEquals(output.length, 1, output.join("\n"));
    assert(output[0].includes(`port ${port} on 127.0.0.1 is already in use`), output[0]);
    assert(output[0].includes("--port N"), output[0]);
  } finally {
    blocker.close();
    await Deno.remove(folder, { recursive: true });
  }
});

Deno.test("CLI: a checkout whose path contains a space serves the web UI", async () => {
  const folder = await Deno.makeTempDir({ prefix: "parapet space " });
  const checkout = `${folder}/my checkout`;
  let child: Deno.ChildProcess | undefined;
  try {
    await Deno.mkdir(checkout);
    for (const entry of ["main.ts", "deno.json", "deno.lock", "src", "web"]) {
      await new Deno.Command("cp", { args: ["-r", `${ROOT}/${entry}`, `${checkout}/`] }).output();
    }
    await Deno.symlink(`${ROOT}/node_modules`, `${checkout}/node_modules`);
    const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const port = (listener.addr as Deno.NetAddr).port;
    listener.close();
    await Deno.writeTextFile(`${folder}/config.yaml`, `web:\n  port: ${port}\n`);
    child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", `${checkout}/main.ts`, "start", "--config", `${folder}/config.yaml`],
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).spawn();
    let page: Response | undefined;
    for (let attempt = 0; attempt < 150 && page === undefined; attempt++) {
      await delay(100);
      page = await fetch(`http://127.0.0.1:${port}/`).catch(() => undefined);
    }
    assert(page, "the engine never answered");
    assertEquals(page.status, 200);
    assert((await page.text()).includes("<html"), "the UI page is served");
  } finally {
    child?.kill("SIGTERM");
    await child?.status;
    await Deno.remove(folder, { recursive: true });
  }
});

Deno.test("CLI: a typo'd config key is refused once, with the key it resembles and its line", async () => {
  const folder = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(
      `${folder}/config.yaml`,
      "models:\n  - {name: m, provider: ollama, model: x}\nrols:\n  chat: m\nweb:\n  prot: 3100\n",
    );
    const result = await start(["--", "--config", `${folder}/config.yaml`]);
    assertEquals(result.code, 78);
    const output = result.stdout + result.stderr;
    assertEquals(output.split('did you mean "roles"?').length - 1, 1, output);
    assert(output.includes('rols (line 3): unknown key, did you mean "roles"?'), output);
    assert(output.includes('web.prot (line 6): unknown key, did you mean "port"?'), output);
    await Deno.stat(`${folder}/.engine`).then(() => assert(false, "nothing started"), () => {});
  } finally {
    await Deno.remove(folder, { recursive: true });
  }
});

Deno.test("CLI: on a terminal the banner names the URL, the model and whether it answered, the workspace and Shield", async () => {
  const llm = await startFakeLlm();
  const folder = await Deno.makeTempDir();
  const port = freePort();
  await Deno.writeTextFile(
    `${folder}/config.yaml`,
    `web:\n  port: ${port}\nmodels:\n  - {name: here, provider: openai, model: fake-model, base_url: "${llm.url}"}\n` +
      `  - {name: gone, provider: openai, model: m, base_url: "http://127.0.0.1:${freePort()}/v1"}\n` +
      "roles:\n  chat: here\n",
  );
  const terminal = await TmuxTerminal.start(
    [Deno.execPath(), "run", "-A", `${ROOT}/main.ts`, "start", "--config", `${folder}/config.yaml`],
    { columns: 200 },
  );
  try {
    const screen = await terminal.waitFor("chat       open");
    assert(screen.includes(`is ready at http://127.0.0.1:${port}`), screen);
    assert(/model +here \(openai fake-model\): answered in \d+ ms/.test(screen), screen);
    assert(screen.includes(`workspace  ${folder}`), screen);
    assert(/shield +policy default\.yaml, heuristics on, Tier 2 off/.test(screen), screen);
    assertEquals(llm.requests.map((request) => request.path), ["/v1/models"]);
    // Log lines on a terminal are readable, not JSON.
    assert(/\d\d:\d\d:\d\d INFO +Parapet is listening on/.test(screen), screen);
    assert(!screen.includes('{"ts":'), screen);
  } finally {
    await terminal.close();
    await llm.close();
    await Deno.remove(folder, { recursive: true });
  }
});
