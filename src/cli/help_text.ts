/** Renders `--help` from the command table, so help never disagrees with what the parser accepts. */
import {
  type CommandSpec,
  EXIT_CODES,
  GLOBAL_OPTIONS,
  type OptionSpec,
  PUBLIC_COMMANDS,
} from "./command_specs.ts";
import denoJson from "../../deno.json" with { type: "json" };

export const VERSION: string = denoJson.version;

const PROGRAM = "deno task start --";

export function generalHelp(): string {
  const width = Math.max(...PUBLIC_COMMANDS.map((command) => usageOf(command).length));
  const lines = [
    `Parapet ${VERSION}: a self-hosted agent engine where every tool call passes Shield.`,
    "",
    `Usage: deno task start [-- COMMAND [OPTIONS]]`,
    "",
    "Commands:",
    ...PUBLIC_COMMANDS.map((command) => `  ${usageOf(command).padEnd(width)}  ${command.summary}`),
    "",
    "Options:",
    ...optionLines({ ...PUBLIC_COMMANDS[0].options, ...GLOBAL_OPTIONS }),
    "",
    `"${PROGRAM} COMMAND --help" shows the options of one command.`,
    "",
    exitCodeSection(),
  ];
  return lines.join("\n");
}

export function commandHelp(command: CommandSpec): string {
  const options = { ...command.options, ...GLOBAL_OPTIONS };
  const lines = [
    `Usage: ${PROGRAM} ${usageOf(command)}${Object.keys(command.options).length > 0 ? " [OPTIONS]" : ""}`,
    "",
    `${command.summary[0].toUpperCase()}${command.summary.slice(1)}.`,
    ...(command.details ? ["", ...command.details] : []),
    "",
    "Options:",
    ...optionLines(options),
    "",
    exitCodeSection(),
  ];
  return lines.join("\n");
}

function usageOf(command: CommandSpec): string {
  return command.arguments ? `${command.name} ${command.arguments}` : command.name;
}

function optionLines(options: Record<string, OptionSpec>): string[] {
  const labels = Object.entries(options).map(([name, spec]) => {
    const short = spec.short ? `-${spec.short}, ` : "    ";
    return [`${short}--${name}${spec.type === "string" ? ` ${spec.value}` : ""}`, spec.description];
  });
  const width = Math.max(...labels.map(([label]) => label.length));
  return labels.map(([label, description]) => `  ${label.padEnd(width)}  ${description}`);
}

function exitCodeSection(): string {
  return ["Exit codes:", ...EXIT_CODES.map(([code, meaning]) => `  ${String(code).padEnd(3)} ${meaning}`)]
    .join("\n");
}
