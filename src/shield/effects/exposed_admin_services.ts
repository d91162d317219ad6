/** Internal admin services put on the internet (round 88): a cluster's dashboards, monitoring, CI, message-broker
 * consoles and databases -- Grafana, Prometheus, Kibana, the Kubernetes dashboard, Argo CD, Jenkins, the RabbitMQ
 * console, pgAdmin, Postgres, Redis -- made reachable from outside: a Service patched or exposed as `LoadBalancer`
 * or `NodePort` (`kubectl expose|patch`, a tool's patch object, a manifest), `helm install|upgrade --set
 * ...service.type=LoadBalancer`, `kubectl port-forward --address 0.0.0.0`, a container published on `0.0.0.0:`,
 * and an Ingress for one of them with no authentication annotation (`auth-url`, `auth-type`, an allow-list of source
 * ranges, an auth middleware); and servers started or configured to take anyone (`kubectl proxy --address 0.0.0.0`,
 * Jupyter on every address with an empty token, `redis-server --protected-mode no`, `mongod --bind_ip_all` without
 * `--auth`, `pg_hba.conf` trusting every address). What passes: the app's own public frontend behind a load balancer, a port-forward to
 * localhost, listing services, an Ingress that names its authentication. ESCALATE.
 * Sources: Kubernetes Service types and `kubectl expose`/`port-forward --address` docs; kube-prometheus-stack and
 * Argo CD docs; ingress-nginx authentication annotations; the Tesla Kubernetes-dashboard cryptojacking incident
 * (RedLock, 2018); Aqua Nautilus on exposed Argo CD and Kubernetes dashboards (2023). */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { gated } from "./gate.ts";

/** Names of admin, monitoring, CI and data services (as a word of a service, release, chart or image name). */
export const ADMIN_SERVICE =
  /(?:^|[^a-z0-9])(?:grafana|prometheus|alertmanager|kibana|opensearch-dashboards|elasticsearch|kubernetes-dashboard|k8s-dashboard|argocd(?:-server)?|argo-cd|jenkins|rabbitmq(?:-management)?|portainer|pgadmin4?|phpmyadmin|adminer|mongo-express|redis-commander|redis|postgres(?:ql)?|mysql|mariadb|mongodb|mongo|etcd|consul|vault|nomad|traefik-dashboard|kafka-ui|akhq|airflow(?:-webserver)?|jupyter(?:hub)?|minio(?:-console)?|flower|jaeger(?:-query)?|zipkin|loki|weave-scope|rancher|spark-master|solr|couchdb|cockroachdb|clickhouse|influxdb|chronograf|netdata|cadvisor|pushgateway|thanos|keycloak-admin|vault-ui)(?=$|[^a-z0-9])/i;
const KUBECTL_VERBS = new Set(["expose", "patch", "create", "edit", "port-forward", "set", "apply"]);
const EXPOSED_TYPE = /\b(?:LoadBalancer|NodePort)\b/;
const EXPOSED_ANY_CASE = /\b(?:LoadBalancer|NodePort)\b/i;
const EXPOSE_HINT = /LoadBalancer|NodePort|0\.0\.0\.0|Ingress|::\/0/;
/** EXPOSE_HINT, answered from the literal scan of a long text the rules scanned (speed round 40: the regex ran over
 * every such text whole); any other text by the bare regex. */
const EXPOSE_GATE = gated(EXPOSE_HINT);
/** A server's own configuration letting every address in with no authentication: PostgreSQL `trust` for all
 * addresses in `pg_hba.conf`. (Elasticsearch on `0.0.0.0` with security off is the usual local container set-up:
 * inside a container every address is its own, and the port is published on loopback.) */
