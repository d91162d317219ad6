/** The command-line surface as data: every subcommand, its arguments and options; help and parsing read it. */

export interface OptionSpec {
  type: "string" | "boolean";
  short?: string;
  /** Placeholder shown in help for a string option, e.g. "PATH". */
  value?: string;
  description: string;
}

export interface CommandSpec {
  name: string;
  summary: string;
  /** Positional words as shown in usage, e.g. "verify" or "list | diff ID [PATH] | rollback ID". */
  arguments?: string;
  /** Fewest and most positional words after the command name. */
  positionals: [min: number, max: number];
  options: Record<string, OptionSpec>;
  /** More lines shown by `COMMAND --help`. */
  details?: string[];
  /** Run by Parapet itself (the supervisor), never shown in help or suggested. */
  internal?: boolean;
}

const config: OptionSpec = {
  type: "string",
  value: "PATH",
  description: "config file (default ./config.yaml)",
};
const port: OptionSpec = { type: "string", value: "N", description: "listen on port N instead of web.port" };

export const COMMANDS: CommandSpec[] = [
  {
    name: "start",
    summary: "run the engine under the supervisor (the default command)",
    positionals: [0, 0],
    options: { config, port },
    details: [
      "Writes a commented default config.yaml when there is none, prepares the workspace and serves the",
      "web UI. The supervisor restarts the engine when it asks (exit 75) or crashes, but not when it",
      "cannot start at all (bad config, port in use: exit 78).",
    ],
  },
  {
    name: "engine",
    summary: "run the engine alone, without the supervisor",
    positionals: [0, 0],
    options: { config, port },
  },
  {
    name: "engine-plan",
    summary: "print what the supervisor needs to start the engine (permission flags, crash budget) as JSON",
    positionals: [0, 0],
    options: { config },
    internal: true,
  },
  {
    name: "init",
    summary: "write the config, memory files and policy presets; asks about the model on a terminal",
    positionals: [0, 0],
    options: {
      config,
      yes: { type: "boolean", short: "y", description: "ask nothing: keep the config as it is" },
    },
  },
  {
    name: "doctor",
    summary: "check config, API keys, model reachability, sandbox, browser, port and workspace",
    positionals: [0, 0],
    options: {
      config,
      timeout: { type: "string", value: "SECONDS", description: "time allowed to each model (default 5)" },
    },
    details: ["Prints one line per check with a fix for each problem; exits 1 when a check fails."],
  },
  {
    name: "chat",
    summary: "chat in the terminal with a running engine",
    positionals: [0, 0],
    options: {
      config,
      url: {
        type: "string",
        value: "URL",
        description: "engine address (default from web.port of the config)",
      },
      session: { type: "string", value: "ID", description: "continue this session instead of a new one" },
      otr: { type: "boolean", description: "off the record: nothing is stored, write tools are refused" },
    },
    details: [
      "Type a message and press Enter. Lines starting with / are slash commands (/help lists them);",
      "approval prompts are answered with y or n; Ctrl-C cancels the answer being written, Ctrl-D quits.",
      "A password-protected engine reads the password from PARAPET_PASSWORD or asks for it.",
    ],
  },
  {
    name: "hash-password",
    summary: "print a bcrypt hash for web.password_hash (reads PARAPET_PASSWORD or asks)",
    positionals: [0, 0],
    options: {},
  },
  {
    name: "audit",
    summary: "verify the audit hash chain",
    arguments: "verify",
    positionals: [1, 1],
    options: { config, file: { type: "string", value: "PATH", description: "audit.jsonl to verify" } },
  },
  {
    name: "shield",
    summary: "judge JSON-line actions from stdin, or validate a Tier 0 policy file",
    arguments: "evaluate | check-policy FILE",
    positionals: [1, 2],
    options: {
      config,
      workspace: { type: "string", value: "DIR", description: "workspace without a config (default .)" },
    },
  },
  {
    name: "chronicle",
    summary: "list, diff and roll back workspace snapshots",
    arguments: "list | diff ID [PATH] | rollback ID",
    positionals: [1, 3],
    options: { config },
  },
  {
    name: "auth",
    summary: "authorize a Google or Microsoft account for mail and calendar (OAuth2 in a browser)",
    arguments: "google | microsoft",
    positionals: [1, 1],
    options: {
      config,
      account: { type: "string", value: "ADDRESS", description: "the account's email address" },
    },
    details: [
      "Prints an address to open in a browser; after consent the grant is saved in",
      "<workspace>/.engine/oauth_tokens.json and refreshed by the engine when needed.",
    ],
  },
  {
    name: "help",
    summary: "show this help, or the help of one command",
    arguments: "[COMMAND]",
    positionals: [0, 1],
    options: {},
  },
];

/** The commands a person runs: help lists them, mistakes are matched against them. */
export const PUBLIC_COMMANDS: CommandSpec[] = COMMANDS.filter((command) => !command.internal);

/** Options every command accepts. */
export const GLOBAL_OPTIONS: Record<string, OptionSpec> = {
  help: { type: "boolean", short: "h", description: "show help" },
  version: { type: "boolean", short: "V", description: "print the version" },
};

/** Exit codes, shown in `--help` and docs/cli.md; the supervisor tells "won't start" from a crash by them. */
export const EXIT_CODES: [code: number, meaning: string][] = [
  [0, "success"],
  [1, "a check failed, or the engine crashed more often than agents.crash_restart_budget allows"],
  [2, "wrong command line (unknown command or option, missing argument)"],
  [75, "the engine asks its supervisor for a restart (POST /api/restart, /restart)"],
  [78, "cannot start: invalid config, port in use, or a public bind without web.password_hash"],
];

export function findCommand(name: string): CommandSpec | undefined {
  return COMMANDS.find((command) => command.name === name);
}
