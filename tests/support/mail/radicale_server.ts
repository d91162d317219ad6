/** A real Radicale CalDAV server for tests: users from an htpasswd file (plain), storage in a temp folder, bound to
 * 127.0.0.1 port 0 (the port is read from its log). `makeCalendar` creates a user's calendar with MKCALENDAR. */

export interface RadicaleServer {
  url: string;
  port: number;
  makeCalendar(user: string, password: string, slug: string, name: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startRadicale(users: Record<string, string>): Promise<RadicaleServer> {
  const dir = await Deno.makeTempDir({ prefix: "parapet-radicale-" });
  await Deno.writeTextFile(
    `${dir}/users`,
    Object.entries(users).map(([user, password]) => `${user}:${password}`).join("\n") + "\n",
  );
  const child = new Deno.Command("radicale", {
    args: [
      "-C",
      "/dev/null",
      "--server-hosts",
      "127.0.0.1:0",
      "--storage-filesystem-folder",
      `${dir}/collections`,
      "--auth-type",
      "htpasswd",
      "--auth-htpasswd-filename",
      `${dir}/users`,
      "--auth-htpasswd-encryption",
      "plain",
      "--auth-delay",
      "0",
      "--web-type",
      "none",
      "--logging-level",
      "info",
    ],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let log = "";
  let resolvePort: (port: number) => void;
  const portFound = new Promise<number>((resolve) => resolvePort = resolve);
  const pump = (stream: ReadableStream<Uint8Array>) =>
    (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of stream) {
        log += decoder.decode(chunk, { stream: true });
        const match = /Listening on '\[?127\.0\.0\.1\]?:(\d+)'/.exec(log);
        if (match && /Radicale server ready/.test(log)) resolvePort(Number(match[1]));
      }
    })();
  const pumps = Promise.all([pump(child.stdout), pump(child.stderr)]);
  const stop = async () => {
    try {
      child.kill("SIGTERM");
    } catch {
      // already gone
    }
    await child.status;
    await pumps;
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const port = await Promise.race([
    portFound,
    child.status.then(() => 0),
    new Promise<number>((resolve) => timer = setTimeout(() => resolve(0), 15_000)),
  ]);
  clearTimeout(timer);
  if (!port) {
    await stop();
    throw new Error(`radicale did not start:\n${log}`);
  }
  const url = `http://127.0.0.1:${port}/`;
  return {
    url,
    port,
    async makeCalendar(user, password, slug, name) {
      const target = `${url}${user}/${slug}/`;
      const response = await fetch(target, {
        method: "MKCALENDAR",
        headers: { authorization: `Basic ${btoa(`${user}:${password}`)}`, "content-type": "application/xml" },
        body:
          `<?xml version="1.0" encoding="utf-8"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">` +
          `<D:set><D:prop><D:displayname>${name}</D:displayname><C:supported-calendar-component-set>` +
          `<C:comp name="VEVENT"/></C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>`,
      });
      await response.body?.cancel();
      if (response.status !== 201) throw new Error(`MKCALENDAR ${target} answered ${response.status}`);
      return target;
    },
    stop,
  };
}
