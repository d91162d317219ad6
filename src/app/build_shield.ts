/** Builds Shield from config: the Tier 0 policy beside the config file (with the rules learned from approvals),
 * heuristics and the effect profile judged where actions really run (the shell's HOME, the engine's own files,
 * port, contacts, allowed domains and the owners of the workspace's git remotes), optional classifier sidecar, the Tier 2 evaluator through roles.shield with
 * the daily budget, and Tier 3 through the session's clients. Its rules and tables load on first use
 * (shield/lazy_shield.ts). */
import type { Config } from "../config/schema.ts";
import type { Clock } from "../lib/clock.ts";
import { createLazyShield, type LazyShield } from "../shield/lazy_shield.ts";
import { loadPolicyFile } from "../shield/policy.ts";
import type { ApprovalRequester, BudgetCounter, ShieldObserver, Tier2Client } from "../shield/types.ts";
import type { LanguageModel } from "../providers/types.ts";
import { complete } from "../providers/complete.ts";
import { dirname, join } from "node:path";

export interface ShieldInputs {
  config: Config;
  /** The real workspace path: tool paths reach Shield resolved, so relative rule globs must match against it. */
  workspace: string;
  /** shield.policy_file, already resolved against the config file's folder (LoadedConfig.policyFile). */
  policyFile: string;
  /** The engine's own files and folders Shield guards: config, policies, learned rules, state. */
  controlPaths: string[];
  home: string;
  clock: Clock;
  fetch: typeof fetch;
  budget: BudgetCounter;
  approvals: ApprovalRequester;
  /** The Tier 2 model (roles.shield), looked up on each call so /model changes apply. */
  evaluatorModel: () => LanguageModel | undefined;
  observer: ShieldObserver;
}

const MAILBOX = /<?([^\s<>@*?[\]]+@[a-z0-9.-]+\.[a-z]{2,})>?\s*$/i;

/** The user's own mailboxes as config names them (the address mail is sent from, the SMTP and IMAP logins when they
 * are addresses): mail to oneself is a contact's, never a new outside recipient. Config vouches for them; an
 * action's own `from` never does. */
export function ownMailboxes(config: Config): string[] {
  const { smtp, imap } = config.email;
  const named = [smtp?.from, smtp?.username, imap?.username, imap?.account];
  const addresses = named.map((value) => value === undefined ? undefined : MAILBOX.exec(value.trim())?.[1]);
  return [
    ...new Set(addresses.filter((value): value is string => value !== undefined).map((a) => a.toLowerCase())),
  ];
}

export async function buildShield(inputs: ShieldInputs): Promise<LazyShield> {
  const { config } = inputs;
  const policy = await loadPolicyFile(inputs.policyFile);
  const remotes = await gitRemotes(inputs.workspace);
  const tier2Client: Tier2Client = {
    async complete(system, user, signal) {
      const model = inputs.evaluatorModel();
      if (!model) throw new Error("roles.shield has no model");
      const messages = [{ role: "system" as const, content: system }, {
        role: "user" as const,
        content: user,
      }];
      const answer = await complete(model, messages, { maxTokens: 512, signal });
      return answer.text.trim();
    },
  };
  return createLazyShield({
    workspace: inputs.workspace,
    home: inputs.home,
    // The shell tool runs commands with HOME set to the workspace: `~` in a command means it (and the user's).
    shellHome: inputs.workspace,
    controlPaths: inputs.controlPaths,
    enginePorts: [config.web.port],
    contacts: [...config.shield.contacts, ...ownMailboxes(config)],
    allowedDomains: [...config.shield.allowed_domains, ...remotes.hosts],
    ownOwners: remotes.owners,
    policy,
    heuristicEnabled: config.shield.heuristic_enabled,
    classifier: config.shield.classifier_enabled && config.shield.classifier_addr
      ? {
        enabled: true,
        addr: config.shield.classifier_addr,
        threshold: config.shield.onnx_threshold,
        skipTypes: config.shield.classifier_skip_types,
        fetch: inputs.fetch,
        timeoutMs: 5000,
      }
      : undefined,
    tier2: config.roles.shield
      ? {
        client: tier2Client,
        budget: inputs.budget,
        dailyBudget: config.general.daily_budget,
        timeoutMs: 30_000,
      }
      : undefined,
    tier3: {
      requester: inputs.approvals,
      timeoutSeconds: config.shield.tier3.timeout_seconds,
      // Counted per session and per user by the requester (src/engine/approvals.ts), where a refusal can name
      // which limit was reached; a shared count here would let one session use up every session's prompts.
      maxPerHour: Number.POSITIVE_INFINITY,
    },
    failClosed: config.general.fail_closed,
    rateLimitPerMinute: config.general.rate_limit,
    verdictTtlSeconds: config.general.verdict_ttl_seconds,
    clock: inputs.clock,
    observer: inputs.observer,
  });
}

const URL_REMOTE = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?([^/:?#]+)(?::\d*)?(?:\/+([^/?#]+)\/+[^/?#])?/i;
const SCP_REMOTE = /^(?:[^@/:]+@)?([^/:]+):(?:\/*([^/?#]+)\/+[^/?#])?/;
const OWNER = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** A remote URL's host and owner, the first segment of a path of two or more (`https://github.com/northwind/web`
 * and `git@github.com:northwind/web.git` -> github.com, northwind); undefined parts when the URL has none. */
function remoteParts(url: string): { host?: string; owner?: string } {
  const parts = URL_REMOTE.exec(url) ?? SCP_REMOTE.exec(url);
  const host = parts?.[1];
  const owner = parts?.[2];
  return {
    host: host && /^[A-Za-z0-9.-]+$/.test(host) ? host.toLowerCase() : undefined,
    owner: owner && OWNER.test(owner) ? owner.toLowerCase() : undefined,
  };
}

/** The workspace repository's remotes (`url = ...` and `pushurl = ...` in .git/config, read bounded): their hosts,
 * where its pushes ordinarily go, and their owners, the project's own organisation. */
export async function gitRemotes(workspace: string): Promise<{ hosts: string[]; owners: string[] }> {
  let text: string;
  try {
    text = await Deno.readTextFile(`${workspace}/.git/config`);
  } catch {
    return { hosts: [], owners: [] };
  }
  const hosts = new Set<string>();
  const owners = new Set<string>();
  for (const match of text.slice(0, 64 * 1024).matchAll(/^\s*(?:push)?url\s*=\s*(\S+)/gim)) {
    const { host, owner } = remoteParts(match[1]);
    if (host) hosts.add(host);
    if (host && owner) owners.add(owner);
  }
  return { hosts: [...hosts].slice(0, 32), owners: [...owners].slice(0, 32) };
}

/** The engine's own files Shield guards: config, policy, learned rules, IFC policy, their folders (unless one
 * holds the workspace, which cannot be guarded as a whole) and the state folder. */
export function controlPathsOf(
  loaded: {
    path: string;
    policyFile: string;
    learnedRulesFile: string;
    ifcPolicyFile: string;
    workspace: string;
  },
  stateDir = join(loaded.workspace, ".engine"),
): string[] {
  const files = [loaded.path, loaded.policyFile, loaded.learnedRulesFile, loaded.ifcPolicyFile];
  const holdsWorkspace = (folder: string) =>
    loaded.workspace === folder || loaded.workspace.startsWith(folder.endsWith("/") ? folder : `${folder}/`);
  const folders = [dirname(loaded.policyFile), dirname(loaded.ifcPolicyFile)].filter((folder) =>
    !holdsWorkspace(folder)
  );
  return [...new Set([...files, ...folders, stateDir])];
}
