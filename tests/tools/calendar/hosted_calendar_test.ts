import assert from "node:assert/strict";
import { startFakeOAuthServer } from "../../support/mail/fake_oauth_server.ts";
import { startFakeGoogleCalendar } from "../../support/mail/fake_google_calendar.ts";
import { startFakeMicrosoftGraph } from "../../support/mail/fake_microsoft_graph.ts";
import { createAccessTokens } from "../../../src/tools/oauth/access_tokens.ts";
import { memoryTokenStore } from "../../../src/tools/oauth/oauth_token_store.ts";
import { googleClient, microsoftClient } from "../../../src/tools/oauth/oauth_clients.ts";
import { createGoogleCalendarProvider } from "../../../src/tools/calendar/google_calendar_provider.ts";
import { createMicrosoftCalendarProvider } from "../../../src/tools/calendar/microsoft_calendar_provider.ts";
import { createCalendarTools } from "../../../src/tools/calendar/calendar_tools.ts";
import type { CalendarProvider } from "../../../src/tools/calendar/calendar_provider.ts";
import type { AnyTool } from "../../../src/tools/types.ts";

const OWNER = "ann@example.test";

function tools(provider: CalendarProvider): Map<string, AnyTool> {
  const list = createCalendarTools({
    provider: () => Promise.resolve(provider),
    ownDomains: ["example.test"],
    now: () => Date.parse("2030-01-01T00:00:00Z"),
  });
  return new Map(list.map((tool) => [tool.name, tool]));
}

async function call(tool: AnyTool, args: Record<string, unknown>) {
  const parsed = tool.parameters.parse(args) as Record<string, unknown>;
  const judged = tool.resolveArguments ? await tool.resolveArguments(parsed) : parsed;
  const tier = typeof tool.minimumTier === "function" ? tool.minimumTier(judged) : tool.minimumTier;
  const result = await tool.execute(judged, {
    sessionId: "t",
    signal: new AbortController().signal,
    argumentsResolved: true,
  });
  return { ...result, judged, tier };
}

for (const kind of ["google", "microsoft"] as const) {
  Deno.test(`${kind} calendar over REST with OAuth2: create, read, update, delete; expired token refreshed`, async () => {
    const oauth = startFakeOAuthServer({
      clientId: "cal-client",
      clientSecret: "cal-secret",
      accounts: { [OWNER]: { refreshToken: "ann-refresh" } },
    });
    const api = kind === "google"
      ? startFakeGoogleCalendar(OWNER, oauth.isValid)
      : startFakeMicrosoftGraph(OWNER, oauth.isValid);
    try {
      const store = memoryTokenStore([{
        provider: kind,
        account: OWNER,
        refresh_token: "ann-refresh",
        access: {},
      }]);
      const settings = { client_id: "cal-client", client_secret: "cal-secret", token_url: oauth.tokenUrl };
      const client = kind === "google" ? googleClient(settings) : microsoftClient(settings);
      const accessTokens = createAccessTokens({ store, clientFor: () => client, now: () => Date.now() });
      const auth = { tokens: accessTokens, provider: kind, account: () => Promise.resolve(OWNER) };
      const provider = kind === "google"
        ? createGoogleCalendarProvider({ baseUrl: api.url, auth, timeoutSeconds: 5 })
        : createMicrosoftCalendarProvider({ baseUrl: api.url, auth, timeoutSeconds: 5 });
      const calendar = tools(provider);

      const created = await call(calendar.get("create_event")!, {
        title: "Review",
        start: "2030-01-02T15:00:00+02:00",
        duration_minutes: 30,
        attendees: ["carl@example.test", "dana@outside.test"],
        description: "Agenda to follow",
      });
      assert.equal(created.tier, 2, "an outside attendee escalates");
      assert.equal(api.events.size, 1);
      const id = /\(id ([^)]+)\)/.exec(created.output)![1];
      assert.match(
        created.output,
        /from 2030-01-02T13:00:00Z to 2030-01-02T13:30:00Z; invitations to carl@example\.test, dana@outside\.test/,
      );
      if (kind === "google") {
        const google = api as ReturnType<typeof startFakeGoogleCalendar>;
        assert.deepEqual(google.writes.at(-1), { method: "POST", sendUpdates: "all" });
      }

      const listed = await call(calendar.get("read_calendar")!, {});
      assert.match(
        listed.output,
        new RegExp(`id ${id} \\| 2030-01-02T13:00:00Z to 2030-01-02T13:30:00Z \\| Review`),
      );
      assert.match(listed.output, /Agenda to follow/);
      assert.equal(listed.reads?.hosts?.[0], "127.0.0.1");

      oauth.revokeAccessTokens(OWNER);
      const updated = await call(calendar.get("update_event")!, {
        id,
        title: "Review (short)",
        attendees: ["carl@example.test"],
      });
      assert.equal(updated.tier, undefined, "only inside attendees remain");
      assert.match(updated.output, /Updated event "Review \(short\)"/);
      assert.equal(oauth.refreshes.length, 2, "the refused token was refreshed once");

      const deleted = await call(calendar.get("delete_event")!, { id });
      assert.equal(deleted.judged.title, "Review (short)");
      assert.equal(api.events.size, 0);
      await assert.rejects(call(calendar.get("delete_event")!, { id }), /No event ".*"/);
      // An id is part of the URL path: one that would walk out of the events collection never reaches the API.
      const before = api.events.size;
      await assert.rejects(
        call(calendar.get("delete_event")!, { id: "../../calendarList" }),
        /Invalid event id/,
      );
      assert.equal(api.events.size, before);

      const calendars = await call(calendar.get("read_calendar")!, { calendars: true });
      assert.match(calendars.output, /1 calendar\(s\)/);

      await store.save({ provider: kind, account: OWNER, refresh_token: "revoked", access: {} });
      await assert.rejects(
        call(calendar.get("read_calendar")!, {}),
        /refused the refresh_token grant: invalid_grant/,
      );
    } finally {
      await api.stop();
      await oauth.stop();
    }
  });
}
