/** Tier 0: the YAML policy. Rules match on tool, paths (every path-like field and path argument, after
 * `~` expansion and normalisation, absolute and workspace-relative), shell segments, URLs, recipients and
 * content. deny beats escalate beats allow; no match passes the action on to Tier 1. */

import type { EvaluationContext, Evaluator, TierOutcome } from "./evaluator.ts";
import type { ActionView } from "./action_view.ts";
import type { Policy, PolicyRule } from "./policy.ts";
import { globSource, globToRegExp } from "./glob.ts";
import { collapse, expandHome } from "./paths.ts";

interface PathMatcher {
  include: Array<{ pattern: RegExp; absolute: boolean }>;
  exclude: Array<{ pattern: RegExp; absolute: boolean }>;
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

function compilePath(glob: string, workspace: string, home: string): { pattern: RegExp; absolute: boolean } {
  const expanded = expandHome(glob.replaceAll("${workspace}", workspace).replaceAll("${home}", home), home);
  const absolute = expanded.startsWith("/");
  const normal = absolute ? collapse(expanded) + (expanded.endsWith("/") ? "/" : "") : expanded;
  return { pattern: new RegExp(`^${globSource(normal.replace(/\/$/, "/**"))}$`, "i"), absolute };
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

function pathMatches(matcher: PathMatcher, view: ActionView): boolean {
  const test = (entry: { pattern: RegExp; absolute: boolean }, absolute: string, relative?: string) =>
    entry.pattern.test(absolute) ||
    (!entry.absolute && relative !== undefined && entry.pattern.test(relative));
  return view.paths.some((path) =>
    matcher.include.some((entry) => test(entry, path.absolute, path.relative)) &&
    !matcher.exclude.some((entry) => test(entry, path.absolute, path.relative))
  );
}

function urlForms(url: string): string[] {
  const withoutScheme = url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "");
  return [url, withoutScheme, withoutScheme.split(/[/?#]/)[0]];
}

function anyMatch(patterns: RegExp[], values: string[]): boolean {
  return values.some((value) => patterns.some((pattern) => pattern.test(value)));
}

function ruleMatches(compiled: CompiledRule, view: ActionView): boolean {
  if (compiled.paths && !pathMatches(compiled.paths, view)) return false;
  if (compiled.commands && !anyMatch(compiled.commands, view.segments.map((segment) => segment.text))) {
    return false;
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

export class Tier0Policy implements Evaluator {
  readonly tier = 0 as const;
  private readonly rules: CompiledRule[];
  private readonly byTool = new Map<string, CompiledRule[]>();

  constructor(policy: Policy, workspace: string, home: string) {
    this.rules = policy.rules.map((rule) => compileRule(rule, workspace, home));
  }

  private rulesFor(type: string): CompiledRule[] {
    let rules = this.byTool.get(type);
    if (!rules) {
      rules = this.rules.filter((compiled) => compiled.tools.some((pattern) => pattern.test(type)));
      if (this.byTool.size < 1024) this.byTool.set(type, rules);
    }
    return rules;
  }

  evaluate(context: EvaluationContext): TierOutcome {
    const view = context.view();
    const matched = this.rulesFor(view.type).filter((compiled) => ruleMatches(compiled, view));
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
