/** Files a program sends to its peer, read from its row in program_options.ts: an upload option's file (`curl -T
 * F`, `wget --post-file=F`, `mutt -a F`), a file named `@F` (`curl -d @F`), or a `put F` in the program's own command
 * language, given as a script option (`smbclient -c 'put F'`), a here-string (`sftp -b - host <<< 'put F'`) or
 * printed into it (`printf 'put F' | ftp host`). A secret store sent anywhere BLOCKs; any file sent to a host that is
 * neither loopback nor allowed ESCALATEs. */

import type { Segment } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import { normalizePath } from "../paths.ts";
import type { Findings } from "./findings.ts";
import { classifyPath } from "./path_classes.ts";
import { readHost } from "./hosts.ts";
import { namesWith, optionsOf, optionValues, type ProgramOptions } from "../program_options.ts";
import { programs } from "./programs.ts";

const SENDERS = programs(
  new RegExp(`${namesWith("sends").source}|${namesWith("sendsAt").source}|${namesWith("sendWords").source}`),
);
import { decodeLiteralEscapes } from "../shell_unwrap.ts";

/** `@F`, `<F`, `name=@F`, `name=@F;type=...`: the file; literal data otherwise. */
function atFile(value: string): string | undefined {
  return /^(?:[^=@<\s]*=)?[@<]([^;]+)/.exec(value)?.[1];
}

/** The scripts a segment hands its program: script options, here-strings, text printed into it by a pipe. */
function scriptsOf(segment: Segment, previous: Segment | undefined, row: ProgramOptions): string[] {
  const scripts = optionValues(segment.argv.slice(1), row.scripts);
  for (const redirect of segment.redirects) if (redirect.op === "<<<") scripts.push(redirect.target);
  if (segment.joinedBy === "|" && previous && /^(?:echo|printf)$/.test(previous.program)) {
    scripts.push(
      decodeLiteralEscapes(previous.argv.slice(1).filter((word) => !/^-[neE]+$/.test(word)).join(" ")),
    );
  }
  return scripts;
}

/** Files named after a send word of the program's command language (`put F`, `mput F G`). */
function sentByScript(script: string, words: readonly string[]): string[] {
  const files: string[] = [];
  for (const line of script.split(/[\n;]/)) {
    const [word = "", ...rest] = line.trim().split(/\s+/);
    if (words.includes(word.toLowerCase())) {
      files.push(...rest.slice(0, word.toLowerCase() === "mput" ? 8 : 1));
    }
  }
  return files.map((file) => file.replace(/^["']|["']$/g, "")).filter((file) => file !== "");
}

/** The peer a segment talks to: a URL, `user@host:path`, `user@host`, `//host/share` or a bare host operand. */
function peerOf(segment: Segment, environment: ShieldEnvironment): string | undefined {
  for (const word of segment.argv.slice(1)) {
    if (word.startsWith("-")) continue;
    const host = /^[a-z][a-z0-9+.-]*:\/\/([^/\s]+)/i.exec(word)?.[1] ??
      /^\/\/([^/\s]+)\//.exec(word)?.[1] ??
      /^(?:[^@\s/]+@)?(\[[0-9a-f:]+\]|[a-z0-9][a-z0-9.-]*\.[a-z0-9-]+|localhost|\d{1,3}(?:\.\d{1,3}){3})(?::\S*)?$/i
        .exec(word)?.[1];
    if (host && readHost(`ssh://${host.replace(/^[^@]*@/, "")}`, environment)) {
      return host.replace(/^[^@]*@/, "");
    }
  }
  return undefined;
}

/** Findings for files the action's commands send to a peer. */
/** Whether judgeProgramTransfers looks at a segment of `program` (its loop starts with this test). */
export const transfersWith = (program: string): boolean => SENDERS.has(program);

export function judgeProgramTransfers(
  segments: readonly Segment[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (let k = 0; k < segments.length; k++) {
    const segment = segments[k];
    if (!transfersWith(segment.program)) continue;
    const row = optionsOf(segment.program);
    if (!row || !(row.sends || row.sendsAt || row.sendWords)) continue;
    const args = segment.argv.slice(1);
    const files = [
      ...optionValues(args, row.sends),
      ...optionValues(args, row.sendsAt).map(atFile).filter((file): file is string => file !== undefined),
      ...(row.sendWords
        ? scriptsOf(segment, segments[k - 1], row).flatMap((s) => sentByScript(s, row.sendWords!))
        : []),
    ].filter((file) => file !== "-" && file !== "/dev/null" && file !== "");
    if (files.length === 0) continue;
    const peer = peerOf(segment, environment);
    const host = peer === undefined ? undefined : readHost(`ssh://${peer}`, environment);
    for (const file of files.slice(0, 8)) {
      // The shell may run with HOME set to the workspace or to the user's: `~` is judged both ways.
      const kinds = [environment.shellHome, environment.home].map((home) =>
        classifyPath(normalizePath(file, environment.workspace, home), environment)
      );
      const to = peer ?? "its peer";
      if (kinds.some((kind) => kind === "secret" || kind === "secret-container" || kind === "engine")) {
        findings.block("network", `"${segment.program}" sends the secret store "${file}" to ${to}`);
      } else if (!host || !(host.loopback || host.allowed)) {
        findings.escalate("network", `"${segment.program}" sends "${file}" to ${to}`);
      }
    }
  }
}
