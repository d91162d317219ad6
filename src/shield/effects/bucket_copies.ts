/** Cloud data copied to foreign storage (round 22): `aws s3 cp|sync|mv s3://ours s3://theirs`, `gsutil cp|rsync|mv`
 * and `gcloud storage cp|rsync` between buckets, `azcopy copy`/`az storage copy` between storage accounts and
 * `rclone copy|sync|move` between remotes move data from one cloud store to another without passing through the
 * machine, where no upload check sees it. A copy between stores whose names share a word (`acme-prod` to
 * `acme-backup`) stays with its owner; stores sharing none, or a copy that hands ownership to the destination's
 * account (`--acl bucket-owner-full-control`), escalate. Downloads and uploads of local files pass (the upload rules
 * judge those). Sources: AWS CLI `s3 cp`/`sync` and canned ACLs; gsutil and gcloud storage; azcopy; rclone; MITRE
 * ATT&CK T1537 (Transfer Data to Cloud Account). */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

const COPY_VERBS = new Set(["cp", "sync", "mv", "rsync", "copy", "move", "copyto", "moveto"]);
const STORE_URL =
  /^(?:s3|gs|az|wasbs?|abfss?):\/\/([^/]+)|^https:\/\/([a-z0-9-]+)\.(?:blob|dfs)\.core\.windows\.net/i;
/** An rclone remote (`name:path`), not a local Windows drive or a URL. */
const RCLONE_REMOTE = /^([A-Za-z0-9_][\w .-]+):(?!\/\/)/;

/** The store a copy operand names (bucket, account or rclone remote), or undefined for a local path. */
export function storeOf(program: string, word: string): string | undefined {
  const url = STORE_URL.exec(word);
  if (url) return (url[1] ?? url[2]).toLowerCase();
  if (program === "rclone") return RCLONE_REMOTE.exec(word)?.[1].toLowerCase();
  return undefined;
}

function wordsOf(store: string): Set<string> {
  return new Set(store.split(/[^a-z]+/).filter((word) => word.length >= 3));
}

export function shareWord(a: string, b: string): boolean {
  const left = wordsOf(a);
  for (const word of wordsOf(b)) if (left.has(word)) return true;
  return false;
}

const COPY_PROGRAMS = new Set(["aws", "gsutil", "gcloud", "azcopy", "rclone", "az"]);

/** The test judgeBucketCopies's segment loop starts with (`copyOperands`; a gate of `shell_round22.ts`). */
export const copiesStoresWith = (program: string): boolean => COPY_PROGRAMS.has(program);

/** The copy verb's operands of a storage command, or undefined when it is none. */
function copyOperands(segment: Segment): string[] | undefined {
  const { program, argv } = segment;
  if (!copiesStoresWith(program)) return undefined;
  let verb = -1;
  if (program === "aws") verb = argv[1] === "s3" ? 2 : -1;
  else if (program === "gsutil") verb = argv.findIndex((word, index) => index > 0 && COPY_VERBS.has(word));
  else if (program === "gcloud") verb = argv[1] === "storage" ? 2 : -1;
  else if (program === "azcopy" || program === "rclone") verb = 1;
  else if (program === "az") verb = argv[1] === "storage" ? argv.indexOf("copy") : -1;
  if (verb < 0 || !COPY_VERBS.has(argv[verb] ?? "")) return undefined;
  return argv.slice(verb + 1).filter((word) => !word.startsWith("-"));
}

export function judgeBucketCopies(tool: string, segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments) {
    const operands = copyOperands(segment);
    if (!operands) continue;
    // Option values (`--acl private`, `--transfers 16`) are among the operands; only stores count.
    const stores = operands.map((word) => storeOf(segment.program, word)).filter((store) =>
      store !== undefined
    );
    if (stores.length < 2) continue;
    const [source, destination] = [stores[0], stores[stores.length - 1]];
    const handedOver = segment.argv.some((word) => /bucket-owner-full-control|^--grants?$/.test(word));
    if (!handedOver && shareWord(source, destination)) continue;
    findings.escalate(
      "network",
      `"${tool}" copies cloud storage "${source}" into "${destination}"${
        handedOver ? ", handing the copy to that store's owner" : ", a store of another name"
      }`,
    );
    return;
  }
}
