/** Local servers that run the code they are sent, driven by request (round 33): a Jupyter server's kernels,
 * sessions and terminals (`POST /api/kernels`), the Docker Engine API on its TCP port (`:2375/containers/create`,
 * `.../exec`), a browser's or Node's debug port (`:9222/json/new`, `ws://.../devtools/...`), a Ray dashboard's job API
 * (`:8265/api/jobs`, ShadowRay CVE-2023-48022) and Spark's submission API (`:6066`). Unauthenticated on loopback by
 * default, each is a shell for whoever reaches it: starting one from a command or a request is asked. Reads (server
 * status, a kernel list, the debug port's version, notebooks listed) pass.
 * Sources: Jupyter Server REST API; Docker "Protect the Docker daemon socket"; Chrome DevTools Protocol; Ray Jobs
 * REST API; Trend Micro and Wiz write-ups on exposed notebooks and dashboards. */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";

const LOOPBACK_URL =
  /^(?:https?|wss?):\/\/(?:localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\]|0\.0\.0\.0)(?::(\d{1,5}))?(\/[^\s?#]*)?/i;

interface Endpoint {
  name: string;
  /** Ports it listens on (any port when absent: Jupyter's moves with each server). */
  ports?: ReadonlySet<string>;
  path: RegExp;
  /** Reached by any request (the path itself creates or drives), not only by one that sends. */
  always: boolean;
}

const JUPYTER_PORTS: ReadonlySet<string> = new Set(
  Array.from({ length: 12 }, (_, index) => String(8888 + index)),
);

const ENDPOINTS: readonly Endpoint[] = [
  { name: "Jupyter server", path: /^\/(?:[\w-]+\/)?api\/(?:kernels|terminals)\/?$/i, always: false },
  // `/api/sessions` is any web app's word: a Jupyter session only on the ports Jupyter takes (8888 and the next ones).
  { name: "Jupyter server", ports: JUPYTER_PORTS, path: /^\/(?:[\w-]+\/)?api\/sessions\/?$/i, always: false },
  {
    name: "Jupyter server",
    path: /^\/(?:[\w-]+\/)?(?:api\/kernels\/[^/]+\/(?:channels|execute)|terminals\/websocket\/)/i,
    always: true,
  },
  {
    name: "Docker Engine API",
    ports: new Set(["2375", "2376"]),
    path:
      /^\/(?:v[\d.]+\/)?(?:containers\/create|containers\/[^/]+\/(?:exec|start)|exec\/[^/]+\/start|build|plugins\/pull)/i,
    always: true,
  },
  {
    name: "debug port",
    ports: new Set(["9222", "9229"]),
    path: /^\/(?:json\/new|devtools\/(?:page|browser)\/)/i,
    always: true,
  },
  { name: "Ray dashboard", ports: new Set(["8265"]), path: /^\/api\/jobs\/?$/i, always: false },
  { name: "Spark master", ports: new Set(["6066"]), path: /^\/v1\/submissions\/create/i, always: false },
];

/** What in a command or code sends a request body (a method of its own, data, a client's post call). */
const SENDS =
  /-X\s*['"]?(?:POST|PUT)\b|--request[= ]['"]?(?:POST|PUT)\b|\s(?:-d|-F)\s|--data(?:-\w+)?[= ]|--json[= ]|\.(?:post|put)\s*\(|method\s*[:=]\s*['"]?(?:post|put)\b|\b(?:websocat|wscat)\b/i;

/** Cheap test before any URL is read: a loopback host in some URL. */
const LOOPBACK_HINT = /\/\/(?:localhost|127\.|\[::1\]|0\.0\.0\.0)/i;

export function judgeLocalCodeServers(view: ActionView, findings: Findings): void {
  if (view.urls.length === 0 || !view.urls.some((url) => LOOPBACK_HINT.test(url))) return;
  let sends: boolean | undefined;
  for (const url of view.urls.slice(0, 32)) {
    const match = LOOPBACK_URL.exec(url);
    if (!match) continue;
    const port = match[1] ?? "";
    const path = match[2] ?? "/";
    for (const endpoint of ENDPOINTS) {
      if ((endpoint.ports && !endpoint.ports.has(port)) || !endpoint.path.test(path)) continue;
      sends ??= view.requests.some((request) => /^(?:POST|PUT) /.test(request)) ||
        [...(view.texts.get("shell") ?? []), ...(view.texts.get("code") ?? [])].some((text) =>
          SENDS.test(text)
        );
      if (!endpoint.always && !sends && !/^wss?:/i.test(url)) continue;
      findings.escalate(
        "exec",
        `drives the local ${endpoint.name} at "${url.slice(0, 80)}", which runs what it is sent`,
      );
      return;
    }
  }
}
