/** Tools named after a toolchain program (a runtime, package runner or build tool) and given its argument list
 * (round 49): `deno {args: ["task", "check"]}`, `mcp__dev__npx {arguments: ["-y", "prettier@3", "--check", "."]}`,
 * `uv {argv: ["sync"]}` run that program with those words, so they are judged as its command line (the install,
 * typosquat, remote-code and secret checks of the shell), as `kubectl` and `git` tools already were
 * (`PROGRAM_TOOLS`). Only with a list of words: `deno {code: "..."}` or a program nobody lists here stays an unknown
 * effect. */

import { VERSION_SUFFIX } from "./tool_aliases.ts";

/** Toolchains, package runners and build tools whose command lines the shell checks know (installs, typosquats,
 * scripts run from URLs). Deployment and cloud CLIs (`heroku`, `vercel`, `eksctl`, ...) are not listed: the shell
 * checks do not know what their subcommands change, so an argument list of theirs stays an unknown effect. */
const LISTED_PROGRAMS = new Set(
  `deno bun bunx npx pnpx uv uvx poetry pipx pdm hatch tox nox mvn gradle dotnet swift rustup rustc composer gem bundle
  rake mix dart flutter cmake ninja bazel`.split(/\s+/),
);
/** Windows shells (round 53): `powershell {args: ["-NoP", "-Enc", "..."]}` runs `powershell` with those options. Only
 * a list that starts with an option or switch is the shell's own command line: `powershell {args: ["Get-ChildItem",
 * "."]}` is the script itself, judged as the words it is. */
const WINDOWS_SHELLS = new Set(["powershell", "pwsh", "cmd"]);
const SWITCH = /^[-/]/;

/** Keys under which such a tool takes the program's words. */
export const LIST_KEYS = ["args", "argv", "arguments"] as const;

/** The key of the payload's list of words, if it has one (every item a string). */
export function wordListKey(payload: Record<string, unknown> | undefined): string | undefined {
  if (!payload) return undefined;
  return LIST_KEYS.find((key) => {
    const value = payload[key];
    return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === "string");
  });
}

/** The program a tool named after it runs with the payload's word list (`deno`, `npx_v2`), if any. Asked about a
 * name alone (no payload: is `server:deno` a namespaced program tool?), the name decides; the payload is judged
 * when the call itself is. */
export function listedProgramOf(
  name: string,
  payload: Record<string, unknown> | undefined,
): string | undefined {
  const bare = name.replace(VERSION_SUFFIX, "").toLowerCase();
  if (WINDOWS_SHELLS.has(bare.replace(/\.exe$/, ""))) {
    const key = payload === undefined ? undefined : wordListKey(payload);
    const first = key === undefined ? undefined : (payload?.[key] as string[])[0];
    return payload === undefined || (first !== undefined && SWITCH.test(first)) ? bare : undefined;
  }
  if (!LISTED_PROGRAMS.has(bare)) return undefined;
  return payload === undefined || wordListKey(payload) !== undefined ? bare : undefined;
}
