/** Files written that leak once others open them: a rendered page or document whose image address carries data to
 * an outside host (the image loads by itself), credentials written into a folder others read (shared, public,
 * synced) or into a template committed for everyone (`.env.example`, `config.sample.yml`: round 24), and a CI step printing the whole environment, every secret of the job, into the build log. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { judgeDataLinks } from "./data_links.ts";
import { holdsToken } from "./outbound_secrets.ts";
import { holdsShapedToken } from "./shaped_tokens.ts";
import { leakedUrlPassword } from "./message_secrets.ts";
import { servesSecret } from "./served_secrets.ts";
import { judgePublicPeopleData } from "./public_people_data.ts";

const RENDERED = /\.(?:md|mdx|markdown|html?|rst|adoc|ipynb|svg)$/;
const SHARED_FOLDER =
  /(?:^|\/)(?:shared|share|public|public_html|www|htdocs|static|dropbox|onedrive|google ?drive|gdrive|icloud ?drive|sync|syncthing|nextcloud|exports?|uploads?|outbox)\//;
/** Templates kept in the repository for everyone to copy: they hold placeholders, never a working secret. */
const TEMPLATE =
  /(?:^|\/)(?:\.env\.(?:example|sample|template|dist|defaults)|(?:example|sample)\.env|[\w.-]+\.(?:example|sample|template|dist|tmpl)(?:\.(?:ya?ml|json|toml|ini|env|conf|cfg|properties|php|py|js|ts))?|[\w.-]+\.(?:example|sample|template|dist)\.[\w]+)$/;
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
  } else if (servesSecret(paths, contents)) {
    findings.escalate("write", `"${tool}" writes a secret into a file the web server hands to anyone`);
  }
  judgePublicPeopleData(tool, paths, contents, findings);
  if (
    paths.some((path) => TEMPLATE.test(path)) &&
    contents.some((text) => text.length <= 64 * 1024 && (holdsShapedToken(text) || leakedUrlPassword(text)))
  ) {
    findings.escalate(
      "write",
      `"${tool}" writes a working-looking secret into a template committed for everyone`,
    );
  }
  if (paths.some((path) => CI_FILE.test(path)) && contents.some((text) => ENVIRONMENT_DUMP.test(text))) {
    findings.escalate(
      "read",
      `"${tool}" makes a CI job print its whole environment, secrets included, into the log`,
    );
  }
}
