/** Tools named for an infrastructure-as-code program (round 26): `terraform_apply {dir, args: ["-destroy",
 * "-auto-approve"]}`, `run_terraform {args: [...]}`, `tofu_cli {argv: [...]}`, `pulumi {args: [...]}`,
 * `pulumi_up {stack, destroy: true, yes: true}`. Each is the program's command line, judged as one: the verb in the
 * tool's name, then the subcommand argument, the argument lists, and the other arguments as options (`true` as a
 * flag, a value after its option). */

import { commandText, followCommands, isFollowKey } from "./tool_payload.ts";
import { identifierWords, mcpParts } from "./words.ts";
import { ownTable } from "../../lib/own_table.ts";

const PROGRAMS: Record<string, string> = ownTable({
  terraform: "terraform",
  tf: "terraform",
  tofu: "tofu",
  opentofu: "tofu",
  terragrunt: "terragrunt",
  pulumi: "pulumi",
  cdk: "cdk",
  cdktf: "cdktf",
});
/** Words a tool's name may add around the program (`run_terraform`, `tofu_cli`). */
const TOOL_WORDS = new Set(["run", "runner", "exec", "execute", "cli", "command", "cmd", "tool", "invoke"]);
/** The programs' own subcommands, when a tool's name carries one (`terraform_apply`, `pulumi_up`). */
const VERBS = new Set([
  "apply",
  "destroy",
  "plan",
  "up",
  "deploy",
  "preview",
  "refresh",
  "import",
  "init",
  "validate",
  "output",
  "show",
  "state",
  "taint",
  "untaint",
  "workspace",
  "stack",
  "synth",
  "diff",
]);
/** Arguments naming where the program runs, not options of its command line. */
const PLACE_KEYS =
  /^(?:dir|directory|working_dir|working_directory|cwd|path|chdir|project_dir|root|workdir)$/i;
/** Arguments holding the subcommand and the argument list. */
const SUBCOMMAND_KEYS = /^(?:command|cmd|subcommand|action|operation|verb)$/i;
const LIST_KEYS = /^(?:args|argv|arguments|options|flags|extra_args|cli_args)$/i;
/** A list under a list key, or under a subcommand key (round 54: `terraform {cmd: ["destroy", "-auto-approve"]}`,
 * `run_terraform {command: ["apply", ...]}`): the command line's words. */
const listed = (key: string, value: unknown) =>
  LIST_KEYS.test(key) || (SUBCOMMAND_KEYS.test(key) && Array.isArray(value));
/** Programs whose options take one dash (`-auto-approve`, `-destroy`). */
const SINGLE_DASH = /^(?:terraform|tofu|terragrunt)$/;

interface ProgramTool {
  program: string;
  verb?: string;
}

/** The program (and the subcommand) a tool's name stands for, when it names one of these programs. */
export function iacProgramTool(type: string): ProgramTool | undefined {
  const words = identifierWords(mcpParts(type)?.tool ?? type);
  const programs = words.filter((word) => PROGRAMS[word] !== undefined);
  if (programs.length !== 1) return undefined;
  const verbs = words.filter((word) => VERBS.has(word));
  if (
    verbs.length > 1 || words.some((word) => !PROGRAMS[word] && !VERBS.has(word) && !TOOL_WORDS.has(word))
  ) {
    return undefined;
  }
  return { program: PROGRAMS[programs[0]], verb: verbs[0] };
}

const quoted = (word: string) => /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "")}'`;

/** The command line a tool named for one of these programs runs. */
export function iacCommand(named: ProgramTool, payload: Record<string, unknown>): string {
  const dash = SINGLE_DASH.test(named.program) ? "-" : "--";
  const words = [named.program];
  const sub = Object.keys(payload).find((key) =>
    SUBCOMMAND_KEYS.test(key) && typeof payload[key] === "string"
  );
  const subcommand = sub === undefined ? "" : String(payload[sub]).trim();
  // A subcommand that starts with the program is the whole command line (`terraform {cmd: "terraform apply ..."}`).
  if (subcommand === named.program || subcommand.startsWith(`${named.program} `)) words.length = 0;
  else if (named.verb !== undefined && !subcommand.startsWith(named.verb)) words.push(named.verb);
  if (subcommand !== "") words.push(subcommand);
  // The argument lists first (the subcommand may be their first word), then the other arguments as options.
  for (const [key, value] of Object.entries(payload)) {
    const line = listed(key, value) ? commandText(value) : undefined;
    if (line === undefined) continue;
    // A list that starts with the program is the whole command line (`terraform {argv: ["terraform", "apply"]}`).
    if (line === named.program || line.startsWith(`${named.program} `)) words.length = 0;
    words.push(line.replace(/^sh /, ""));
  }
  for (const [key, value] of Object.entries(payload)) {
    if (key === sub || PLACE_KEYS.test(key) || listed(key, value) || isFollowKey(key)) continue;
    const option = `${dash}${key.replaceAll("_", "-")}`;
    if (value === true) words.push(option);
    else if (typeof value === "string" || typeof value === "number") {
      words.push(option, quoted(String(value)));
    } else if (value && typeof value === "object" && !Array.isArray(value)) {
      // `var: {name: value}` is `-var name=value` per entry.
      for (const [name, held] of Object.entries(value).slice(0, 32)) {
        if (typeof held !== "object") words.push(option, quoted(`${name}=${String(held)}`));
      }
    }
  }
  return [words.join(" "), ...followCommands(payload)].join(" && ");
}
