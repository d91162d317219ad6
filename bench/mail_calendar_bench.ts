/** Mail and calendar benchmark: time per tool call against local dovecot, an SMTP relay and Radicale, each next to a
 * bare library call doing the same work in the same run (imapflow, nodemailer, tsdav), printed as a ratio. The
 * difference is what the tools add: settings, a connection per call, parsing, fencing, error mapping. */
import { ImapFlow } from "imapflow";
// @ts-types="@types/nodemailer"
import nodemailer from "nodemailer";
import { createAccount, fetchCalendarObjects, fetchCalendars, getBasicAuthHeaders } from "tsdav";
import { simpleParser } from "mailparser";
import { startDovecot } from "../tests/support/mail/dovecot_server.ts";
import { startSmtpRelay } from "../tests/support/mail/smtp_relay.ts";
import { startRadicale } from "../tests/support/mail/radicale_server.ts";
import { createEmailTools } from "../src/tools/email/email_tools.ts";
import { createCalDavProvider } from "../src/tools/calendar/caldav_provider.ts";
import { createCalendarTools } from "../src/tools/calendar/calendar_tools.ts";
import type { AnyTool } from "../src/tools/types.ts";
import { fixed, percentile, ratio } from "./bench_support.ts";

const RUNS = 30;
const USER = "alice@example.test";
const PASSWORD = "bench-pw";

async function measure(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return percentile(samples, 0.5);
}

function runTool(tool: AnyTool, args: Record<string, unknown>) {
  return async () => {
    const judged = tool.resolveArguments ? await tool.resolveArguments(args) : args;
    const result = await tool.execute(judged, {
      sessionId: "bench",
      signal: new AbortController().signal,
      argumentsResolved: true,
    });
    if (result.isError) throw new Error(result.output);
  };
}

function report(label: string, tool: number, bare: number): void {
  console.log(
    `${label.padEnd(44)} tool p50 ${fixed(tool, 2)} ms   bare p50 ${fixed(bare, 2)} ms   ${
      ratio(tool, bare)
    }`,
  );
}

const dovecot = await startDovecot({ users: { [USER]: PASSWORD } });
const relay = await startSmtpRelay({ users: { [USER]: PASSWORD }, dovecot, localUsers: [USER] });
const radicale = await startRadicale({ alice: PASSWORD });
const workspace = await Deno.makeTempDir({ prefix: "parapet-bench-ws-" });
try {
  for (let index = 0; index < 20; index++) {
    await dovecot.deliver(
      USER,
      `From: bob@outside.test\r\nTo: ${USER}\r\nSubject: Message ${index}\r\nMessage-ID: <m${index}@outside.test>\r\n\r\n` +
        "Body text. ".repeat(200),
    );
  }
  const calendarUrl = await radicale.makeCalendar("alice", PASSWORD, "work", "Work");
  const login = { mode: "password" as const, username: USER, password: PASSWORD };
  const emailTools = new Map(
    createEmailTools({
      settings: {
        imap: { protocol: "IMAP", host: dovecot.host, port: dovecot.port, tls: false, login },
        smtp: { protocol: "SMTP", host: relay.host, port: relay.port, tls: false, login },
        from: USER,
      },
      workspace,
      home: workspace,
    }).map((tool) => [tool.name, tool]),
  );
  const imapOptions = {
    host: dovecot.host,
    port: dovecot.port,
    secure: false,
    auth: { user: USER, pass: PASSWORD },
    logger: false as const,
  };

  const bareList = async () => {
    const client = new ImapFlow(imapOptions);
    await client.connect();
    const lock = await client.getMailboxLock("INBOX", { readOnly: true });
    const uids = (await client.search({ all: true }, { uid: true })) || [];
    await client.fetchAll(uids.slice(-20).join(","), { uid: true, envelope: true, flags: true, size: true }, {
      uid: true,
    });
    lock.release();
    await client.logout();
  };
  report(
    "email_list (20 newest)",
    await measure(runTool(emailTools.get("email_list")!, {})),
    await measure(bareList),
  );

  const bareRead = async () => {
    const client = new ImapFlow(imapOptions);
    await client.connect();
    const lock = await client.getMailboxLock("INBOX", { readOnly: true });
    const message = await client.fetchOne("5", { source: true }, { uid: true });
    if (message && message.source) await simpleParser(message.source);
    lock.release();
    await client.logout();
  };
  report(
    "email_read (one 2 KB message)",
    await measure(runTool(emailTools.get("email_read")!, { id: "5" })),
    await measure(bareRead),
  );

  const transport = () =>
    nodemailer.createTransport({
      host: relay.host,
      port: relay.port,
      secure: false,
      auth: { user: USER, pass: PASSWORD },
    });
  const bareSend = async () => {
    const sender = transport();
    await sender.sendMail({ from: USER, to: "carol@outside.test", subject: "Bench", text: "Hello" });
    sender.close();
  };
  const send = runTool(emailTools.get("send_email")!, {
    to: ["carol@outside.test"],
    subject: "Bench",
    body: "Hello",
  });
  report("send_email (to an outside address)", await measure(send), await measure(bareSend));

  const provider = createCalDavProvider({ url: radicale.url, username: "alice", password: PASSWORD });
  const calendarTools = new Map(
    createCalendarTools({ provider: () => Promise.resolve(provider), ownDomains: [] })
      .map((tool) => [tool.name, tool]),
  );
  for (let day = 1; day <= 5; day++) {
    await runTool(calendarTools.get("create_event")!, {
      title: `Event ${day}`,
      start: `2030-01-0${day}T10:00:00Z`,
    })();
  }
  const headers = getBasicAuthHeaders({ username: "alice", password: PASSWORD });
  const account = await createAccount({
    account: { serverUrl: radicale.url, accountType: "caldav" },
    headers,
  });
  const bareCalendar = async () => {
    const calendars = await fetchCalendars({ account, headers });
    const objects = await fetchCalendarObjects({
      calendar: calendars.find((calendar) => calendar.url === calendarUrl)!,
      timeRange: { start: "2030-01-01T00:00:00Z", end: "2030-01-08T00:00:00Z" },
      headers,
    });
    if (objects.length !== 5) throw new Error(`expected 5 events, got ${objects.length}`);
  };
  const read = runTool(calendarTools.get("read_calendar")!, { from: "2030-01-01", to: "2030-01-08" });
  report("read_calendar (5 events, CalDAV)", await measure(read), await measure(bareCalendar));
  console.log(
    `(p50 of ${RUNS} calls each after one warm-up; bare = the library alone doing the same requests)`,
  );
} finally {
  await radicale.stop();
  await relay.stop();
  await dovecot.stop();
  await Deno.remove(workspace, { recursive: true });
}
