/** The terminal chat client against the real engine, typed into a real pseudo-terminal (tmux). */
import { assert, assertEquals } from "../support/assert.ts";
import { TmuxTerminal } from "../support/tmux.ts";
import { fromFileUrl } from "../support/paths.ts";
import { startShieldRig, toolSteps } from "./shield_e2e_support.ts";
import { hashPassword, startTestEngine } from "../support/engine_harness.ts";

const MAIN = fromFileUrl(new URL("../../main.ts", import.meta.url));

function chatTerminal(url: string, ...extra: string[]): Promise<TmuxTerminal> {
  return TmuxTerminal.start([Deno.execPath(), "run", "-A", MAIN, "chat", "--url", url, ...extra], {
    columns: 140,
  });
}

const guardedWrite = (path: string) => ({
  name: "write_file",
  arguments: { path, content: "from the terminal\n" },
  text: "Saving it.",
});

Deno.test("chat client: a turn with a tool card, an approval answered y, a denial answered n, a slash command", async () => {
  const rig = await startShieldRig({ testPolicy: true });
  const terminal = await chatTerminal(rig.engine.url);
  try {
    await terminal.waitFor("you ›");
    rig.script(toolSteps(guardedWrite("approve-me/yes.txt")));
    await terminal.line("Please save a note");
    let screen = await terminal.waitFor("Allow it? [y/n]");
    assert(screen.includes("Parapet › Saving it."), screen);
    assert(screen.includes("┌ write_file approve-me/yes.txt"), screen);
    assert(screen.includes("Approval needed: write_file on approve-me/yes.txt"), screen);
    await terminal.line("y");
    screen = await terminal.waitFor("Turn finished.");
    assert(screen.includes("✓ Shield ALLOW tier 3: Approved by the user"), screen);
    assert(/└ done in \d+ ms/.test(screen), screen);
    assertEquals(await Deno.readTextFile(`${rig.workspace}/approve-me/yes.txt`), "from the terminal\n");

    rig.script(toolSteps(guardedWrite("approve-me/no.txt")));
    await terminal.line("And another one");
    await terminal.waitFor("Allow it? [y/n]", 30_000, 2);
    await terminal.line("maybe");
    await terminal.waitFor("Answer y or n: write_file is waiting for your decision");
    await terminal.line("n");
    screen = await terminal.waitFor("Turn finished.", 30_000, 2);
    assert(screen.includes("✗ Shield BLOCK tier 3"), screen);
    assert(screen.includes("failed after"), screen);
    await Deno.stat(`${rig.workspace}/approve-me/no.txt`).then(() => assert(false, "denied"), () => {});

    await terminal.line("/title From the terminal");
    await terminal.waitFor('Title set to "From the terminal"');
    const sessions = await (await fetch(`${rig.engine.url}/api/sessions`)).json();
    assertEquals(sessions[0].title, "From the terminal");
    const stored = await rig.messages(sessions[0].id);
    assert(stored.some((message) => message.content === "Please save a note"));

    await terminal.line("/quit");
    assertEquals(await terminal.waitForExit(), 0);
  } finally {
    await terminal.close();
    await rig.close();
  }
});

Deno.test("chat client: --otr opens an off-the-record session where writes are refused", async () => {
  const rig = await startShieldRig({ testPolicy: true });
  const terminal = await chatTerminal(rig.engine.url, "--otr");
  try {
    const header = await terminal.waitFor("you ›");
    assert(header.includes("(off the record: nothing is stored)"), header);
    rig.script(
      toolSteps({ name: "write_file", arguments: { path: "otr.txt", content: "x" }, text: "Writing." }),
    );
    await terminal.line("Write otr.txt");
    const screen = await terminal.waitFor("Turn finished.");
    assert(screen.includes("✗ off the record: write_file was refused"), screen);
    await Deno.stat(`${rig.workspace}/otr.txt`).then(() => assert(false, "OTR writes nothing"), () => {});
    const sessions = await (await fetch(`${rig.engine.url}/api/sessions`)).json();
    assertEquals(sessions.map((session: { mode: string }) => session.mode), ["otr"]);
    await terminal.press("C-d");
    assertEquals(await terminal.waitForExit(), 0);
  } finally {
    await terminal.close();
    await rig.close();
  }
});

Deno.test("chat client: no engine at the address is one clear line and exit 1", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, "chat", "--url", `http://127.0.0.1:${port}`],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  assertEquals(output.code, 1);
  const text = new TextDecoder().decode(output.stderr).trim();
  assertEquals(text.split("\n").length, 1, text);
  assert(text.startsWith(`Cannot reach the engine at http://127.0.0.1:${port}`), text);
  assert(text.includes("Connection refused"), text);
});

Deno.test("chat client: a password-protected engine is joined with PARAPET_PASSWORD; a wrong one is refused", async () => {
  const engine = await startTestEngine({
    config: { web: { host: "0.0.0.0", password_hash: hashPassword("correct horse") } },
  });
  try {
    const wrong = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", MAIN, "chat", "--url", engine.url],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      env: { PARAPET_PASSWORD: "wrong horse" },
    }).output();
    assertEquals(wrong.code, 1);
    assert(
      new TextDecoder().decode(wrong.stderr).includes(
        `Cannot log in to ${engine.url}: login refused (HTTP 401)`,
      ),
    );

    const terminal = await TmuxTerminal.start([
      Deno.execPath(),
      "run",
      "-A",
      MAIN,
      "chat",
      "--url",
      engine.url,
    ], {
      env: { PARAPET_PASSWORD: "correct horse" },
    });
    try {
      await terminal.waitFor("you ›");
      await terminal.line("/title Behind a password");
      await terminal.waitFor('Title set to "Behind a password"');
    } finally {
      await terminal.close();
    }
  } finally {
    await engine.stop();
  }
});
