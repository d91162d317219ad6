/** Decides which sink categories a proposed tool call falls into, from its name and arguments. */
import { type GlobOptions, matchesGlob } from "../lib/glob.ts";
import type { IfcPolicy } from "./ifc_policy.ts";

/** Hosts and tool names: `*` matches any characters, dots and underscores included. */
const NAME: GlobOptions = { kind: "name" };

/** The sink categories whose meaning depends on the URL of the call. */
const EXTERNAL_SEND = "external_send";
const EXTERNAL_FETCH = "external_fetch";
const URL_TOOLS = new Set(["http_request", "browser_navigate"]);

export interface SinkMatch {
  sink: string;
  /** Short description of the flow for reasons and audit details (tool and target host). */
  target: string;
}

export function classifySinks(
  policy: IfcPolicy,
  toolName: string,
  args: Record<string, unknown>,
): SinkMatch[] {
  const listed = Object.entries(policy.sinks)
    .filter(([, tools]) => tools.some((glob) => matchesGlob(glob, toolName, NAME)))
    .map(([sink]) => sink);
  if (!URL_TOOLS.has(toolName)) return listed.map((sink) => ({ sink, target: toolName }));
  const url = parseUrl(args.url);
  // An unparseable URL is treated as outside: the tool will reject it, and guessing "local" would be unsafe.
  if (url && isLocalHost(policy, url.hostname)) return withoutExternal(listed, toolName);
  const target = `${toolName} to "${url?.hostname ?? String(args.url)}"`;
  const sends = carriesData(toolName, args, url);
  const hasFetch = listed.includes(EXTERNAL_FETCH);
  return listed
    .filter((sink) => !(sink === EXTERNAL_SEND && !sends && hasFetch) && !(sink === EXTERNAL_FETCH && sends))
    .map((sink) => ({ sink, target }));
}

function isLocalHost(policy: IfcPolicy, host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "");
  return policy.local_hosts.some((glob) => matchesGlob(glob, host, NAME) || matchesGlob(glob, bare, NAME));
}

function withoutExternal(sinks: string[], toolName: string): SinkMatch[] {
  return sinks.filter((sink) => sink !== EXTERNAL_SEND && sink !== EXTERNAL_FETCH)
    .map((sink) => ({ sink, target: toolName }));
}

function carriesData(toolName: string, args: Record<string, unknown>, url: URL | undefined): boolean {
  if (url && url.search !== "") return true;
  if (toolName !== "http_request") return false;
  const method = typeof args.method === "string" ? args.method.toUpperCase() : "GET";
  const body = args.body;
  return (method !== "GET" && method !== "HEAD") || (body !== undefined && body !== null && body !== "");
}

function parseUrl(value: unknown): URL | undefined {
  if (typeof value !== "string") return undefined;
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}
