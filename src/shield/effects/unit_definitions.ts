/** Service units created or replaced without naming a unit path (round 20): `systemctl edit --force` creates a new
 * unit and `--full` replaces a whole one through the editor verb, `systemctl link` adds a unit file from anywhere,
 * and `systemd-run --unit ...` / timer options leave a named service or timer running after the agent's command
 * ends. Reading units (`status`, `cat`) and a build in a throw-away scope (`systemd-run --scope`) pass. Sources:
 * systemctl(1) `edit`, `link`; systemd-run(1) `--unit`, `--scope`, `--on-calendar`; MITRE ATT&CK T1543.002. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

/** systemctl options that take a value as the next word. */
const VALUED = new Set([
  "-H",
  "--host",
  "-M",
  "--machine",
  "--root",
  "-t",
  "--type",
  "-p",
  "--property",
  "-s",
]);
const TIMER =
  /^--on-(?:calendar|active|boot|startup|unit-active|unit-inactive|clock-change|timezone-change)\b/;

/** The verb of a `systemctl` line: its first word that is no option nor an option's value. */
function verbOf(argv: readonly string[]): { verb: string; at: number } | undefined {
  for (let index = 1; index < argv.length; index++) {
    const word = argv[index];
    if (VALUED.has(word)) {
      index++;
      continue;
    }
    if (!word.startsWith("-")) return { verb: word, at: index };
  }
  return undefined;
}

function systemctlChange(argv: readonly string[]): string | undefined {
  const found = verbOf(argv);
  if (!found) return undefined;
  const rest = argv.slice(found.at + 1);
  const options = argv.filter((word) => word.startsWith("-"));
  const unit = rest.find((word) => !word.startsWith("-")) ?? "a unit";
  if (
    found.verb === "edit" && options.some((word) => word === "--force" || word === "--full" || word === "-f")
  ) {
    return `creates or replaces the service unit "${unit}"`;
  }
  if (found.verb === "link") return `links the unit file "${unit}" into the service manager`;
  return undefined;
}

function transientService(argv: readonly string[]): string | undefined {
  if (argv.includes("--scope")) return undefined;
  for (let index = 1; index < argv.length; index++) {
    const word = argv[index];
    if (TIMER.test(word)) return "schedules a command as a timer unit";
    if (word === "--unit" || word === "-u") return `starts the named service "${argv[index + 1] ?? ""}"`;
    if (word.startsWith("--unit=")) return `starts the named service "${word.slice(7)}"`;
    if (!word.startsWith("-")) return undefined;
  }
  return undefined;
}

/** The test judgeUnitDefinitions's segment loop starts with (a gate of `profile_gates.ts`). */
export const definesUnitsWith = (program: string): boolean =>
  program === "systemctl" || program === "systemd-run";

export function judgeUnitDefinitions(tool: string, segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments) {
    const change = segment.program === "systemctl"
      ? systemctlChange(segment.argv)
      : segment.program === "systemd-run"
      ? transientService(segment.argv)
      : undefined;
    if (change === undefined) continue;
    const who = segment.privileged ? " as root" : "";
    findings.escalate("persistence", `"${tool}" ${change}${who}, which outlives this command`);
    return;
  }
}
