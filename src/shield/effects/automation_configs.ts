/** Configuration that lets outside code in unattended: dependency bots told to merge every update by themselves
 * (`"automerge": true` for `*`, tests ignored), and CI steps that run a container image from someone's registry
 * at a moving tag (`uses: docker://ghcr.io/x/builder:latest`). */

import type { Findings } from "./findings.ts";
import { matchesOf } from "../match_all.ts";

const BOT_FILE =
  /(?:^|\/)(?:renovate\.json5?|\.renovaterc(?:\.json)?|\.github\/renovate\.json5?|\.github\/dependabot\.ya?ml)$/i;
const MERGES_ALL = /"?automerge"?\s*:\s*true/i;
const EVERY_PACKAGE =
  /"?match(?:Package(?:Patterns|Names)|DepNames|DepPatterns)"?\s*:\s*\[\s*"(?:\*|\.\*)"|"?ignoreTests"?\s*:\s*true|"?automergeType"?\s*:\s*"branch"/i;
const WORKFLOW_FILE = /(?:^|\/)\.github\/workflows\/[^/]+\.ya?ml$|(?:^|\/)action\.ya?ml$/i;
const DOCKER_STEP =
  /\buses:\s*["']?docker:\/\/([\w.-]+\/)?([\w.-]+\/[\w.-]+)(?::([\w.-]+))?(@sha256:[0-9a-f]{64})?/gi;
const OFFICIAL_IMAGES = /^(?:library|docker|alpine|ubuntu|debian|node|python|golang|rust|actions|github)\//i;

export function judgeAutomationConfigs(
  paths: readonly string[],
  contents: readonly string[],
  findings: Findings,
): void {
  const text = contents.join("\n");
  if (text.length > 256 * 1024) return;
  if (paths.some((path) => BOT_FILE.test(path)) && MERGES_ALL.test(text) && EVERY_PACKAGE.test(text)) {
    findings.escalate("install", "lets a dependency bot merge every update by itself");
  }
  if (paths.some((path) => WORKFLOW_FILE.test(path)) && text.includes("docker://")) {
    for (const match of matchesOf(DOCKER_STEP, text)) {
      const [, , image, tag, digest] = match;
      if (
        !digest && !OFFICIAL_IMAGES.test(image) &&
        (!tag || tag === "latest" || /^(?:main|master|edge|nightly)$/.test(tag))
      ) {
        findings.escalate("install", `CI runs the container image "${image}" at a moving tag`);
        return;
      }
    }
  }
}
