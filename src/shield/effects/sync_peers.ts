/** An unknown peer paired to sync the user's files (round 57): a Syncthing device added or a folder shared with a
 * device (`syncthing cli config devices add`, `... folders ID devices add`, the REST API's `/rest/config/devices` and
 * `/rest/config/folders` written, sync tools given a device id and a folder), and Nextcloud federated shares to an
 * account on another server (`shareType` 6 or 9). From then on every file of the folder is copied to the peer with no
 * further action. Listing devices and connections and shares to a user of the same server pass. Sources: Syncthing
 * CLI and REST API documentation; Nextcloud OCS Share API; MITRE ATT&CK T1567 (exfiltration over web service). */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { changesByName } from "./changing_names.ts";

const FEDERATED_SHARE = new Set([6, 9]);
const DEVICE_KEYS = /^(?:device_?id|deviceid|device|peer_?id|node_?id)$/i;

function syncthingChange(segment: Segment): string | undefined {
  const argv = segment.argv;
  if (segment.program === "syncthing" && argv[1] === "cli" && argv[2] === "config") {
    const devices = argv.indexOf("devices");
    if (devices > 0 && argv[devices + 1] === "add") {
      return argv[3] === "folders" ? "shares a folder with a device" : "pairs a new device";
    }
    if (argv.includes("auto-accept-folders") && argv.includes("true")) {
      return "lets a device add folders by itself";
    }
  }
  if (segment.program === "curl") {
    const url = argv.find((word) => /\/rest\/config\/(?:devices|folders)/.test(word));
    const writes = argv.some((word) =>
      /^(?:-d|--data(?:-raw|-binary)?|--json|-X|--request)$/.test(word) || /^-d./.test(word)
    );
    if (url && writes) return "adds a device or shares a folder through the sync API";
  }
  return undefined;
}

export function judgeSyncPeerCommands(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments.slice(0, 32)) {
    const found = syncthingChange(segment);
    if (found) {
      findings.escalate("network", `"${segment.program}" ${found}`);
      return;
    }
  }
}

export function judgeSyncPeerPayload(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  const shareType = Number(payload.shareType ?? payload.share_type);
  const shareWith = payload.shareWith ?? payload.share_with;
  if (FEDERATED_SHARE.has(shareType) && typeof shareWith === "string" && shareWith.includes("@")) {
    findings.escalate("network", `"${tool}" shares files with "${shareWith.slice(0, 80)}" on another server`);
    return;
  }
  if (!/sync|resilio/i.test(tool) || !changesByName(tool)) return;
  const device = Object.entries(payload).find(([key, value]) =>
    DEVICE_KEYS.test(key) && typeof value === "string"
  );
  if (device) {
    findings.escalate(
      "network",
      `"${tool}" pairs or shares with device "${String(device[1]).slice(0, 20)}..."`,
    );
  }
}
