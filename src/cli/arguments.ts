/** A tiny argv reader: `--name value` and `--name=value` options plus positionals. */

export interface ParsedArguments {
  positionals: string[];
  options: Record<string, string>;
}

export function parseArguments(args: string[]): ParsedArguments {
  const positionals: string[] = [];
  const options: Record<string, string> = {};
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === "--") continue;
    if (arg.startsWith("--")) {
      const [name, inline] = arg.slice(2).split("=", 2);
      if (inline !== undefined) options[name] = inline;
      else if (index + 1 < args.length && !args[index + 1].startsWith("--")) options[name] = args[++index];
      else options[name] = "true";
    } else positionals.push(arg);
  }
  return { positionals, options };
}
