/** `chat`: a terminal client for a running engine over its REST + WebSocket API: streamed answers, tool cards
 * with Shield's verdicts, approvals answered with y/n, slash commands, OTR sessions. */
import { loadConfig, parseConfigText } from "../config/load_config.ts";
import { readEnv } from "../config/env.ts";
import type { Config } from "../config/schema.ts";
import { styleFor } from "../lib/terminal_style.ts";
import { describeNetworkError } from "../providers/shared/network_error.ts";
import { UsageError } from "./arguments.ts";
import { ChatSession } from "./chat/chat_session.ts";
import { EngineClient, LoginError } from "./chat/engine_client.ts";
import { readLines } from "./chat/read_lines.ts";
import { VERSION } from "./help_text.ts";
import { configPathFrom, type OptionValues, stringOption } from "./options.ts";
import { terminalPrompter } from "./prompter.ts";

export async function chatCommand(options: OptionValues): Promise<number> {
  const baseUrl = stringOption(options, "url")?.replace(/\/+$/, "") ?? await urlFromConfig(options);
  if (!URL.canParse(baseUrl)) throw new UsageError(`Invalid --url "${baseUrl}": e.g. http://127.0.0.1:3100`);
  const style = styleFor(Deno.stdout, readEnv);
  const encoder = new TextEncoder();
  const write = (text: string) => void Deno.stdout.writeSync(encoder.encode(text));
  // The client needs the view's handlers, the view needs the client's sender: built in that order.
  const view: { session?: ChatSession } = {};
  const client = new EngineClient({
    baseUrl,
    password: () =>
      readEnv("PARAPET_PASSWORD") ??
        (Deno.stdin.isTerminal() ? terminalPrompter().secret("Password:") : undefined),
    onEvent: (event) => view.session?.handleEvent(event),
    onStatus: (status) => view.session?.status(status),
  });
  try {
    await client.login();
  } catch (error) {
    console.error(
      error instanceof LoginError
        ? `Cannot log in to ${baseUrl}: ${error.message}`
        : `Cannot reach the engine at ${baseUrl}: ${
          describeNetworkError(error)
        } (start it with: deno task start)`,
    );
    return 1;
  }
  const otr = options.otr === true;
  const sessionId = stringOption(options, "session") ?? await createSession(client, otr);
  const found = await client.rest("GET", `/api/sessions/${encodeURIComponent(sessionId)}`);
  if (found.status !== 200) {
    console.error(`No session "${sessionId}" on ${baseUrl}: leave out --session to start a new one`);
    return 1;
  }
  const status = (await client.rest("GET", "/api/status")).body as Record<string, unknown>;
  await client.connect(sessionId);

  let done!: () => void;
  const finished = new Promise<void>((resolve) => done = resolve);
  const session = view.session = new ChatSession(
    {
      write,
      send: (frame) => client.send(frame),
      sessionId: () => client.currentSession,
      switchSession: (id, mode) => {
        client.useSession(id);
        session.status(`now in ${mode === "otr" ? "off-the-record " : ""}session ${id}`);
      },
      newSession: async () => client.useSession(await createSession(client, false)),
      quit: done,
    },
    style,
    String(status.agent_name || "Parapet"),
    terminalColumns(),
  );

  const mode = (found.body as { mode?: string }).mode === "otr" ? " (off the record: nothing is stored)" : "";
  write(
    `${style.bold(`Parapet ${VERSION}`)} · ${baseUrl} · session ${sessionId}${mode} · model ${
      status.model || "none"
    }\n`,
  );
  write(
    style.dim("Type a message. /help lists the slash commands, /quit leaves; Ctrl-C cancels an answer.\n"),
  );
  session.prompt();

  const onInterrupt = () => {
    if (!session.interrupt()) done();
  };
  Deno.addSignalListener("SIGINT", onInterrupt);
  const reading = (async () => {
    for await (const line of readLines(Deno.stdin.readable)) session.handleLine(line);
    done();
  })();
  await finished;
  Deno.removeSignalListener("SIGINT", onInterrupt);
  client.close();
  write("\n");
  // stdin may still be waiting for a line; the process ends here rather than waiting for it.
  void reading;
  return 0;
}

async function createSession(client: EngineClient, otr: boolean): Promise<string> {
  const created = await client.rest("POST", "/api/sessions", { mode: otr ? "otr" : "normal" });
  const id = (created.body as { id?: unknown })?.id;
  if (created.status !== 201 || typeof id !== "string") {
    throw new Error(`Cannot create a session: HTTP ${created.status} ${JSON.stringify(created.body)}`);
  }
  return id;
}

/** The engine of this folder's config (never written by `chat`), or the default address. */
async function urlFromConfig(options: OptionValues): Promise<string> {
  const path = configPathFrom(options);
  const exists = await Deno.stat(path).then(() => true, () => false);
  const config: Config = exists ? (await loadConfig(path)).config : parseConfigText("").config;
  const host = !config.web.host || config.web.host === "0.0.0.0" || config.web.host === "::"
    ? "127.0.0.1"
    : config.web.host;
  return `http://${host.includes(":") ? `[${host}]` : host}:${config.web.port}`;
}

function terminalColumns(): number {
  try {
    return Deno.consoleSize().columns;
  } catch {
    return 100;
  }
}
