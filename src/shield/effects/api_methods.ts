/** A generic API tool's HTTP method (round 45): `cloudflare_api {method: "GET", path: "/zones/.../dns_records"}`,
 * `github_api {method: "get", endpoint: "/repos/o/r/pulls"}`. Its name says only which service it reaches, so it was
 * an unknown effect; a GET or HEAD to a path of the service's own API reads (RFC 9110 calls both safe methods).
 * POST, PUT, PATCH and DELETE stay unknown, and so does a GET that does more than read: a body, a path with an
 * action word (`/purge_cache`, `/users/7/delete`: RPC-style endpoints act on GET too), a full address (the request
 * may go to any host, with data in its query: the egress checks judge that), or a long or key-like parameter value
 * (data or a secret carried out in the query). A path that names credentials or environment variables
 * (`/accounts/.../tokens`, `/api_keys`, `/projects/42/variables`, `/env?decrypt=true`) reads secrets: the credential
 * noun is added, and the open-world checks ask. */

import { identifierWords } from "./words.ts";

const METHOD_KEYS = ["method", "http_method", "httpmethod", "verb", "request_method", "requestmethod"];
const READ_METHOD = /^(?:get|head)$/i;
const PATH_KEYS = ["path", "endpoint", "route", "resource_path", "api_path", "uri", "url"];
const BODY_KEY =
  /^(?:body|data|json|payload|form|form_data|content|text|message|request_body|requestbody|input|file|files)$/i;
/** Keys whose object value is a query (`params: {type: "MX"}`) or bookkeeping; an object under any other key may be
 * a body under another name (`settings: {value: "off"}`). */
const QUERY_KEY =
  /^(?:params|parameters|query|query_params|queryparams|querystring|search|filters?|metadata|options)$/i;
/** Path words of an endpoint that acts when called (whatever the method says). */
const ACTION_WORDS = new Set(
  `delete remove destroy purge wipe erase reset revoke rotate regenerate cancel refund transfer send approve
    execute exec run trigger dispatch deploy restart reboot disable enable kill terminate unlock disarm publish
    invite grant pay payout payouts withdraw create update set write upload import export install uninstall
    suspend unsuspend ban block unblock merge close archive transfer impersonate sudo escalate promote login
    logout callback webhook webhooks drop truncate flush clear shutdown stop start pause resume`
    .split(/\s+/).filter(Boolean),
);
/** Path words of an endpoint that lists or shows credentials. */
const CREDENTIAL_WORDS = new Set(
  `token tokens apikey apikeys key keys secret secrets credential credentials password passwords passwd
    sshkeys certificate certificates cert certs private env envs environment variables vars decrypt`.split(
    /\s+/,
  ).filter(Boolean),
);
/** A parameter value that is data or a key rather than a filter: long, or a run of twenty letters and digits that
 * is not a hexadecimal id or a UUID (`zone_id: 023e105f...`). */
const CARRIED_VALUE = /[A-Za-z0-9_+/=-]{20,}/;
const ID_VALUE = /^(?:[0-9a-f]{8,64}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

function readsParameters(value: unknown, depth = 0): boolean {
  if (value === null || typeof value === "number" || typeof value === "boolean") return true;
  if (typeof value === "string") {
    return value.length <= 64 && !value.includes("://") &&
      (!CARRIED_VALUE.test(value) || ID_VALUE.test(value));
  }
  if (depth > 1 || typeof value !== "object") return false;
  const entries = Array.isArray(value) ? value : Object.values(value as Record<string, unknown>);
  return entries.length <= 16 && entries.every((entry) => readsParameters(entry, depth + 1));
}

export type MethodReading = "read" | "reads-secrets" | undefined;

/** A path of the service's own API: relative, one line, no address of a host. */
const API_PATH = /^\/?[\w{}:.~-][^\s]*$/;

/** What a GET or HEAD to the payload's own API path does, or undefined when the payload is not such a call. The
 * path is a path key's value or any value that starts with `/` (whatever its key is called: `file`, `target`). */
export function apiMethodReading(payload: Record<string, unknown>): MethodReading {
  let method: unknown;
  const paths: string[] = [];
  for (const [key, value] of Object.entries(payload)) {
    const lower = key.toLowerCase();
    if (METHOD_KEYS.includes(lower)) method = value;
    else if (typeof value === "string" && (PATH_KEYS.includes(lower) || value.startsWith("/"))) {
      paths.push(value);
    } else if (BODY_KEY.test(key)) {
      if (value !== null && value !== undefined && value !== "") return undefined;
    } else if (
      (value !== null && typeof value === "object" && !Array.isArray(value) && !QUERY_KEY.test(key)) ||
      !readsParameters(value)
    ) return undefined;
  }
  if (typeof method !== "string" || !READ_METHOD.test(method.trim()) || paths.length === 0) return undefined;
  let secrets = false;
  for (const path of paths) {
    if (path.length > 512 || !API_PATH.test(path) || path.includes("://") || path.includes("//")) {
      return undefined;
    }
    const query = path.indexOf("?");
    if (query >= 0 && !readsParameters(Object.fromEntries(new URLSearchParams(path.slice(query + 1))))) {
      return undefined;
    }
    const words = identifierWords(query >= 0 ? path.slice(0, query) : path);
    if (words.some((word) => ACTION_WORDS.has(word))) return undefined;
    secrets ||= words.some((word) => CREDENTIAL_WORDS.has(word));
  }
  return secrets ? "reads-secrets" : "read";
}
