/** A program's option (or a variable) that names the program it runs, set to a bare shell or interpreter (round 48):
 * `rg --pre sh` runs each searched file as a shell script, `tar --checkpoint-action=exec=/bin/sh`, `tar
 * --to-command=sh`, `zip -TT 'sh #'`, `rsync -e 'sh -c "sh 0<&2 1>&2"'`, `LESSOPEN='|sh %s' less FILE`: the option is
 * a way to start a shell on data (the GTFOBins "command" function), whatever the shell then reads. A command held
 * by such an option is already parsed and judged as a command (`shell_unwrap.ts`); a bare `sh` there says nothing
 * on its own, so it asks here. A real helper passes: `rg --pre ./scripts/pdftotext.sh`, `rg --pre pdftotext`,
 * `tar -I zstd`, `rsync -e 'ssh -p 2222'`. Sources: GTFOBins (rg, tar, zip, rsync, less); ripgrep's guide on
 * `--pre`; GNU tar manual, `--to-command` and `--checkpoint-action`; less(1), INPUT PREPROCESSOR. */

import { basename, type Segment } from "../shell_parser.ts";
import { optionsOf, optionValues } from "../program_options.ts";
import type { Findings } from "./findings.ts";

const SHELL_OR_INTERPRETER =
  /^(?:(?:ba|z|da|k|a|c|tc|fi|mk|ya|)sh|busybox|python[\d.]*|perl[\d.]*|ruby[\d.]*|node|nodejs|deno|bun|php[\d.]*|lua[\d.]*|tclsh|wish|awk|gawk|pwsh|powershell)$/;
const PREPROCESSOR_VARIABLE =
  /\bLESS(?:OPEN|CLOSE)=(?:"\|{0,2}\s*([^"\n]+)"|'\|{0,2}\s*([^'\n]+)'|\|{0,2}(\S+))/;

/** Words after the shell that name no script: flags, the tool's placeholders (`%s`, `#`), redirections. */
const NO_SCRIPT = /^(?:-\w*|%\w|#.*|\d*[<>]&?\d*|[<>].*)$/;

/** The shell or interpreter a held command line starts with (`exec=/bin/sh`, `env sh -c ...`), when it runs what it
 * is fed or an inline script (`-c`, `-e`) rather than a script file of the project (`python3 tools/ingest.py %s`). */
function startedShell(value: string): string | undefined {
  const words = value.replace(/^exec=/, "").replace(/^[\s;&|]+/, "").trim().split(/\s+/);
  const program = basename(words[0] ?? "");
  const at = program === "env" ? 1 : 0;
  const first = basename(words[at] ?? "").toLowerCase();
  if (!SHELL_OR_INTERPRETER.test(first)) return undefined;
  const rest = words.slice(at + 1);
  const inline = rest.some((word) => /^-\w*[ce]$/.test(word));
  return inline || rest.every((word) => NO_SCRIPT.test(word)) ? first : undefined;
}

export function judgeOptionShells(
  segments: readonly Segment[],
  shellTexts: readonly string[],
  findings: Findings,
): void {
  for (const segment of segments) {
    const row = optionsOf(segment.program);
    if (!row?.runs && !row?.runsSettings) continue;
    // ssh-style `-o ProxyCommand=...` settings hold command lines too.
    const settings = row.runsSettings
      ? optionValues(segment.argv.slice(1), ["-o"]).map((setting) =>
        /^(\w+)\s*[= ]\s*([\s\S]+)$/.exec(setting)
      )
        .filter((match) => match !== null && row.runsSettings!.includes(match[1].toLowerCase()))
        .map((match) => match![2])
      : [];
    for (const value of [...optionValues(segment.argv.slice(1), row.runs), ...settings]) {
      const shell = startedShell(value);
      if (!shell) continue;
      findings.escalate(
        "exec",
        `"${segment.program}" is told to run "${shell}" on its input (an option that starts a shell)`,
      );
      return;
    }
  }
  for (const text of shellTexts) {
    if (!text.includes("LESS")) continue;
    const match = PREPROCESSOR_VARIABLE.exec(text.slice(0, 20_000));
    const held = match ? match[1] ?? match[2] ?? match[3] : undefined;
    const shell = held === undefined ? undefined : startedShell(held);
    if (shell) {
      findings.escalate("exec", `less's input preprocessor runs "${shell}" on the file it shows`);
      return;
    }
  }
}
