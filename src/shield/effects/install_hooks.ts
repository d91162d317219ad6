/** Install-, build- and import-time hooks that run fetched code (round 34): a file the toolchain runs by itself --
 * `setup.py` (a `cmdclass` install or develop step), `build.rs`, Gradle and Maven builds, CMake, a `conftest.py`, a
 * package's `__init__.py`, a `.pth` file, `package.json` and Composer scripts, Ruby's `Gemfile`, gemspec,
 * `extconf.rb` and `Rakefile`, `Package.swift`, `build.sbt`, `mix.exs`, Hatch build hooks -- written with
 * code that fetches text and hands it to a shell or an evaluator (`os.system(urlopen(...).read())`,
 * `Command::new("sh").arg("-c").arg(&body)` after `reqwest::blocking::get`, `['sh', '-c', new URL(...).text]
 * .execute()`, `curl ... | sh` in a postinstall). A build step that compiles protobufs or bundled C, or downloads an
 * archive without running it through a shell, passes.
 * Sources: Checkmarx and Phylum reports on setup.py and postinstall malware (2022-2024); RUSTSEC-2022-0042
 * (rustdecimal's build-time payload); Socket research on install scripts; pytest conftest.py docs. */

import { gated } from "./gate.ts";
import type { Findings } from "./findings.ts";

const HOOK_FILE =
  /(?:^|\/)(?:setup\.py|build\.rs|build\.gradle(?:\.kts)?|settings\.gradle(?:\.kts)?|pom\.xml|CMakeLists\.txt|conftest\.py|__init__\.py|package\.json|extconf\.rb|Rakefile|binding\.gyp|Gemfile|[^/]+\.gemspec|Package\.swift|build\.sbt|mix\.exs|composer\.json|hatch_build\.py|[^/]+\.pth)$/;
const FETCH = gated(
  /\b(?:urlopen|urlretrieve|requests\.(?:get|post)|httpx\.(?:get|post)|reqwest::(?:blocking::)?get|ureq::get|new URL\([^)]*\)\.(?:text|openStream)|https?\.get\s*\(|fetch\s*\(|curl|wget|Net::HTTP|URI\.open|open-uri|file\s*\(\s*DOWNLOAD|Invoke-WebRequest|DownloadString|WebClient)\b/,
);
const SHELL_OR_EVAL = gated(
  /\bos\.system\s*\(|\bos\.popen\s*\(|\bsubprocess\.\w+\s*\([^\n]{0,200}?shell\s*=\s*True|(?<![.\w])(?:exec|eval)\s*\(|Command::new\(\s*"(?:ba|z|da)?sh"|Command::new\(\s*"(?:cmd|powershell|pwsh)(?:\.exe)?"|\[\s*["'](?:ba|z)?sh["']\s*,\s*["']-c["']|\bexecSync\s*\(|child_process["']?\)?\.exec\s*\(|\|\s*(?:ba|z|da)?sh\b|\bexecute_process\s*\(\s*COMMAND\s+(?:ba)?sh\b|Runtime\.getRuntime\(\)\.exec\s*\(|\bKernel\.system\s*\(|\binstance_eval\b|(?<![.\w])system\s*\(/,
);

export function judgeInstallHooks(
  tool: string,
  paths: readonly string[],
  contents: readonly string[],
  findings: Findings,
): void {
  const file = paths.find((path) => HOOK_FILE.test(path));
  if (!file) return;
  for (const content of contents) {
    if (content.length > 256 * 1024) continue;
    if (FETCH.test(content) && SHELL_OR_EVAL.test(content)) {
      findings.escalate(
        "install",
        `"${tool}" writes "${
          file.split("/").pop()
        }", which the toolchain runs by itself, to run code it fetches`,
      );
      return;
    }
  }
}
