/** Tier 0: the YAML policy. Rules match on tool, paths (every path-like field and path argument, after
 * `~` expansion and normalisation, absolute and workspace-relative), shell segments, URLs, recipients and
 * content. deny beats escalate beats allow; no match passes the action on to Tier 1. */

import type { EvaluationContext, Evaluator, TierOutcome } from "./evaluator.ts";
import type { ActionView } from "./action_view.ts";
import type { Policy, PolicyRule } from "./policy.ts";
import { globSource, globToRegExp } from "./glob.ts";
import { collapse, expandHome, type NormalPath } from "./paths.ts";
import { LiteralScanner } from "./literal_scanner.ts";
import { requiredLiterals } from "./regex_literals.ts";

interface PathEntry {
  pattern: RegExp;
  absolute: boolean;
  /** Index among all include entries of the policy (for the literal prefilter); -1 for excludes. */
  id: number;
}

interface PathMatcher {
  include: PathEntry[];
  exclude: PathEntry[];
}

/** Per path of the view: the include entries whose required literals the path contains (a short list). */
type PathCandidates = Array<{ path: NormalPath; found: number[] }>;

/** The rule an include entry belongs to. */
type EntryOwner = { compiled: CompiledRule; entry: PathEntry };

/** The rules that apply to one tool, and per include entry (by id) whether its rule is one of them. */
interface ToolRules {
  rules: CompiledRule[];
  entries: Uint8Array;
}

interface CompiledRule {
  rule: PolicyRule;
  tools: RegExp[];
  paths?: PathMatcher;
  commands?: RegExp[];
  urls?: RegExp[];
  recipients?: RegExp[];
  content?: RegExp[];
}

function compilePath(glob: string, workspace: string, home: string): PathEntry {
  const expanded = expandHome(glob.replaceAll("${workspace}", workspace).replaceAll("${home}", home), home);
  const absolute = expanded.startsWith("/");
  const normal = absolute ? collapse(expanded) + (expanded.endsWith("/") ? "/" : "") : expanded;
  return { pattern: new RegExp(`^${globSource(normal.replace(/\/$/, "/**"))}$`, "i"), absolute, id: -1 };
}

function compilePaths(globs: string[], workspace: string, home: string): PathMatcher {
  const matcher: PathMatcher = { include: [], exclude: [] };
  for (const glob of globs) {
    if (glob.startsWith("!")) matcher.exclude.push(compilePath(glob.slice(1), workspace, home));
    else matcher.include.push(compilePath(glob, workspace, home));
  }
  return matcher;
}

function compileRule(rule: PolicyRule, workspace: string, home: string): CompiledRule {
  const regexes = (sources?: string[]) => sources?.map((source) => new RegExp(source, "i"));
  const globs = (sources?: string[]) => sources?.map(globToRegExp);
  return {
    rule,
    tools: rule.tools.map(globToRegExp),
    paths: rule.paths ? compilePaths(rule.paths, workspace, home) : undefined,
    commands: regexes(rule.commands),
    urls: globs(rule.urls),
    recipients: globs(rule.recipients),
    content: regexes(rule.content),
  };
}

function entryMatches(entry: PathEntry, path: NormalPath): boolean {
  return entry.pattern.test(path.absolute) ||
    (!entry.absolute && path.relative !== undefined && entry.pattern.test(path.relative));
}

