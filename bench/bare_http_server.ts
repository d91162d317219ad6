/** Baseline HTTP server for the load benchmarks: a bare Deno.serve answering each path with the bytes the engine
 * answered it with (read from a JSON file: body and headers), so both sides send the same response. With
 * `--minimal` it sends the body with its Content-Type only, the least a server can send.
 * Usage: deno run -A bench/bare_http_server.ts PORT ROUTES_JSON [--minimal] */

interface Route {
  body: string;
  headers: [string, string][];
}

const [port, routesFile, mode] = Deno.args;
const minimal = mode === "--minimal";
const routes = new Map<string, Route>(Object.entries(JSON.parse(Deno.readTextFileSync(routesFile))));
const fallback: Route = { body: '{"status":"ok"}', headers: [["content-type", "application/json"]] };

Deno.serve({ hostname: "127.0.0.1", port: Number(port), onListen() {} }, (request) => {
  const url = request.url;
  const path = url.slice(url.indexOf("/", url.indexOf("//") + 2));
  const route = routes.get(path) ?? fallback;
  // The same construction the engine uses: Content-Type in the init, every other header set after.
  const response = new Response(route.body, { headers: { "content-type": route.headers[0][1] } });
  if (minimal) return response;
  for (let index = 1; index < route.headers.length; index++) {
    response.headers.set(route.headers[index][0], route.headers[index][1]);
  }
  return response;
});
