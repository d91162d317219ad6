/** Per-session taint tracking: reads raise a session's level, sinks are checked against the policy matrix. */
import { isAbsolute, normalize, resolve } from "node:path";
import { ValidationError } from "../lib/errors.ts";
import { type GlobOptions, matchesGlob } from "../lib/glob.ts";
import type { IfcPolicy, IfcSource, SinkDecision } from "./ifc_policy.ts";
import { matrixDecision } from "./ifc_policy.ts";
import { isLevel, type Level, levelRank, maxLevel } from "./levels.ts";
import { classifySinks } from "./sink_classifier.ts";

/** Hosts and tool names: `*` matches any characters, dots and underscores included. */
const NAME: GlobOptions = { kind: "name" };

export interface IfcReads {
  paths?: string[];
  hosts?: string[];
}

export interface SinkCheck {
  decision: SinkDecision;
  /** The session's taint when checked. */
  level: Level;
  /** The sink category that decided, or null when the call reaches no sink. */
  sink: string | null;
  reason: string;
  /** Set in audit mode when the policy would have escalated or blocked: the call is allowed but logged. */
  audited?: boolean;
  would_be?: SinkDecision;
}

export interface IfcTrackerOptions {
  /** security.override_mode: "" uses the policy's mode. */
  overrideMode?: "audit" | "enforce" | "";
  /** security.memory_block_levels from config; the policy's own key wins when present. */
  memoryBlockLevels?: string[];
  /** Expands `$WORKSPACE` in globs and resolves relative read paths. */
  workspace?: string;
  /** Expands `~` in globs and in read paths. */
  homeDir?: string;
}

const DEFAULT_MEMORY_BLOCK_LEVELS: Level[] = ["critical", "restricted"];
const SEVERITY: Record<SinkDecision, number> = { allow: 0, escalate: 1, block: 2 };

export type IfcTracker = ReturnType<typeof createIfcTracker>;

export function createIfcTracker(policy: IfcPolicy, options: IfcTrackerOptions = {}) {
  const mode = options.overrideMode || policy.mode;
  const memoryBlockLevels = effectiveMemoryBlockLevels(policy, options.memoryBlockLevels ?? []);
  const taints = new Map<string, Level>();
  const expand = (glob: string) => expandGlob(glob, options);

  function classifySource(toolName: string, reads: IfcReads = {}): Level {
    const levels: Level[] = [];
    for (const source of policy.sources) {
      if (isToolOnly(source) && matchesTool(source, toolName)) levels.push(source.level);
    }
    for (const path of reads.paths ?? []) {
      const absolute = normalisePath(path, options);
      levels.push(
        itemLevel(
          policy,
          toolName,
          (source) => source.match.paths?.some((g) => matchesGlob(expand(g), absolute)),
        ),
      );
    }
    for (const host of reads.hosts ?? []) {
      levels.push(
        itemLevel(policy, toolName, (source) => source.match.hosts?.some((g) => matchesGlob(g, host, NAME))),
      );
    }
    // Nothing read and no rule for the tool: the call brought no data into the session.
    return levels.length === 0 ? "public" : maxLevel(...levels);
  }

  function raiseTaint(sessionId: string, level: Level): Level {
    const next = maxLevel(taints.get(sessionId) ?? "public", level);
    taints.set(sessionId, next);
    return next;
  }

  function decide(sessionId: string, decision: SinkDecision, sink: string | null, why: string): SinkCheck {
    const level = taints.get(sessionId) ?? "public";
    if (decision === "allow") return { decision, level, sink, reason: why };
    const reason =
      `Session taint "${level}" may not reach ${why}: ${decision} by IFC policy "${policy.name}"`;
    if (mode === "audit") {
      return { decision: "allow", level, sink, reason, audited: true, would_be: decision };
    }
    return { decision, level, sink, reason };
  }

  function memoryDecision(sessionId: string): SinkDecision {
    const level = taints.get(sessionId) ?? "public";
    const threshold = Math.min(...memoryBlockLevels.map(levelRank));
    return levelRank(level) >= threshold ? "block" : "allow";
  }

  return {
    policy,
    mode,
    memoryBlockLevels,
    classifySource,
    raiseTaint,
    /** Call only after the read really ran: raises the session's taint to the level of what was read. */
    recordRead(sessionId: string, toolName: string, reads: IfcReads = {}): Level {
      return raiseTaint(sessionId, classifySource(toolName, reads));
    },
    taint(sessionId: string): Level {
      return taints.get(sessionId) ?? "public";
    },
    checkSink(sessionId: string, toolName: string, args: Record<string, unknown> = {}): SinkCheck {
      const level = taints.get(sessionId) ?? "public";
      let worst: { decision: SinkDecision; sink: string | null; why: string } = {
        decision: "allow",
        sink: null,
        why: `"${toolName}": no sink`,
      };
      for (const match of classifySinks(policy, toolName, args)) {
        let decision = matrixDecision(policy, level, match.sink);
        if (match.sink === "memory_write" && memoryDecision(sessionId) === "block") decision = "block";
        if (worst.sink === null || SEVERITY[decision] > SEVERITY[worst.decision]) {
          worst = { decision, sink: match.sink, why: `${match.sink} (${match.target})` };
        }
      }
      return decide(sessionId, worst.decision, worst.sink, worst.why);
    },
    checkMemoryWrite(sessionId: string): SinkCheck {
      return decide(sessionId, memoryDecision(sessionId), "memory_write", "memory_write (long-term memory)");
    },
    forget(sessionId: string): void {
      taints.delete(sessionId);
    },
  };
}

/** The policy's key when present, else the config's list when not empty, else [critical, restricted]. */
function effectiveMemoryBlockLevels(policy: IfcPolicy, configured: string[]): Level[] {
  if (policy.memory_block_levels) return policy.memory_block_levels;
  const bad = configured.find((level) => !isLevel(level));
  if (bad !== undefined) {
    throw new ValidationError(`Invalid security.memory_block_levels: unknown level "${bad}"`);
  }
  return configured.length > 0 ? configured as Level[] : DEFAULT_MEMORY_BLOCK_LEVELS;
}

function isToolOnly(source: IfcSource): boolean {
  return !source.match.paths && !source.match.hosts;
}

function matchesTool(source: IfcSource, toolName: string): boolean {
  return !source.match.tools || source.match.tools.some((glob) => matchesGlob(glob, toolName, NAME));
}

/** Highest level among sources matching one read item, or the policy's default when none does. */
function itemLevel(
  policy: IfcPolicy,
  toolName: string,
  matches: (source: IfcSource) => boolean | undefined,
): Level {
  const levels = policy.sources.filter((source) => matchesTool(source, toolName) && matches(source))
    .map((source) => source.level);
  return levels.length === 0 ? policy.default_level : maxLevel(...levels);
}

function expandGlob(glob: string, options: IfcTrackerOptions): string {
  let out = glob;
  if (options.workspace) out = out.replace("$WORKSPACE", options.workspace.replace(/\/$/, ""));
  if (options.homeDir && out.startsWith("~/")) out = options.homeDir.replace(/\/$/, "") + out.slice(1);
  return out;
}

function normalisePath(path: string, options: IfcTrackerOptions): string {
  let out = String(path);
  if (options.homeDir && (out === "~" || out.startsWith("~/"))) out = options.homeDir + out.slice(1);
  if (isAbsolute(out)) return normalize(out);
  return options.workspace ? resolve(options.workspace, out) : normalize(out);
}
