/** Microsoft Graph calendars on loopback, speaking its real JSON shapes: /me/calendars, calendarView, events
 * create/get/patch/delete, `Prefer: outlook.timezone` honoured for UTC, bearer tokens checked against the fake
 * OAuth server. */

export interface FakeGraphEvent {
  id: string;
  subject?: string;
  body?: { contentType: string; content: string };
  start: { dateTime: string; timeZone: string };
  end: { dateTime: string; timeZone: string };
  isAllDay?: boolean;
  location?: { displayName?: string };
  attendees?: { emailAddress: { address: string; name?: string }; type: string }[];
  organizer?: { emailAddress: { address: string } };
}

export interface FakeMicrosoftGraph {
  url: string;
  events: Map<string, FakeGraphEvent>;
  stop(): Promise<void>;
}

export function startFakeMicrosoftGraph(
  owner: string,
  isValid: (account: string, token: string) => boolean,
): FakeMicrosoftGraph {
  const events = new Map<string, FakeGraphEvent>();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/v1\.0/, "");
    const token = (request.headers.get("authorization") ?? "").replace(/^Bearer /, "");
    if (!isValid(owner, token)) {
      return json({
        error: {
          code: "InvalidAuthenticationToken",
          message: "Access token has expired or is not yet valid.",
        },
      }, 401);
    }
    if (path === "/me/calendars") {
      return json({
        value: [{ id: "AAMkCal1", name: "Calendar", isDefaultCalendar: true, owner: { address: owner } }],
      });
    }
    if (/^\/me\/(calendar|calendars\/AAMkCal1)\/calendarView$/.test(path)) {
      if (!url.searchParams.get("startDateTime") || !url.searchParams.get("endDateTime")) {
        return json({
          error: { code: "ErrorInvalidParameter", message: "startDateTime and endDateTime are required" },
        }, 400);
      }
      return json({ value: inRange(events, url.searchParams) });
    }
    if (/^\/me\/(calendar|calendars\/AAMkCal1)\/events$/.test(path) && request.method === "POST") {
      const body = await request.json();
      const event = {
        ...body,
        id: `AAMkEv${crypto.randomUUID().replaceAll("-", "")}`,
        organizer: { emailAddress: { address: owner } },
      };
      events.set(event.id, event);
      return json(event, 201);
    }
    const match = /^\/me\/events\/([^/]+)$/.exec(path);
    const event = match ? events.get(decodeURIComponent(match[1])) : undefined;
    if (!event) {
      return json({
        error: { code: "ErrorItemNotFound", message: "The specified object was not found in the store." },
      }, 404);
    }
    if (request.method === "GET") return json(event);
    if (request.method === "PATCH") {
      Object.assign(event, await request.json());
      return json(event);
    }
    if (request.method === "DELETE") {
      events.delete(event.id);
      return new Response(null, { status: 204 });
    }
    return json({ error: { code: "MethodNotAllowed", message: "Method not allowed" } }, 405);
  });
  return { url: `http://127.0.0.1:${server.addr.port}/v1.0`, events, stop: () => server.shutdown() };
}

function inRange(events: Map<string, FakeGraphEvent>, query: URLSearchParams): FakeGraphEvent[] {
  const from = Date.parse(query.get("startDateTime")!);
  const to = Date.parse(query.get("endDateTime")!);
  const at = (time: { dateTime: string }) => Date.parse(`${time.dateTime.replace(/Z$/, "")}Z`);
  return [...events.values()].filter((event) => at(event.end) > from && at(event.start) < to)
    .sort((a, b) => at(a.start) - at(b.start)).slice(0, Number(query.get("$top") ?? 10));
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}
