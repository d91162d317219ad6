/** A real SMTP server for tests (the smtp-server package): checks logins (password or XOAUTH2 token), accepts the
 * mail, delivers it with dovecot's LDA to the local users and keeps every accepted message (envelope and raw text)
 * for assertions, including those for outside recipients, which go nowhere. */
// @ts-types="@types/smtp-server"
import { SMTPServer } from "smtp-server";
import type { DovecotServer } from "./dovecot_server.ts";

export interface RelayedMail {
  from: string;
  to: string[];
  raw: string;
  user: string;
}

export interface SmtpRelayOptions {
  /** User name → password for AUTH PLAIN/LOGIN. */
  users?: Record<string, string>;
  /** Checks an XOAUTH2 access token for a user. */
  checkToken?: (user: string, token: string) => boolean | Promise<boolean>;
  /** Local mailboxes, delivered into this dovecot. */
  dovecot?: DovecotServer;
  localUsers?: string[];
}

export interface SmtpRelay {
  host: string;
  port: number;
  received: RelayedMail[];
  stop(): Promise<void>;
}

export async function startSmtpRelay(options: SmtpRelayOptions): Promise<SmtpRelay> {
  const received: RelayedMail[] = [];
  const local = new Set((options.localUsers ?? []).map((user) => user.toLowerCase()));
  const server = new SMTPServer({
    authMethods: ["PLAIN", "LOGIN", "XOAUTH2"],
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      const check = async () => {
        if (auth.method === "XOAUTH2") {
          return Boolean(
            options.checkToken && await options.checkToken(auth.username ?? "", auth.accessToken ?? ""),
          );
        }
        return options.users?.[auth.username ?? ""] === auth.password && auth.password !== undefined;
      };
      check().then((ok) =>
        ok ? callback(null, { user: auth.username }) : callback(new Error("Invalid username or password"))
      );
    },
    onData(stream, session, callback) {
      const chunks: Uint8Array[] = [];
      stream.on("data", (chunk: Uint8Array) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = new TextDecoder().decode(concat(chunks));
        const to = session.envelope.rcptTo.map((entry) => entry.address);
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        received.push({ from, to, raw, user: String(session.user ?? "") });
        const deliveries = to.filter((address) => local.has(address.toLowerCase()))
          .map((address) => options.dovecot!.deliver(address, raw, from));
        Promise.all(deliveries).then(() => callback(), (error) => callback(error));
      });
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return {
    host: "127.0.0.1",
    port,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
