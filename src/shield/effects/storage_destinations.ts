/** Data moved by an open-world tool whose name only backs up, syncs, copies or mirrors, to a place given in the
 * call: a storage address (`s3://`, `gs://`, `az://`, `sftp://`, `ftp://`, `rsync://`, ...) or a web address off this
 * machine under a destination key (`target`, `destination`, `remote`, `sink`). The verb is ordinary; where the copy
 * lands is the harm (MITRE ATT&CK T1537, T1567.002). A destination inside the workspace passes. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import type { ToolWords } from "./tool_words.ts";
import { readHost } from "./hosts.ts";

const MOVING =
  /^(?:backup|back|sync|synchroni[sz]e|mirror|copy|replicate|replication|upload|transfer|archive|export|dump|clone|push|move|migrate|ship|stream|snapshot|restore)$/;
const DESTINATION_KEY =
  /^(?:to|target|destination|dest|remote|sink|output|out|bucket|location|target_?(?:url|uri|path|bucket)|remote_?(?:url|uri|path)|destination_?(?:url|uri|path|bucket)|dest_?(?:url|uri|path)|upload_?(?:url|uri))$/i;
const STORAGE =
  /^(?:s3[an]?|gs|gcs|az|azure|abfss?|wasbs?|adl|oss|cos|r2|b2|swift|sftp|ftps?|scp|rsync|webdavs?|davs?|smb|nfs):\/\/([^/\s]*)/i;

export function judgeStorageDestinations(
  tool: string,
  words: ToolWords,
  payload: Record<string, unknown>,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  if (!words.words.some((word) => MOVING.test(word))) return;
  for (const [key, value] of Object.entries(payload).slice(0, 32)) {
    if (typeof value !== "string" || value.length > 2048 || !DESTINATION_KEY.test(key)) continue;
    const text = value.trim();
    const storage = STORAGE.exec(text);
    const host = storage ? undefined : /^https?:\/\//i.test(text) ? readHost(text, environment) : undefined;
    if (storage || (host && !host.loopback)) {
      findings.escalate(
        "network",
        `"${tool}" copies data to "${text.slice(0, 80)}" given in its "${key}" argument`,
      );
      return;
    }
  }
}
