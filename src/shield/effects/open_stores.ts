/** A data store's or a daemon's authentication switched off where the network reaches it (round 77, beside round 68's
 * configuration files that bind every interface with a protection off, and the older `docker run`/`mongod`/Jupyter
 * readings): Redis's protected mode switched off or its password cleared at run time (`redis-cli CONFIG SET
 * protected-mode no`, a Redis tool's `config_set {parameter: "protected-mode", value: "no"}`), PostgreSQL's
 * `pg_hba.conf` trusting every address (`host all all 0.0.0.0/0 trust`, written, edited or echoed in), MongoDB's
 * configuration binding every interface without `authorization: enabled`, and the Docker daemon's API served on TCP
 * without TLS by its `daemon.json` (`"hosts": ["tcp://0.0.0.0:2375"]`; the `dockerd -H` command is read by
 * `exposed_servers.ts`, which now reads every `-H`): whoever reaches the port reads, writes or runs as root. ESCALATE. Open Redis and Docker APIs are the first things mass scanners and cryptominers
 * (Kinsing, TeamTNT) take.
 *
 * What passes: protected mode turned on, `CONFIG GET`, trust on loopback or the local socket (`local all all trust`,
 * `host all all 127.0.0.1/32 trust`), password methods on any network (`scram-sha-256`), MongoDB bound to loopback
 * or with authorization on, the daemon on its Unix socket, on loopback, or with `--tlsverify`. Sources: Redis
 * security docs (protected mode, CONFIG SET); PostgreSQL docs, pg_hba.conf and trust authentication; MongoDB security
 * checklist; Docker docs, "Protect the Docker daemon socket"; CIS Docker Benchmark 2.6; Aqua and Trend Micro on
 * Kinsing and TeamTNT. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { gated } from "./gate.ts";

const REDIS_OPEN = /\bconfig\s+set\s+(?:protected-mode\s+["']?no\b|requirepass\s+(?:""|''|$))/i;
export const TRUST_ALL = gated(
  /\bhost(?:ssl|nossl|gssenc)?[ \t]+(?:\S+[ \t]+){2,3}(?:0\.0\.0\.0\/0|::\/0|all|0\.0\.0\.0[ \t]+0\.0\.0\.0)[ \t]+trust\b/i,
);
const MONGO_OPEN = gated(/\bbindIp\s*:\s*["']?(?:0\.0\.0\.0|::|\*)|\bbindIpAll\s*:\s*true\b/);
const MONGO_AUTH = /\bauthorization\s*:\s*["']?enabled\b|\bkeyFile\s*:|\bclusterAuthMode\s*:/;
const DOCKER_TCP = gated(/tcp:\/\/(?:0\.0\.0\.0|\[::\]|\*)?:2375\b/i);

export function judgeOpenStoreSegments(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments.slice(0, 64)) {
    const program = segment.program;
    if (program === "redis-cli" || program === "valkey-cli" || program === "keydb-cli") {
      if (REDIS_OPEN.test(segment.argv.join(" "))) {
        findings.escalate("security", `"${program}" switches off the server's protected mode or password`);
        return;
      }
    }
  }
}

/** Shell texts and written texts: `host all all 0.0.0.0/0 trust`, a Docker daemon's `tcp://0.0.0.0:2375`, MongoDB's
 * configuration binding every interface with no authorization (`paths` say which files are written). */
export function judgeOpenStoreTexts(
  tool: string,
  texts: readonly string[],
  paths: readonly string[],
  findings: Findings,
): void {
  const mongo = paths.some((path) => /mongo[\w.-]*\.(?:conf|ya?ml)$/i.test(path));
  const daemon = paths.some((path) =>
    /(?:^|\/)daemon\.json$|(?:^|\/)docker(?:\.service|\/[\w.-]+\.conf)$/i.test(path)
  );
  for (const text of texts.slice(0, 12)) {
    if (text.length > 128 * 1024) continue;
    if (TRUST_ALL.test(text)) {
      findings.escalate(
        "security",
        `"${tool}" lets every address log in to PostgreSQL without a password ("trust")`,
      );
      return;
    }
    if (mongo && MONGO_OPEN.test(text) && !MONGO_AUTH.test(text)) {
      findings.escalate("security", `"${tool}" binds MongoDB to every interface without authorization`);
      return;
    }
    if (daemon && DOCKER_TCP.test(text) && !/tlsverify["'\s]*[:=]\s*true/i.test(text)) {
      findings.escalate("security", `"${tool}" serves the Docker API on the network without TLS`);
      return;
    }
  }
}

/** A Redis (or Valkey) tool setting protected mode off: `config_set {parameter: "protected-mode", value: "no"}`. */
export function judgeOpenStoreCall(tool: string, payload: Record<string, unknown>, findings: Findings): void {
  if (!/redis|valkey|keydb|cache/i.test(tool)) return;
  const values = Object.values(payload).slice(0, 16).filter((value): value is string =>
    typeof value === "string"
  );
  const names = values.map((value) => value.trim().toLowerCase());
  const protectedOff = names.includes("protected-mode") && names.some((value) => value === "no");
  const passwordCleared = names.includes("requirepass") && values.some((value) => value === "");
  const command = values.some((value) => REDIS_OPEN.test(value));
  if (protectedOff || passwordCleared || command) {
    findings.escalate("security", `"${tool}" switches off the Redis server's protected mode or password`);
  }
}
