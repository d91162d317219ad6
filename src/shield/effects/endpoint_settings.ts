/** An application's data endpoint repointed at an outside host (round 72): a setting that says where the app's
 * data goes -- its database, cache, queue, mail relay, webhook, object store, error or log sink -- set to a bare
 * public address, a lookalike or staging host, or an unknown public name. `heroku config:set
 * DATABASE_URL=postgres://u:p@198.51.100.23/db`, `fly secrets set REDIS_URL=...`, `kubectl set env deploy/x
 * SMTP_HOST=203.0.113.25`, `az webapp config appsettings set --settings WEBHOOK_URL=...`, `gcloud run services update
 * --update-env-vars=DB_HOST=...`, `railway variables --set`, `netlify env:set`, `dokku config:set`, and open-world
 * tools (`heroku_config_set {vars: {DATABASE_URL: ...}}`, `update_env_vars {envVars: [{key, value}]}`): every write,
 * message or job then reaches whoever runs that host. Round 21's check asked only when the call named production.
 * What passes: plain settings (`LOG_LEVEL=info`), endpoints on loopback, private addresses, cluster or internal names
 * (`redis.cache.svc.cluster.local`, `db.internal`), allowed hosts, and the managed services apps ordinarily use
 * (AWS RDS and ElastiCache, Azure, Google Cloud, Heroku, Neon, Supabase, Upstash, MongoDB Atlas, PlanetScale, mail
 * relays such as SendGrid or Mailgun). Sources: Heroku config vars, flyctl secrets, kubectl set env, az webapp
 * config appsettings, gcloud run services update; MITRE ATT&CK T1565 (Data Manipulation), T1114 (mail collection). */

import type { Segment } from "../shell_parser.ts";
import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";
import { PRIVATE_ADDRESS } from "./stream_egress.ts";

/** Setting names of a data endpoint: `DATABASE_URL`, `DB_HOST`, `REDIS_URL`, `SMTP_HOST`, `WEBHOOK_URL`,
 * `AMQP_URL`, `S3_ENDPOINT`, `SENTRY_DSN`, `MONGO_URI`. */
const ENDPOINT_KEY =
  /^(?:[A-Z0-9]+_)*(?:DATABASE|DB|POSTGRES(?:QL)?|PG|MYSQL|MARIADB|MONGO(?:DB)?|REDIS|CACHE|MEMCACHED?|AMQP|RABBIT(?:MQ)?|BROKER|QUEUE|KAFKA|NATS|CELERY_BROKER|SMTP|MAIL|EMAIL|WEBHOOK|CALLBACK|NOTIFY|NOTIFICATION|EVENTS?|ELASTIC(?:SEARCH)?|OPENSEARCH|S3|STORAGE|UPLOADS?|BACKUP|SENTRY|LOGS?|SYSLOG|TELEMETRY|OTEL_EXPORTER_OTLP)_?(?:URL|URI|HOST|HOSTNAME|ENDPOINT|DSN|ADDR|ADDRESS|SERVER|SERVERS|BROKERS?)$/i;
/** Managed services an app's data ordinarily goes to. */
const MANAGED =
  /(?:^|\.)(?:amazonaws\.com|azure\.com|windows\.net|azurewebsites\.net|googleapis\.com|cloud\.goog|cloudsql\.com|heroku\.com|herokuapp\.com|neon\.tech|supabase\.(?:co|com)|pooler\.supabase\.com|upstash\.io|redis-cloud\.com|redislabs\.com|mongodb\.net|psdb\.cloud|planetscale\.com|cockroachlabs\.cloud|aivencloud\.com|elephantsql\.com|render\.com|railway\.app|rlwy\.net|fly\.dev|flycast|ondigitalocean\.com|digitaloceanspaces\.com|cloudamqp\.com|confluent\.cloud|sendgrid\.net|mailgun\.org|postmarkapp\.com|amazonses\.com|sparkpostmail\.com|mailtrap\.io|sentry\.io|datadoghq\.(?:com|eu)|elastic-cloud\.com|elastic\.co|cloud\.es\.io|timescale\.com|tembo\.io|xata\.sh|turso\.io|vercel-storage\.com|r2\.cloudflarestorage\.com|backblazeb2\.com|wasabisys\.com)$/i;
/** Names of the user's own network. */
const INTERNAL_NAME =
  /\.(?:local|lan|internal|intranet|localdomain|home\.arpa|corp|svc|cluster\.local|consul)$/i;
