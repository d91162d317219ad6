/** A git smart-HTTP server for tests: `git http-backend` behind a small CGI bridge on 127.0.0.1, port 0. */

export interface GitHttpServer {
  /** Base URL, e.g. "http://127.0.0.1:41234"; a bare repository ROOT/name.git is at `${url}/name.git`. */
  url: string;
  port: number;
  /** Request lines seen ("GET /r.git/info/refs?service=git-receive-pack"). */
  requests: string[];
  close(): Promise<void>;
}

export interface GitHttpOptions {
  /** Answer 401 (Basic) to requests without an Authorization header, as a private remote would. */
  requireAuth?: boolean;
}

export function startGitHttpServer(root: string, options: GitHttpOptions = {}): GitHttpServer {
  const requests: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    if (options.requireAuth && !request.headers.get("authorization")) {
      return new Response("auth required", {
        status: 401,
        headers: { "www-authenticate": 'Basic realm="t"' },
      });
    }
    return await cgi(root, request, url);
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    port: server.addr.port,
    requests,
    close: () => server.shutdown(),
  };
}

async function cgi(root: string, request: Request, url: URL): Promise<Response> {
  const body = new Uint8Array(await request.arrayBuffer());
  const env: Record<string, string> = {
    PATH: "/usr/bin:/bin",
    HOME: root,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_PROJECT_ROOT: root,
    GIT_HTTP_EXPORT_ALL: "1",
    REQUEST_METHOD: request.method,
    PATH_INFO: url.pathname,
    QUERY_STRING: url.search.slice(1),
    CONTENT_TYPE: request.headers.get("content-type") ?? "",
    CONTENT_LENGTH: String(body.length),
    REMOTE_USER: "tester",
    REMOTE_ADDR: "127.0.0.1",
  };
  const encoding = request.headers.get("content-encoding");
  if (encoding) env.HTTP_CONTENT_ENCODING = encoding;
  const child = new Deno.Command("git", {
    args: ["http-backend"],
    env,
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(body);
  await writer.close();
  const output = await child.output();
  return parseCgi(output.stdout);
}

function parseCgi(raw: Uint8Array): Response {
  const text = new TextDecoder("latin1").decode(raw);
  const split = text.search(/\r?\n\r?\n/);
  const head = split < 0 ? text : text.slice(0, split);
  const bodyStart = split < 0 ? raw.length : split + (text.slice(split).match(/^\r?\n\r?\n/)![0].length);
  const headers = new Headers();
  let status = 200;
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (name.toLowerCase() === "status") status = Number(value.split(" ")[0]);
    else headers.append(name, value);
  }
  return new Response(raw.slice(bodyStart), { status, headers });
}
