/** Files written that leak once others open them: a rendered page or document whose image address carries data to
 * an outside host (the image loads by itself), credentials written into a folder others read (shared, public,
 * synced), and a CI step printing the whole environment, every secret of the job, into the build log. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { judgeDataLinks } from "./data_links.ts";
import { holdsToken } from "./outbound_secrets.ts";

const RENDERED = /\.(?:md|mdx|markdown|html?|rst|adoc|ipynb|svg)$/;
const SHARED_FOLDER =
  /(?:^|\/)(?:shared|share|public|public_html|www|htdocs|static|dropbox|onedrive|google ?drive|gdrive|icloud ?drive|sync|syncthing|nextcloud|exports?|uploads?|outbox)\//;
const CI_FILE =
  /(?:^|\/)(?:\.github\/workflows\/[^/]+\.ya?ml|\.gitlab-ci\.ya?ml|\.circleci\/config\.ya?ml|azure-pipelines\.ya?ml|bitbucket-pipelines\.ya?ml|jenkinsfile|\.travis\.ya?ml|\.buildkite\/[^/]+\.ya?ml)$/;
const ENVIRONMENT_DUMP =
  /(?:^|\n)\s*(?:-\s*)?(?:run|script|command)?\s*:?\s*[|>-]?\s*(?:sudo\s+)?(?:env|printenv|export\s+-p|declare\s+-px?|set)\s*(?:$|\n|\||>|;|&)|\btoJSON\(\s*secrets\s*\)|\$\{\{\s*secrets\s*\}\}/;

export function judgeWrittenLeaks(
  tool: string,
  paths: readonly string[],
  contents: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  if (contents.length === 0) return;
  if (paths.some((path) => RENDERED.test(path))) judgeDataLinks(tool, contents, environment, findings);
  if (paths.some((path) => SHARED_FOLDER.test(path)) && contents.some(holdsToken)) {
    findings.escalate("write", `"${tool}" writes credentials into a folder others read`);
  }
  if (paths.some((path) => CI_FILE.test(path)) && contents.some((text) => ENVIRONMENT_DUMP.test(text))) {
    findings.escalate(
      "read",
      `"${tool}" makes a CI job print its whole environment, secrets included, into the log`,
    );
  }
}
