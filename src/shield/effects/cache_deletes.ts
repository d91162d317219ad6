/** Round 79: a home folder's tool caches cleared (`rm -rf ~/.cache/pip ~/.cache/go-build`, `rm -rf ~/.npm/_cacache`,
 * `rm -rf ~/Library/Caches/Homebrew`): ordinary upkeep. Everything in such a folder is downloaded or built again on
 * demand (the XDG base directory spec calls `~/.cache` "non-essential data"; pip, Go, npm, Gradle and Homebrew
 * document these folders as safe to delete). Only this shape passes: every command of the line is a recursive `rm`
 * (or a size look-up, `du`/`df`, or an `echo`), and every operand is a NAMED tool's cache folder (or a folder or
 * glob inside one) under a home: no `~/.cache` as a whole (apps keep state there besides caches, Hugging Face its
 * token), no folder holding a login (`huggingface`, `gh`), no trailing slash (a symlinked cache would be followed),
 * no `..`, no other folder beside them. `rm -rf ~`, `~/.ssh`, `~/.config`, `~/Documents` keep asking or blocking as
 * before, and a write INTO a cache folder (a poisoned build cache) is not this: only deletes pass. */

import type { ActionView } from "../action_view.ts";

/** A home as a command or a normalised path spells it: `~`, `$HOME`, `${HOME}`, `/home/NAME`, `/Users/NAME`, `/root`. */
const HOME = String.raw`(?:~|\$HOME|\$\{HOME\}|/home/[\w.-]+|/Users/[\w.-]+|/root)`;
/** Named tools' cache folders under `~/.cache` (XDG), with what each tool documents as its cache. */
const XDG_TOOLS =
  "pip|pypoetry|uv|pipenv|go-build|golangci-lint|yarn|pnpm|npm|node-gyp|bun|deno|typescript|ms-playwright|puppeteer|cypress|electron|electron-builder|bazel|ccache|sccache|mypy|ruff|pre-commit|black|pylint|jedi|matplotlib|fontconfig|thumbnails|mesa_shader_cache|composer|sbt|coursier|JetBrains|vscode-cpptools|zig|nvim|pyright|prisma|turbo|nx|esbuild|swc|vite";
/** Other tools' cache folders under the home itself. */
const HOME_CACHES =
  String.raw`\.npm/(?:_cacache|_logs|_npx)|\.gradle/caches|\.gradle/wrapper/dists|\.m2/repository|` +
  String
    .raw`\.cargo/registry/(?:cache|src)|\.cargo/git/checkouts|\.yarn/cache|\.pnpm-store|\.bun/install/cache|` +
  String.raw`\.nuget/packages|\.composer/cache|\.ivy2/cache|\.sbt/boot|\.cache/(?:${XDG_TOOLS})|` +
  String.raw`Library/Caches|Library/Developer/Xcode/DerivedData`;
/** A cache folder, a folder inside one or a glob inside one (`~/.cache/pip/http`, `~/Library/Caches/*`); never the
 * home, `~/.cache` alone, a trailing slash or `..`. */
const CACHE_OPERAND = new RegExp(
  String.raw`^${HOME}/(?:${HOME_CACHES})(?:/(?!\.\.?(?:/|$))[\w .@+*-]+)*$`,
);
/** `~/Library/Caches` is macOS's per-app cache root: only a folder inside it passes, never the root itself. */
const CACHE_ROOT_ONLY = new RegExp(String.raw`^${HOME}/Library/Caches$`);
const COMPANIONS = new Set(["du", "df", "echo", "printf", "true"]);
const RECURSIVE = /^-(?:[a-zA-Z]*[rR][a-zA-Z]*)$|^--recursive$/;

/** Whether the operand is one named tool's cache (or inside one) under a home. */
export function isCacheOperand(word: string): boolean {
  return word.length <= 512 && CACHE_OPERAND.test(word) && !CACHE_ROOT_ONLY.test(word);
}

/** Whether every command of the action clears named tool caches under a home and nothing else (see above). */
export function clearsToolCachesOnly(view: ActionView): boolean {
  const segments = view.segments;
  if (segments.length === 0 || segments.length > 16 || !segments.some((s) => s.program === "rm")) {
    return false;
  }
  let removed = 0;
  for (const segment of segments) {
    if (COMPANIONS.has(segment.program) && segment.redirects.length === 0) continue;
    if (segment.program !== "rm" || segment.redirects.length > 0) return false;
    let recursive = false;
    let options = true;
    for (const word of segment.argv.slice(1)) {
      if (options && word === "--") {
        options = false;
        continue;
      }
      if (options && word.startsWith("-")) {
        if (RECURSIVE.test(word)) recursive = true;
        else if (!/^-(?:[fv]+|-force|-verbose)$/.test(word)) return false;
        continue;
      }
      if (!isCacheOperand(word)) return false;
      removed++;
    }
    if (!recursive) return false;
  }
  return removed > 0;
}
