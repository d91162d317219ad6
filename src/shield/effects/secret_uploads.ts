/** Secret stores copied to a remote place (round 13): a cloud-storage, gist, sync or copy program given a secret
 * store outside the workspace and a remote destination (`gsutil cp -r ~/.config/gcloud gs://...`, `aws s3 cp
 * ~/.aws/credentials s3://...`, `rclone copy ~/.kube remote:`, `gh gist create ~/.netrc`) sends the store out:
 * BLOCK. Read plainly, the same store is a question for the user (judged elsewhere). */

import type { ShieldEnvironment } from "../environment.ts";
import { normalizePath } from "../paths.ts";
import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { classifyPath } from "./path_classes.ts";

/** Program, then the sub-command words that make it copy to a remote place. */
const UPLOADERS: ReadonlyArray<[string, RegExp]> = [
  ["gsutil", /^(?:cp|rsync|mv)$/],
  ["gcloud", /^(?:storage)$/],
  ["aws", /^(?:s3)$/],
  ["azcopy", /^(?:copy|cp|sync)$/],
  ["rclone", /^(?:copy|copyto|sync|move|moveto)$/],
  ["gh", /^(?:gist)$/],
  ["s3cmd", /^(?:put|sync)$/],
  ["mc", /^(?:cp|mirror)$/],
  ["b2", /^(?:upload-file|upload_file|sync)$/],
];

/** A remote destination: a bucket URL, an `rclone` remote or `host:path`. */
const REMOTE = /^(?:[a-z][a-z0-9+.-]*:\/\/|[\w.-]+:(?!\/\/))/i;

const UPLOADER_PROGRAMS = new Set(UPLOADERS.map(([program]) => program));

/** Whether judgeSecretUploads looks at a segment of `program`. */
export function uploadsWith(program: string): boolean {
  return UPLOADER_PROGRAMS.has(program);
}

function uploads(segment: Segment): boolean {
  if (!uploadsWith(segment.program)) return false;
  const entry = UPLOADERS.find(([program]) => program === segment.program);
  if (!entry || !segment.argv.slice(1, 3).some((word) => entry[1].test(word))) return false;
  return segment.program === "gh" || segment.argv.slice(2).some((word) => REMOTE.test(word));
}

export function judgeSecretUploads(
  segments: readonly Segment[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const segment of segments) {
    if (!uploads(segment)) continue;
    for (const word of segment.argv.slice(2, 34)) {
      if (word.startsWith("-") || REMOTE.test(word) || !/^[~/$]/.test(word)) continue;
      // `~` is the shell's HOME (the workspace when the engine runs it) and, to be safe, the user's home too.
      for (const home of [environment.home, environment.shellHome]) {
        const path = normalizePath(word, environment.workspace, home);
        if (path.relative !== undefined || classifyPath(path, environment) !== "secret") continue;
        findings.block(
          "network",
          `"${segment.program}" copies the secret store "${path.absolute}" to a remote place`,
        );
        return;
      }
    }
  }
}
