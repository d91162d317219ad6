/** The effect profile of an action, computed once from its view for known and unknown tools alike: what it
 * reads and writes (each path classed by sensitivity), which hosts it talks to and whether data leaves, who
 * receives messages, and the findings — effects a human should see (ESCALATE) or that are plainly harmful
 * (BLOCK). An action whose effects cannot be established is not `understood`. */

import type { ActionView } from "../action_view.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { NormalPath } from "../paths.ts";
import type { ToolAnnotations } from "../types.ts";
import { KNOWN_TOOLS } from "../payload_fields.ts";
import { type Finding, Findings } from "./findings.ts";
import { classifyPath, type PathClass } from "./path_classes.ts";
import { type HostReading, readHost } from "./hosts.ts";
import { judgeSegments } from "./command_effects.ts";
import { judgeCode } from "./code_effects.ts";
import { judgeMessage } from "./messaging.ts";
import { judgeDelegation, judgeStanding } from "./delegation.ts";
import { judgeOpenWorld, type OpenWorldReading } from "./open_world.ts";
import { sensitiveFindings } from "./sensitive_data.ts";

export interface ClassedPath {
  path: NormalPath;
  kind: PathClass;
}

export interface EffectProfile {
  /** The tool as called, and in our vocabulary. */
  tool: string;
  type: string;
  reads: ClassedPath[];
  writes: ClassedPath[];
  hosts: HostReading[];
  /** Hosts that receive data from this action. */
  egress: HostReading[];
  recipients: string[];
  findings: Finding[];
  /** False when nothing shows what the action does (it is then escalated, never allowed). */
  understood: boolean;
}

const MESSAGE_TOOLS = new Set(["send_email", "send_message", "create_event", "update_event"]);
const TASK_TOOLS = new Set(["create_agent", "agent_message", "create_schedule"]);
const DATA_METHODS = /^(?:POST|PUT|PATCH|DELETE)$/;
const DATA_FLAGS =
  /^(?:-d|--data[\w-]*|-F|--form[\w-]*|-T|--upload-file|--post-data|--post-file|--body-data|--body-file|--json)(?:=|$)|^-X(?:POST|PUT|PATCH)$/;
const FIELD_WORDS = /password|passwd|card|cvv|cvc|ssn|pin\b|otp|secret|token/i;

function classed(paths: NormalPath[], environment: ShieldEnvironment): ClassedPath[] {
  const seen = new Set<string>();
  const out: ClassedPath[] = [];
  for (const path of paths) {
    if (seen.has(path.absolute)) continue;
    seen.add(path.absolute);
    out.push({ path, kind: classifyPath(path, environment) });
  }
  return out;
}

function judgeWrites(view: ActionView, writes: ClassedPath[], findings: Findings): void {
  const keyscan = view.segments.some((segment) => /^ssh-keyscan$/.test(segment.argv[0] ?? ""));
  for (const { path, kind } of writes) {
    const shown = path.relative ?? path.absolute;
    if (kind === "engine") findings.block("engine", `changes the engine's control file "${shown}"`);
    else if (kind === "persistence" && path.relative === undefined) {
      findings.block(
        "persistence",
        `writes "${shown}", which runs code at login, on a schedule or on git commands`,
      );
    } else if (kind === "startup-file") {
      findings.escalate("persistence", `changes the start-up file "${shown}"`);
    } else if (kind === "trust" && !keyscan) {
      findings.escalate("persistence", `changes what this machine trusts ("${shown}")`);
    } else if (kind === "agent-instructions" && path.relative === undefined) {
      findings.escalate("persistence", `changes another agent's settings or instructions ("${shown}")`);
    } else if (kind === "secret-container") {
      findings.escalate("delete", `changes "${shown}", which holds secret stores`);
    } else if (kind === "personal" || kind === "other" || kind === "system") {
      findings.escalate("write", `changes "${shown}" outside the workspace`);
    }
  }
}

function judgeReads(reads: ClassedPath[], findings: Findings): void {
  for (const { path, kind } of reads) {
    if (kind === "engine" && !/\/\.engine(?:\/|$)/.test(path.absolute)) {
      findings.escalate("engine", `reads the engine's control file "${path.relative ?? path.absolute}"`);
    }
  }
}

/** Whether the action sends data to the URL's host (bodies, uploads, query strings that carry data). */
function sendsData(view: ActionView, host: HostReading, openWorld: OpenWorldReading | undefined): boolean {
  const method = typeof view.payload.method === "string" ? view.payload.method.toUpperCase() : "GET";
  if ((view.type === "http_request" || view.type === "browser_navigate") && DATA_METHODS.test(method)) {
    return true;
  }
  if (view.segments.some((segment) => segment.argv.includes(host.url) || segment.text.includes(host.host))) {
    if (view.segments.some((segment) => segment.argv.some((arg) => DATA_FLAGS.test(arg)))) return true;
  }
  if (openWorld && (openWorld.words.verbs.has("send") || openWorld.words.verbs.has("export"))) return true;
  let query = host.query;
  try {
    query = decodeURIComponent(query.replace(/\+/g, " "));
  } catch {
    // A malformed escape is judged as written.
  }
  const values = query.split(/[?&]/).map((pair) => pair.slice(pair.indexOf("=") + 1));
  return values.some((value) => value.length >= 32) || query.length > 256 ||
    sensitiveFindings(query).length > 0;
}

