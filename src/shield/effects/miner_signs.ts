/** Cryptominers in any command, container, unit file or tool argument (round 55, MITRE ATT&CK T1496 Resource
 * Hijacking; CISA's cryptojacking advisories, Aqua's and Sysdig's reports on mining containers): what a miner is
 * started with gives it away whatever the image or binary is called -- a Monero wallet (95 base58 characters from
 * `4` or `8`) handed with a pool (`-o`/`--url` HOST:PORT, `stratum+tcp://`), xmrig's own switches (`--donate-level`,
 * `--cpu-max-threads-hint`, `--randomx-1gb-pages`, `-a rx/0`, `--coin monero`) or a miner's name beside a pool
 * option (`xmr-node`, `xmrig`, `kdevtmpfsi`). Each BLOCKs; the rules' list of known miners and pools
 * (resource.crypto_mining) stays. `grep -rn stratum docs/` or a wallet in a payment field alone find nothing. */

import type { Findings } from "./findings.ts";
import { AGENT_INSTRUCTIONS } from "./path_classes.ts";

/** Cheap first look, one pass: a pool option, a miner switch or name, or a wallet-like run of 95 characters. */
export const HINT =
  /-o["'\s]|--url|--pool|--user|--donate-level|--cpu-max-threads|--randomx|rx\/0|--coin|xmr|stratum|[48][0-9AB][1-9A-HJ-NP-Za-km-z]{93}/i;
/-[ou]["'\s]|--url|--user|--donate-level|--cpu-max-threads|--randomx|rx\/0|--coin|xmr|stratum|"user"|user:/i;
const MONERO_WALLET = /(?<![1-9A-HJ-NP-Za-km-z])[48][0-9AB][1-9A-HJ-NP-Za-km-z]{93}(?![1-9A-HJ-NP-Za-km-z])/;
const POOL =
  /(?:^|[\s"',[])(?:-o|--url|-url|--pool)\s*[=\s"',]+\s*["']?(?:stratum\+\w+:\/\/)?[\w.-]+\.[a-z]{2,}:\d{2,5}\b/i;
const MINER_SWITCHES =
  /(?:^|[\s"',[])(?:--donate-level|--cpu-max-threads-hint|--randomx-1gb-pages|--randomx-mode|--coin[=\s"',]+["']?(?:monero|xmr)\b|-a[=\s"',]+["']?rx\/0\b)/i;
/** A pool's address anywhere in the text (a config file's `"url": "pool.example:443"`, a compose file's list). */
const HOST_PORT = /\b[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}:\d{2,5}\b/i;
const MINER_NAMES =
  /\b(?:xmr[\w-]*|xmrig|monero[\w-]*|kdevtmpfsi|kinsing|ccminer|gminer|bzminer|wildrig|srbminer)\b/i;

/** Round 75: documents people read (an incident runbook listing a miner's pool and switches as indicators, a blog
 * post on cryptojacking, a Sigma rule's README) start nothing, so a write or patch whose every file is one is not
 * judged here; files agents act on (`AGENTS.md`, `CLAUDE.md`, memory banks, a scheduler's `HEARTBEAT.md`) are. */
const DOCUMENT = /\.(?:md|markdown|mdx|txt|rst|adoc)$/i;
const READ_BY_AGENTS = /(?:^|\/)heartbeat\.md$/i;

export function documentsOnly(paths: readonly string[]): boolean {
  return paths.length > 0 && paths.every((path) => {
    const lower = path.toLowerCase();
    return DOCUMENT.test(lower) && !AGENT_INSTRUCTIONS.test(lower) && !READ_BY_AGENTS.test(lower);
  });
}

export function minerHint(text: string): boolean {
  return HINT.test(text);
}

export function judgeMinerSigns(tool: string, texts: readonly string[], findings: Findings): void {
  for (const text of texts.slice(0, 16)) {
    if (text.length > 64 * 1024 || !HINT.test(text)) continue;
    const pool = POOL.test(text);
    const wallet = MONERO_WALLET.test(text);
    if (
      MINER_SWITCHES.test(text) || (pool && (wallet || MINER_NAMES.test(text))) ||
      (wallet && HOST_PORT.test(text))
    ) {
      findings.block("exec", `"${tool}" starts a cryptominer (pool, wallet or miner options; T1496)`);
      return;
    }
  }
}