const OPEN_SERVER_CONFIG = /\bhost(?:ssl)?\s+all\s+all\s+(?:0\.0\.0\.0\/0|::\/0)\s+trust\b/;
const INGRESS = /\bkind["']?\s*:\s*["']?Ingress\b/;
/** An Ingress or route that names its authentication or restricts its sources. */
const INGRESS_AUTH =
  /auth-(?:url|type|signin|secret|tls-secret)|(?:whitelist|allowlist)-source-range|oauth2-proxy|basic-auth|forward-?auth|authentik|authelia|middlewares?["']?\s*:[^\n]*auth/i;

function segmentExposes(segment: Segment): string | undefined {
  const program = segment.program.toLowerCase();
  const text = segment.text;
  if (program === "kubectl" || program === "oc") {
    const verb = segment.argv.find((word) => KUBECTL_VERBS.has(word));
    if (
      (verb === "expose" || verb === "patch" || verb === "create" || verb === "edit") &&
      EXPOSED_ANY_CASE.test(text)
    ) {
      // `kubectl create service loadbalancer grafana` spells the type in lower case.
      return ADMIN_SERVICE.exec(text)?.[0];
    }
    if (verb === "port-forward" && /--address(?:=|\s+)(?:\S*,)?(?:0\.0\.0\.0|::|\*)/.test(text)) {
      return ADMIN_SERVICE.exec(text)?.[0] ?? "a service";
    }
    return undefined;
  }
  if (program === "helm" && /\b(?:install|upgrade)\b/.test(text)) {
    // `--set grafana.service.type=LoadBalancer`: the key before `service.type` or the release or chart names it.
    if (/service\.type=(?:LoadBalancer|NodePort)\b/.test(text)) return ADMIN_SERVICE.exec(text)?.[0];
    return undefined;
  }
  if (program === "kubectl" && segment.argv.includes("proxy")) {
    return /--address(?:=|\s+)0\.0\.0\.0|--accept-hosts(?:=|\s+)["']?\^?\.\*/.test(text)
      ? "the API server proxy"
      : undefined;
  }
  if (/^jupyter(?:-lab|-notebook)?$/.test(program)) {
    const everywhere = /--ip(?:=|\s+)["']?(?:0\.0\.0\.0|\*)/.test(text);
    return everywhere && /\.(?:token|password)(?:=|\s+)(?:["']{2}|\s|$)/.test(text) ? "jupyter" : undefined;
  }
  if (program === "redis-server") return /--protected-mode\s+no\b/.test(text) ? "redis" : undefined;
  if (program === "mongod") {
    return /--bind_ip_all\b|--bind_ip(?:=|\s+)0\.0\.0\.0/.test(text) && !/--auth\b/.test(text)
      ? "mongodb"
      : undefined;
  }
  if (program === "docker" || program === "podman" || program === "nerdctl") {
    if (!/(?:-p|--publish)(?:=|\s+)0\.0\.0\.0:\d/.test(text)) return undefined;
    return ADMIN_SERVICE.exec(text.replace(/-p\s+0\.0\.0\.0:\d+:\d+/g, " "))?.[0];
  }
  return undefined;
}

/** A command line that writes such a configuration (`echo ... >> pg_hba.conf`). */
export function judgeOpenServerCommand(tool: string, text: string, findings: Findings): void {
  const server = text.length <= 128 * 1024 ? OPEN_SERVER_CONFIG.exec(text) : null;
  if (server) {
    findings.escalate(
      "access",
      `"${tool}" lets anyone on the network into a database or search server ("${server[0]}")`,
    );
  }
}

/** Shell segments (`segments`) and the texts of a tool's payload or a manifest (`texts`). */
export function judgeExposedAdminServices(
  tool: string,
  segments: readonly Segment[],
  texts: readonly string[],
  findings: Findings,
): void {
  for (const segment of segments) {
    const service = segmentExposes(segment);
    if (service) {
      findings.escalate(
        "access",
        `"${tool}" exposes the internal service "${service.trim()}" outside the cluster`,
      );
      return;
    }
  }
  for (const text of texts) {
    if (text.length > 128 * 1024 || !EXPOSE_GATE.testScanned(text)) continue;
    const server = OPEN_SERVER_CONFIG.exec(text);
    if (server) {
      findings.escalate(
        "access",
        `"${tool}" lets anyone on the network into a database or search server ("${server[0]}")`,
      );
      return;
    }
    let service: string | undefined;
    if (EXPOSED_TYPE.test(text) && /\btype["']?\s*[:=]\s*["']?(?:LoadBalancer|NodePort)\b/.test(text)) {
      service = ADMIN_SERVICE.exec(text)?.[0];
    } else if (INGRESS.test(text) && !INGRESS_AUTH.test(text)) {
      // The backend service an Ingress routes to.
      const backend = /\bservice["']?\s*:\s*\{?\s*["']?name["']?\s*:\s*["']?([\w.-]+)/.exec(text)?.[1] ??
        /\bserviceName["']?\s*:\s*["']?([\w.-]+)/.exec(text)?.[1];
      if (backend) service = ADMIN_SERVICE.exec(backend)?.[0];
    }
    if (service) {
      findings.escalate(
        "access",
        `"${tool}" exposes the internal service "${service.trim()}" outside the cluster`,
      );
      return;
    }
  }
}
