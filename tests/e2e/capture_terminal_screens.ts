/** Saves text captures of the terminal chat client and of `doctor` to docs/screens/, from a real engine, the
 * fake LLM and a real pseudo-terminal. Run: deno run -A tests/e2e/capture_terminal_screens.ts (not a test). */
import { stringify } from "yaml";
import { TmuxTerminal } from "../support/tmux.ts";
import { fromFileUrl } from "../support/paths.ts";
import { startFakeLlm } from "../support/fake_llm.ts";
import { freePort } from "../support/engine_harness.ts";
import { startShieldRig } from "./shield_e2e_support.ts";

const MAIN = fromFileUrl(new URL("../../main.ts", import.meta.url));
const OUT = fromFileUrl(new URL("../../docs/screens/", import.meta.url));

/** The screen without the shell's exit marker and trailing blank lines; temp paths and ports made stable. */
function tidy(screen: string, replacements: [string | RegExp, string][]): string {
  let text = screen.replace(/\n\[exited \d+\]\n?/, "\n").trimEnd() + "\n";
  for (const [from, to] of replacements) text = text.replaceAll(from, to);
  return text;
}

async function captureChat(): Promise<void> {
  const rig = await startShieldRig({ testPolicy: true });
  const terminal = await TmuxTerminal.start([
    Deno.execPath(),
    "run",
    "-A",
    MAIN,
    "chat",
    "--url",
    rig.engine.url,
  ], {
    columns: 110,
    rows: 40,
  });
  try {
    await terminal.waitFor("you ›");
    rig.script([
      {
        text: "I'll list the folder first.",
        toolCalls: [{ name: "list_directory", arguments: { path: "." } }],
      },
      {
        text: "Now saving the summary.",
        toolCalls: [{
          name: "write_file",
          arguments: { path: "approve-me/summary.md", content: "# Summary\n" },
        }],
      },
      { text: "Done: the summary is in approve-me/summary.md." },
    ]);
    await terminal.line("Summarise this folder into approve-me/summary.md");
    await terminal.waitFor("Allow it? [y/n]");
    await terminal.line("y");
    await terminal.waitFor("Done: the summary");
    await terminal.line("/title Folder summary");
    await terminal.waitFor("Title set to");
    const screen = await terminal.screen();
    await Deno.writeTextFile(
      `${OUT}chat_client.txt`,
      tidy(screen, [
        [rig.engine.url, "http://127.0.0.1:3100"],
        [/s_[0-9a-f]{20}/g, "s_4f1c2a9e07b34d52a8e1"],
        [
          /\d+ ms/g,
          "3 ms",
        ],
      ]),
    );
    console.log("saved docs/screens/chat_client.txt");
  } finally {
    await terminal.close();
    await rig.close();
  }
}

async function captureDoctor(): Promise<void> {
  const llm = await startFakeLlm();
  const folder = await Deno.makeTempDir();
  const closedPort = freePort();
  const config = {
    workspace: "./workspace",
    web: { port: freePort() },
    models: [
      { name: "local", provider: "openai", model: "fake-model", base_url: llm.url },
      { name: "judge", provider: "ollama", model: "llama3.2", base_url: `http://127.0.0.1:${closedPort}/v1` },
    ],
    roles: { chat: "local", shield: "judge" },
  };
  await Deno.writeTextFile(`${folder}/config.yaml`, stringify(config));
  const terminal = await TmuxTerminal.start(
    [Deno.execPath(), "run", "-A", MAIN, "doctor", "--config", `${folder}/config.yaml`],
    { columns: 200 },
  );
  try {
    await terminal.waitForExit();
    const screen = await terminal.screen();
    await Deno.writeTextFile(
      `${OUT}doctor.txt`,
      tidy(screen, [[folder, "/home/me/parapet"], [llm.url, "http://127.0.0.1:8080/v1"], [
        `:${closedPort}/`,
        ":11434/",
      ], [
        `127.0.0.1:${config.web.port}`,
        "127.0.0.1:3100",
      ], [/\d+ ms/g, "4 ms"]]),
    );
    console.log("saved docs/screens/doctor.txt");
  } finally {
    await terminal.close();
    await llm.close();
    await Deno.remove(folder, { recursive: true });
  }
}

await Deno.mkdir(OUT, { recursive: true });
await captureChat();
await captureDoctor();
