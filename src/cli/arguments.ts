/** Reads argv with node:util parseArgs (strict): finds the subcommand, checks its options and positionals, and
 * turns every mistake into a UsageError that names the fix ("did you mean ..."). */
import { parseArgs, type ParseArgsOptionsConfig } from "node:util";
import { closestMatch } from "../lib/closest_match.ts";
import {
  COMMANDS,
  type CommandSpec,
  findCommand,
  GLOBAL_OPTIONS,
  type OptionSpec,
  PUBLIC_COMMANDS,
} from "./command_specs.ts";

export type OptionValues = Record<string, string | boolean | undefined>;

export type CommandLine =
  | { kind: "run"; command: CommandSpec; positionals: string[]; options: OptionValues }
  | { kind: "help"; command?: CommandSpec }
  | { kind: "version" };

/** A wrong command line: printed as one line, exit code 2. */
export class UsageError extends Error {
  constructor(message: string, readonly command?: CommandSpec) {
    super(message);
    this.name = "UsageError";
  }
}

export function parseCommandLine(args: readonly string[]): CommandLine {
  const words = stripTaskWord(args);
  const commandIndex = firstPositionalIndex(words);
  const name = commandIndex === undefined ? "start" : words[commandIndex];
  const command = findCommand(name);
  // `--prot 5` would make "5" look like the command: an unknown option is the first thing to report.
  if (!command) checkOptionNames(words, findCommand("start")!);
  if (!command) throw unknownCommand(name);
  const rest = commandIndex === undefined ? [...words] : words.toSpliced(commandIndex, 1);
  const { values, positionals } = strictParse(rest, command);
  if (values.version) return { kind: "version" };
  if (values.help) return { kind: "help", command: command.name === "start" ? undefined : command };
  if (command.name === "help") {
    const topic = positionals[0];
    if (topic === undefined) return { kind: "help" };
    const spec = findCommand(topic);
    if (!spec) throw unknownCommand(topic);
    return { kind: "help", command: spec.name === "start" ? undefined : spec };
  }
  checkPositionals(command, positionals);
  return { kind: "run", command, positionals, options: values };
}

/** `deno task start -- doctor --help` arrives as `start -- doctor --help`: the task's own word comes first and
 * deno passes the `--` on. Both go; a second `--` still ends the options. */
function stripTaskWord(args: readonly string[]): string[] {
  let words = [...args];
  if (words[0] === "--") words = words.slice(1);
  else if (words[0] === "start" && words[1] === "--") words = words.toSpliced(1, 1);
  const first = firstPositionalIndex(words);
  if (first === undefined || words[first] !== "start") return words;
  const second = firstPositionalIndex(words.toSpliced(first, 1));
  return second === undefined ? words : words.toSpliced(first, 1);
}

/** Index of the first positional word, reading options of every command so `--config PATH` is skipped. */
function firstPositionalIndex(words: readonly string[]): number | undefined {
  const options: Record<string, OptionSpec> = { ...GLOBAL_OPTIONS };
  for (const command of COMMANDS) Object.assign(options, command.options);
  const { tokens } = parseArgs({
    args: [...words],
    options: toParseArgsConfig(options),
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  return tokens.find((token) => token.kind === "positional")?.index;
}

function strictParse(words: string[], command: CommandSpec) {
  const specs: Record<string, OptionSpec> = { ...command.options, ...GLOBAL_OPTIONS };
  checkOptionNames(words, command);
  try {
    const parsed = parseArgs({
      args: words,
      options: toParseArgsConfig(specs),
      strict: true,
      allowPositionals: true,
    });
    return { values: { ...parsed.values } as OptionValues, positionals: parsed.positionals };
  } catch (error) {
    throw new UsageError(optionProblem(error as Error, specs), command);
  }
}

function checkOptionNames(words: string[], command: CommandSpec): void {
  const specs: Record<string, OptionSpec> = { ...command.options, ...GLOBAL_OPTIONS };
  const loose = parseArgs({ args: words, options: toParseArgsConfig(specs), strict: false, tokens: true });
  for (const token of loose.tokens) {
    if (token.kind !== "option" || token.name in specs) continue;
    const match = closestMatch(token.name, Object.keys(specs));
    throw new UsageError(
      `Unknown option "${token.rawName}" for "${command.name}"${
        match ? `: did you mean "--${match}"?` : ""
      }` +
        ` (${helpCommand(command)} lists its options)`,
      command,
    );
  }
}

function optionProblem(error: Error, specs: Record<string, OptionSpec>): string {
  const name = error.message.match(/'(?:-\w, )?--([\w-]+)/)?.[1];
  const spec = name ? specs[name] : undefined;
  if (name && spec?.type === "string") {
    return `Option "--${name}" needs a value, e.g. --${name} ${spec.value}`;
  }
  if (name && spec?.type === "boolean") return `Option "--${name}" takes no value`;
  return error.message.split(". ")[0];
}

function checkPositionals(command: CommandSpec, positionals: string[]): void {
  const [min, max] = command.positionals;
  const usage = `deno task start -- ${command.name}${command.arguments ? ` ${command.arguments}` : ""}`;
  if (positionals.length < min) {
    throw new UsageError(`"${command.name}" needs more arguments: ${usage}`, command);
  }
  if (positionals.length > max) {
    const extra = positionals[max];
    const match = max === 0 ? closestMatch(extra, PUBLIC_COMMANDS.map((spec) => spec.name)) : undefined;
    throw new UsageError(
      `Unexpected argument "${extra}" for "${command.name}"${match ? `: did you mean "${match}"?` : ""}` +
        ` (usage: ${usage})`,
      command,
    );
  }
}

function unknownCommand(name: string): UsageError {
  const match = closestMatch(name, PUBLIC_COMMANDS.map((spec) => spec.name));
  return new UsageError(
    `Unknown command "${name}"${match ? `: did you mean "${match}"?` : ""}` +
      ` (deno task start -- --help lists the commands)`,
  );
}

function toParseArgsConfig(specs: Record<string, OptionSpec>): ParseArgsOptionsConfig {
  return Object.fromEntries(
    Object.entries(specs).map((
      [name, spec],
    ) => [name, spec.short ? { type: spec.type, short: spec.short } : { type: spec.type }]),
  );
}

function helpCommand(command: CommandSpec): string {
  return command.name === "start" ? "deno task start -- --help" : `deno task start -- ${command.name} --help`;
}