/** CLIs that set an app's configuration, and the subcommand words that do. */
export const SETTING_CLIS =
  /^(?:heroku|fly|flyctl|kubectl|oc|az|gcloud|railway|netlify|dokku|doppler|render|vercel|docker|aws|cf|eb|scalingo|clever)$/;
const SETTING_WORDS =
  /^(?:config:set|config:add|secrets|set|env|env:set|appsettings|variables|update|update-env-vars|set-env-vars|--update-env-vars|--set-env-vars|setenv|set-env|--env-add|--settings|--environment|service|configure)$/;

/** The host an endpoint value names, or undefined when it names none. */
function endpointHost(value: string, environment: ShieldEnvironment): string | undefined {
  const text = value.trim().replace(/^["']|["']$/g, "");
  if (text.length === 0 || text.length > 2048) return undefined;
  const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `tcp://${text}`;
  const reading = readHost(url, environment);
  if (!reading || reading.loopback || reading.allowed || reading.engine) return undefined;
  const host = reading.host;
  if (PRIVATE_ADDRESS.test(host)) return undefined;
  if (reading.bareIp || reading.suspicious || reading.lookalike) return host;
  if (!host.includes(".") || INTERNAL_NAME.test(host) || MANAGED.test(host)) return undefined;
  if (!/\.[a-z]{2,24}$/i.test(host)) return undefined;
  return host;
}

/** `KEY=VALUE` pairs in an argument (`--settings A=1 B=2`, `--update-env-vars=A=1,B=2`, `Variables={A=1}`). */
function pairsOf(arg: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  const body = arg.replace(/^--[\w-]+=/, "").replace(/^Variables=\{|\}$/g, "");
  for (const part of body.split(/,(?=[A-Za-z_][\w]*=)/).slice(0, 16)) {
    const at = part.indexOf("=");
    if (at > 0) pairs.push([part.slice(0, at), part.slice(at + 1)]);
  }
  return pairs;
}

export function judgeEndpointSettingSegments(
  segments: readonly Segment[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const segment of segments.slice(0, 64)) {
    if (!SETTING_CLIS.test(segment.program)) continue;
    const argv = segment.argv;
    if (!argv.slice(1, 8).some((arg) => SETTING_WORDS.test(arg.split("=")[0]) || SETTING_WORDS.test(arg))) {
      continue;
    }
    for (const arg of argv.slice(1, 64)) {
      if (!arg.includes("=")) continue;
      for (const [key, value] of pairsOf(arg)) {
        if (!ENDPOINT_KEY.test(key)) continue;
        const host = endpointHost(value, environment);
        if (host) {
          findings.escalate("network", `"${segment.program}" points the app's ${key} at "${host}"`);
          return;
        }
      }
    }
  }
}

/** Endpoint settings in an open-world call's arguments: `{DATABASE_URL: url}` or `{key|name: "DATABASE_URL",
 * value: url}`, two levels down at most. */
export function judgeEndpointSettingCall(
  tool: string,
  payload: Record<string, unknown>,
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  if (!/env|config|var|secret|setting/i.test(tool)) return;
  let seen = 0;
  const visit = (value: unknown, depth: number): string | undefined => {
    if (depth > 3 || ++seen > 64 || value === null || typeof value !== "object") return undefined;
    const record = value as Record<string, unknown>;
    const named = record.key ?? record.name;
    if (typeof named === "string" && typeof record.value === "string" && ENDPOINT_KEY.test(named)) {
      const host = endpointHost(record.value, environment);
      if (host) return `${named} at "${host}"`;
    }
    for (const [key, inner] of Object.entries(record).slice(0, 32)) {
      if (typeof inner === "string") {
        if (ENDPOINT_KEY.test(key)) {
          const host = endpointHost(inner, environment);
          if (host) return `${key} at "${host}"`;
        } else if (/^[A-Za-z_]\w*=/.test(inner)) {
          for (const [pairKey, pairValue] of pairsOf(inner)) {
            const host = ENDPOINT_KEY.test(pairKey) ? endpointHost(pairValue, environment) : undefined;
            if (host) return `${pairKey} at "${host}"`;
          }
        }
      } else {
        const found = visit(inner, depth + 1);
        if (found) return found;
      }
    }
    return undefined;
  };
  const found = visit(payload, 0);
  if (found) findings.escalate("network", `"${tool}" points the app's ${found}`);
}
