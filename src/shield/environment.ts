/** What Shield knows of the place an action runs in: the workspace, the HOME the shell tool gives commands,
 * the engine's own control files and ports, the user's contacts, the domains ordinary work talks to and the
 * owners of the project's own git remotes.
 * Defaults follow the engine's layout (config.yaml and security/ beside the workspace, state in .engine/). */

import { collapse } from "./paths.ts";

export interface ShieldEnvironment {
  /** Absolute workspace path. */
  workspace: string;
  /** The user's home directory (`~` of file tools). */
  home: string;
  /** HOME of shell commands (the shell tool runs with HOME set to the workspace). */
  shellHome: string;
  /** The engine's control files and folders (absolute): config, policies, learned rules, state. */
  controlPaths: string[];
  /** Loopback ports the engine serves its API and WebSocket on. */
  enginePorts: number[];
  /** Recipients the user writes to without being asked (globs over addresses, numbers and names). */
  contacts: string[];
  /** Hosts ordinary work sends data to (globs such as `*.github.com`). */
  allowedDomains: string[];
  /** Owners of the workspace repository's own remotes on source hosts (`github.com/northwind/web` -> `northwind`,
   * lower case): the project's organisation, whose lookalikes a clone should not take code from. */
  ownOwners: string[];
  /** Absolute roots that name the workspace's own checkout (round 43): `/workspace/src/a.py` is `src/a.py` of the
   * workspace. Only for an evaluator that has no real workspace -- the standalone scoring harness reads actions from
   * many recorded sessions, each with its own checkout root (`/workspace` of OpenHands, `/testbed` of SWE-bench) --
   * never for the engine, whose workspace is real: there such a path lies outside and stays judged so. Default none. */
  checkoutAliases: string[];
}

export interface EnvironmentOptions {
  workspace: string;
  home: string;
  shellHome?: string;
  controlPaths?: string[];
  enginePorts?: number[];
  contacts?: string[];
  allowedDomains?: string[];
  ownOwners?: string[];
  checkoutAliases?: string[];
}

/** Package registries and source hosts every developer's tools talk to. */
export const DEFAULT_ALLOWED_DOMAINS: readonly string[] = [
  "registry.npmjs.org",
  "registry.yarnpkg.com",
  "npm.pkg.github.com",
  "registry.npmjs.com",
  "jsr.io",
  "deno.land",
  "pypi.org",
  "files.pythonhosted.org",
  "download.pytorch.org",
  "conda.anaconda.org",
  "repo.anaconda.com",
  "crates.io",
  "static.crates.io",
  "index.crates.io",
  "proxy.golang.org",
  "sum.golang.org",
  "rubygems.org",
  "repo.maven.apache.org",
  "repo1.maven.org",
  "maven.google.com",
  "plugins.gradle.org",
  "api.nuget.org",
  "packagist.org",
  "deb.debian.org",
  "security.debian.org",
  "archive.ubuntu.com",
  "github.com",
  "api.github.com",
  "codeload.github.com",
  "objects.githubusercontent.com",
  "raw.githubusercontent.com",
  "gitlab.com",
  "bitbucket.org",
  "localhost",
  "127.0.0.1",
  "[::1]",
];

/** The engine's web port when the config does not say otherwise. */
export const DEFAULT_ENGINE_PORT = 3100;

function parentOf(path: string): string {
  const collapsed = collapse(path);
  const slash = collapsed.lastIndexOf("/");
  return slash <= 0 ? "/" : collapsed.slice(0, slash);
}

/** Control paths of the default layout: `<parent>/config.yaml`, `<parent>/security/`, `<workspace>/.engine/`, and
 * the workspace's own `config.yaml` and the policy folders the spec names under it (`security/shield/`,
 * `security/ifc/`); the rest of a workspace's `security/` folder is the project's (playbooks, threat models). */
export function defaultControlPaths(workspace: string): string[] {
  const root = collapse(workspace);
  const parent = parentOf(root);
  const beside = (name: string) => parent === "/" ? `/${name}` : `${parent}/${name}`;
  return [
    beside("config.yaml"),
    beside("security"),
    `${root}/.engine`,
    `${root}/config.yaml`,
    `${root}/security/shield`,
    `${root}/security/ifc`,
  ];
}

export function resolveEnvironment(options: EnvironmentOptions): ShieldEnvironment {
  const workspace = collapse(options.workspace);
  return {
    workspace,
    home: collapse(options.home),
    shellHome: collapse(options.shellHome ?? workspace),
    controlPaths: (options.controlPaths ?? defaultControlPaths(workspace)).map(collapse),
    enginePorts: options.enginePorts ?? [DEFAULT_ENGINE_PORT],
    contacts: options.contacts ?? [],
    allowedDomains: [...(options.allowedDomains ?? []), ...DEFAULT_ALLOWED_DOMAINS],
    ownOwners: (options.ownOwners ?? []).map((owner) => owner.toLowerCase()),
    checkoutAliases: (options.checkoutAliases ?? []).map((root) =>
      root.endsWith("/*") ? `${collapse(root.slice(0, -2))}/*` : collapse(root)
    ).filter((root) => root !== "/" && root !== workspace),
  };
}
