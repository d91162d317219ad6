/** Baseline HTTP server for the load benchmarks: a bare Deno.serve answering each path with the bytes and
 * content type the engine answered it with (read from a JSON file), so both sides send the same response.
 * Usage: deno run -A bench/bare_http_server.ts PORT ROUTES_JSON */

interface Route {
  body: string;
  contentType: string;
}

const [port, routesFile] = Deno.args;
const routes = new Map<string, Route>(Object.entries(JSON.parse(Deno.readTextFileSync(routesFile))));
const fallback: Route = { body: '{"status":"ok"}', contentType: "application/json" };

Deno.serve({ hostname: "127.0.0.1", port: Number(port), onListen() {} }, (request) => {
  const url = request.url;
  const path = url.slice(url.indexOf("/", url.indexOf("//") + 2));
  const route = routes.get(path) ?? fallback;
  return new Response(route.body, { headers: { "content-type": route.contentType } });
});