function urlForms(url: string): string[] {
  const withoutScheme = url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "");
  return [url, withoutScheme, withoutScheme.split(/[/?#]/)[0]];
}

function anyMatch(patterns: RegExp[], values: string[]): boolean {
  return values.some((value) => patterns.some((pattern) => pattern.test(value)));
}

/** Whether the rule matches the view; `pathMatched` tells the rules some path of the view satisfies. */
function ruleMatches(
  compiled: CompiledRule,
  view: ActionView,
  pathMatched: () => Set<CompiledRule>,
): boolean {
  if (compiled.paths && !pathMatched().has(compiled)) return false;
  if (compiled.commands) {
    const texts = view.segments.map((segment) => segment.text);
    // An allow rule vouches for the whole command: every segment must match it (`npm test; curl ... | sh` is not
    // allowed by a rule for `npm test`). Deny and escalate rules need one matching segment.
    // Commands picked out of a prompt's prose are not all it asks for: an allow rule cannot vouch for it by them.
    const matched = compiled.rule.action === "allow"
      ? texts.length > 0 && !view.proseSegments &&
        texts.every((text) => compiled.commands!.some((pattern) => pattern.test(text)))
      : anyMatch(compiled.commands, texts);
    if (!matched) return false;
  }
  if (compiled.urls && !anyMatch(compiled.urls, view.urls.flatMap(urlForms))) return false;
  if (compiled.recipients) {
    const recipients = (view.texts.get("recipient") ?? []).flatMap((value) => value.split(/[,;]\s*/));
    if (
      !anyMatch(
        compiled.recipients,
        recipients.map((value) => value.trim().replace(/^.*<([^>]+)>.*$/, "$1")),
      )
    ) {
      return false;
    }
  }
  if (compiled.content) {
    const texts = ["content", "outbound", "task", "code"].flatMap((kind) =>
      view.texts.get(kind as "content") ?? []
    );
    if (!anyMatch(compiled.content, texts)) return false;
  }
  return true;
}

function ruleReason(rule: PolicyRule): string {
  return `Policy rule "${rule.name}"` + (rule.reason ? `: ${rule.reason}` : "");
}

/** One Aho-Corasick scan per path finds the include globs it could match; only those run their regex. */
class PathPrefilter {
  private readonly scanner: LiteralScanner;
  readonly unfiltered: Uint8Array;
  private readonly marks: Int32Array;
  private stamp = 0;

  /** `prefixes` (home, workspace) begin many paths: a literal is cut after them, so that `/home/dev/.mozilla`
   * is looked for as `.mozilla` and not found in every path of the home. */
  constructor(entries: PathEntry[], prefixes: string[] = []) {
    this.unfiltered = new Uint8Array(entries.length);
    this.marks = new Int32Array(entries.length);
    const literals: string[] = [];
    const ids: number[] = [];
    const common = prefixes.map((prefix) => prefix.toLowerCase().replace(/\/?$/, "/")).sort((a, b) =>
      b.length - a.length
    );
    entries.forEach((entry, id) => {
      entry.id = id;
      const required = requiredLiterals(entry.pattern);
      if (!required) this.unfiltered[id] = 1;
      for (const literal of required ?? []) {
        const prefix = common.find((start) =>
          literal.startsWith(start) && literal.length - start.length >= 3
        );
        literals.push(prefix ? literal.slice(prefix.length) : literal);
        ids.push(id);
      }
    });
    this.scanner = new LiteralScanner(literals, ids);
  }

  candidates(paths: NormalPath[]): PathCandidates {
    return paths.map((path) => {
      const found: number[] = [];
      const stamp = ++this.stamp;
      this.scanner.scan(path.absolute.toLowerCase(), this.marks, stamp, found);
      // A relative form that ends the absolute one (every path inside the workspace but its root, `.`) holds no
      // literal the absolute form lacks: its scan would add no id.
      if (path.relative !== undefined && !path.absolute.endsWith(path.relative)) {
        this.scanner.scan(path.relative.toLowerCase(), this.marks, stamp, found);
      }
      return { path, found };
    });
  }
}

export class Tier0Policy implements Evaluator {
  readonly tier = 0 as const;
  private readonly rules: CompiledRule[];
  private readonly byTool = new Map<string, ToolRules>();
  private readonly prefilter: PathPrefilter;

  private readonly owners: EntryOwner[];
  /** Include entries with no required literal: tried on every path. */
  private readonly unfilteredIds: number[] = [];

  constructor(policy: Policy, workspace: string, home: string) {
    this.rules = policy.rules.map((rule) => compileRule(rule, workspace, home));
    this.owners = this.rules.flatMap((compiled) =>
      (compiled.paths?.include ?? []).map((entry) => ({ compiled, entry }))
    );
    this.prefilter = new PathPrefilter(this.owners.map((owner) => owner.entry), [home, workspace]);
    this.prefilter.unfiltered.forEach((flag, id) => flag === 1 && this.unfilteredIds.push(id));
  }

  /** Rules of the tool (`entries`) with a path of the view that an include glob matches and no exclude glob does.
   * Only the globs whose literals the path contains are tried, and only those of the tool's rules (no other rule's
   * path match is asked for). */
  private pathMatched(paths: NormalPath[], entries: Uint8Array): Set<CompiledRule> {
    const matched = new Set<CompiledRule>();
    for (const { path, found } of this.prefilter.candidates(paths)) {
      for (const ids of [found, this.unfilteredIds]) {
        for (const id of ids) {
          if (entries[id] === 0) continue;
          const { compiled, entry } = this.owners[id];
          if (matched.has(compiled) || !entryMatches(entry, path)) continue;
          if (!compiled.paths!.exclude.some((exclude) => entryMatches(exclude, path))) matched.add(compiled);
        }
      }
    }
    return matched;
  }

  private rulesFor(type: string): ToolRules {
    let found = this.byTool.get(type);
    if (!found) {
      const rules = this.rules.filter((compiled) => compiled.tools.some((pattern) => pattern.test(type)));
      const entries = Uint8Array.from(this.owners, (owner) => rules.includes(owner.compiled) ? 1 : 0);
      found = { rules, entries };
      if (this.byTool.size < 1024) this.byTool.set(type, found);
    }
    return found;
  }

  evaluate(context: EvaluationContext): TierOutcome {
    const view = context.view();
    const { rules, entries } = this.rulesFor(view.type);
    let pathMatched: Set<CompiledRule> | undefined;
    const paths = () => (pathMatched ??= this.pathMatched(view.paths, entries));
    const matched = rules.filter((compiled) => ruleMatches(compiled, view, paths));
    const deny = matched.find((compiled) => compiled.rule.action === "deny");
    if (deny) return { decision: "BLOCK", reason: ruleReason(deny.rule), confidence: 1 };
    const escalate = matched.filter((compiled) => compiled.rule.action === "escalate");
    if (escalate.length > 0) {
      const tier = escalate.some((compiled) => compiled.rule.tier === 3) ? 3 : 2;
      return { decision: "ESCALATE", reason: ruleReason(escalate[0].rule), confidence: 1, escalateTo: tier };
    }
    const allow = matched.find((compiled) => compiled.rule.action === "allow");
    if (allow) {
      return { decision: "ALLOW", reason: ruleReason(allow.rule), confidence: 1, explicitAllow: true };
    }
    return { decision: "ALLOW", reason: "No policy rule matched", confidence: 0.5 };
  }
}
