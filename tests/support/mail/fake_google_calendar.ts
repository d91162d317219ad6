/** Google Calendar API v3 on loopback, speaking its real JSON shapes: calendarList, events list (timeMin/timeMax,
 * singleEvents), get, insert, patch, delete, with `sendUpdates` recorded and bearer tokens checked against the
 * fake OAuth server. */

export interface FakeGoogleEvent {
  id: string;
  summary?: string;
  description?: string;
  location?: string;
  start: { dateTime?: string; date?: string };
  end: { dateTime?: string; date?: string };
  attendees?: { email: string; responseStatus?: string }[];
  organizer?: { email: string };
  status?: string;
}

export interface FakeGoogleCalendar {
  url: string;
  events: Map<string, FakeGoogleEvent>;
  /** Each write with its sendUpdates value. */
  writes: { method: string; sendUpdates: string | null }[];
  stop(): Promise<void>;
}

export function startFakeGoogleCalendar(
  owner: string,
  isValid: (account: string, token: string) => boolean,
): FakeGoogleCalendar {
  const events = new Map<string, FakeGoogleEvent>();
  const writes: { method: string; sendUpdates: string | null }[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const url = new URL(request.url);
    const token = (request.headers.get("authorization") ?? "").replace(/^Bearer /, "");
    if (!isValid(owner, token)) {
      return json({
        error: {
          code: 401,
          message: "Request had invalid authentication credentials.",
          status: "UNAUTHENTICATED",
        },
      }, 401);
    }
    if (url.pathname === "/users/me/calendarList") {
      return json({
        kind: "calendar#calendarList",
        items: [{ id: owner, summary: owner, primary: true, accessRole: "owner" }],
      });
    }
    const match = /^\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(url.pathname);
    const calendar = match ? decodeURIComponent(match[1]) : "";
    if (!match || (calendar !== "primary" && calendar !== owner)) {
      return json({ error: { code: 404, message: "Not Found" } }, 404);
    }
    const id = match[2] ? decodeURIComponent(match[2]) : undefined;
    if (request.method !== "GET") {
      writes.push({ method: request.method, sendUpdates: url.searchParams.get("sendUpdates") });
    }
    if (!id && request.method === "GET") {
      return json({ kind: "calendar#events", items: inRange(events, url.searchParams) });
    }
    if (!id && request.method === "POST") {
      const body = await request.json();
      if (!body.start || !body.end) return json({ error: { code: 400, message: "Missing end time." } }, 400);
      const event = {
        ...body,
        id: crypto.randomUUID().replaceAll("-", ""),
        organizer: { email: owner },
        status: "confirmed",
      };
      events.set(event.id, event);
      return json(event);
    }
    const event = id ? events.get(id) : undefined;
    if (!event) return json({ error: { code: 404, message: "Not Found" } }, 404);
    if (request.method === "GET") return json(event);
    if (request.method === "PATCH") {
      Object.assign(event, await request.json());
      return json(event);
    }
    if (request.method === "DELETE") {
      events.delete(event.id);
      return new Response(null, { status: 204 });
    }
    return json({ error: { code: 405, message: "Method not allowed" } }, 405);
  });
  return { url: `http://127.0.0.1:${server.addr.port}`, events, writes, stop: () => server.shutdown() };
}

function inRange(events: Map<string, FakeGoogleEvent>, query: URLSearchParams): FakeGoogleEvent[] {
  const from = Date.parse(query.get("timeMin") ?? "1970-01-01T00:00:00Z");
  const to = Date.parse(query.get("timeMax") ?? "9999-01-01T00:00:00Z");
  const at = (time: { dateTime?: string; date?: string }) =>
    Date.parse(time.dateTime ?? `${time.date}T00:00:00Z`);
  return [...events.values()].filter((event) => at(event.end) > from && at(event.start) < to)
    .sort((a, b) => at(a.start) - at(b.start)).slice(0, Number(query.get("maxResults") ?? 250));
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=UTF-8" },
  });
}