function judgeHosts(
  view: ActionView,
  hosts: HostReading[],
  openWorld: OpenWorldReading | undefined,
  findings: Findings,
) {
  const egress: HostReading[] = [];
  for (const host of hosts) {
    if (host.engine) {
      findings.block("engine", `calls the engine's own API or WebSocket ("${host.url.slice(0, 80)}")`);
      continue;
    }
    if (host.lookalike) {
      findings.escalate("network", `talks to "${host.host}", a lookalike of "${host.lookalike}"`);
    }
    if (host.loopback || !sendsData(view, host, openWorld)) continue;
    egress.push(host);
    if (!host.allowed) {
      findings.escalate("network", `sends data to "${host.host}", which is not an allowed host`);
    }
  }
  return egress;
}

function textsOf(view: ActionView, ...kinds: Array<"outbound" | "content" | "task" | "query">): string[] {
  return kinds.flatMap((kind) => (view.texts.get(kind) ?? []).slice(0, 64));
}

function judgeMessaging(
  view: ActionView,
  openWorld: OpenWorldReading | undefined,
  environment: ShieldEnvironment,
  findings: Findings,
) {
  const recipients = [
    ...(view.texts.get("recipient") ?? []).slice(0, 64).flatMap((value) => value.split(/[,;]\s*/)),
    ...(openWorld?.recipients ?? []),
  ].map((value) => value.trim()).filter(Boolean);
  const payload = view.payload;
  const wholesale = payload.include_attachments === true ||
    Object.values(payload).some((value) => value === "all");
  const typed = view.type === "browser_type" || view.type === "computer";
  if (typed) {
    const field = [payload.selector, payload.element, payload.field].filter((value) =>
      typeof value === "string"
    ).join(" ");
    if (FIELD_WORDS.test(field)) findings.escalate("message", `types into a "${field.slice(0, 40)}" field`);
  }
  judgeMessage(
    {
      tool: view.tool,
      recipients: [...new Set(recipients)],
      texts: textsOf(view, "outbound", "content"),
      attachments: view.paths.length,
      wholesale,
    },
    environment,
    findings,
  );
  return recipients;
}

function judgeAttachments(reads: ClassedPath[], findings: Findings): void {
  for (const { path, kind } of reads) {
    const shown = path.relative ?? path.absolute;
    if (kind === "secret" || kind === "secret-container" || kind === "engine") {
      findings.block("message", `sends "${shown}", which holds secrets, to someone else`);
    } else if (kind === "personal" || kind === "other" || kind === "system") {
      findings.escalate("message", `sends "${shown}" from outside the workspace to someone else`);
    }
  }
}

export function buildEffectProfile(
  view: ActionView,
  annotations: ToolAnnotations | undefined,
  environment: ShieldEnvironment,
): EffectProfile {
  const findings = new Findings();
  const writes = classed(view.writePaths, environment);
  const written = new Set(writes.map((entry) => entry.path.absolute));
  const reads = classed(view.paths.filter((path) => !written.has(path.absolute)), environment);
  const open = !KNOWN_TOOLS.has(view.tool) && view.type === view.tool;
  const openWorld = open ? judgeOpenWorld(view.tool, view.payload, annotations, findings) : undefined;
  judgeWrites(view, writes, findings);
  judgeReads(reads, findings);
  judgeSegments(view.segments, environment, findings);
  judgeCode(view.texts.get("code") ?? [], environment, findings);
  const hosts = view.urls.slice(0, 32).map((url) => readHost(url, environment)).filter((host) =>
    host !== undefined
  );
  const egress = judgeHosts(view, hosts, openWorld, findings);
  let recipients: string[] = [];
  const sends = MESSAGE_TOOLS.has(view.type) || view.type === "browser_type" || view.type === "computer" ||
    openWorld?.sends;
  if (sends) {
    recipients = judgeMessaging(view, openWorld, environment, findings);
    judgeAttachments(reads, findings);
  } else if (egress.length > 0 || view.segments.length > 0 && egress.length > 0) {
    judgeAttachments(reads, findings);
  }
  if (
    TASK_TOOLS.has(view.type) ||
    (openWorld && (openWorld.words.nouns.has("agent") || openWorld.words.verbs.has("delegate")))
  ) {
    judgeDelegation(
      view.tool,
      textsOf(view, "task", "outbound", "content"),
      view.payload,
      environment,
      findings,
    );
  }
  if (view.type === "memory_write") judgeStanding(view.tool, textsOf(view, "content").join("\n"), findings);
  if (writes.some((entry) => entry.kind === "agent-instructions")) {
    judgeStanding(view.tool, textsOf(view, "content").join("\n"), findings);
  }
  if (openWorld?.executes && view.segments.length === 0 && !(view.texts.get("code")?.length)) {
    findings.escalate("exec", `"${view.tool}" runs something Shield cannot see`);
  }
  return {
    tool: view.tool,
    type: view.type,
    reads,
    writes,
    hosts,
    egress,
    recipients,
    findings: findings.list,
    understood: !openWorld?.unknown,
  };
}
