/** A mail rig for the email tool tests: a real dovecot and SMTP relay on loopback, a temp workspace, and the tools
 * built over them the way the engine builds them. */
import { type DovecotOptions, type DovecotServer, startDovecot } from "../../support/mail/dovecot_server.ts";
import { type SmtpRelay, startSmtpRelay } from "../../support/mail/smtp_relay.ts";
import { createEmailTools, type EmailToolOptions } from "../../../src/tools/email/email_tools.ts";
import type { EmailSettings } from "../../../src/tools/email/email_settings.ts";
import type { AnyTool, ToolResult } from "../../../src/tools/types.ts";

export const ALICE = "alice@example.test";
export const ALICE_PASSWORD = "alice-secret-pw";
export const BOB = "bob@example.test";

export interface MailRig {
  dovecot: DovecotServer;
  relay: SmtpRelay;
  workspace: string;
  settings: EmailSettings;
  tools(overrides?: Partial<EmailToolOptions>): Map<string, AnyTool>;
  stop(): Promise<void>;
}

export async function startMailRig(dovecotOptions: Partial<DovecotOptions> = {}): Promise<MailRig> {
  const dovecot = await startDovecot({
    users: { [ALICE]: ALICE_PASSWORD, [BOB]: "bob-pw" },
    ...dovecotOptions,
  });
  const relay = await startSmtpRelay({
    users: { [ALICE]: ALICE_PASSWORD },
    dovecot,
    localUsers: [ALICE, BOB],
  });
  const workspace = await Deno.realPath(await Deno.makeTempDir({ prefix: "parapet-mail-ws-" }));
  const settings: EmailSettings = {
    imap: {
      protocol: "IMAP",
      host: dovecot.host,
      port: dovecot.port,
      tls: false,
      login: { mode: "password", username: ALICE, password: ALICE_PASSWORD },
    },
    smtp: {
      protocol: "SMTP",
      host: relay.host,
      port: relay.port,
      tls: false,
      login: { mode: "password", username: ALICE, password: ALICE_PASSWORD },
    },
    from: ALICE,
  };
  return {
    dovecot,
    relay,
    workspace,
    settings,
    tools(overrides = {}) {
      const tools = createEmailTools({
        settings,
        workspace,
        home: workspace,
        timeoutSeconds: 5,
        ...overrides,
      });
      return new Map(tools.map((tool) => [tool.name, tool]));
    },
    async stop() {
      await relay.stop();
      await dovecot.stop();
      await Deno.remove(workspace, { recursive: true });
    },
  };
}

/** Runs a tool as the pipeline does: resolveArguments first (what Shield would judge), then execute. */
export async function call(
  tool: AnyTool,
  args: Record<string, unknown>,
): Promise<ToolResult & { judged: Record<string, unknown> }> {
  const parsed = tool.parameters.parse(args) as Record<string, unknown>;
  const judged = tool.resolveArguments ? await tool.resolveArguments(parsed) : parsed;
  const result = await tool.execute(judged, {
    sessionId: "test",
    signal: new AbortController().signal,
    argumentsResolved: tool.resolveArguments !== undefined,
  });
  return { ...result, judged };
}

export function message(
  options: { from?: string; to?: string; subject: string; body: string; id?: string; headers?: string },
): string {
  return [
    `From: ${options.from ?? "Carol <carol@outside.test>"}`,
    `To: ${options.to ?? ALICE}`,
    `Subject: ${options.subject}`,
    `Message-ID: ${options.id ?? `<${crypto.randomUUID()}@outside.test>`}`,
    "Date: Tue, 01 Jan 2030 10:00:00 +0000",
    ...(options.headers ? [options.headers] : []),
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    options.body,
    "",
  ].join("\r\n");
}
