/** Internal admin services put on the internet (round 88): a cluster's dashboards, monitoring, CI, message-broker
 * consoles and databases -- Grafana, Prometheus, Kibana, the Kubernetes dashboard, Argo CD, Jenkins, the RabbitMQ
 * console, pgAdmin, Postgres, Redis -- made reachable from outside: a Service patched or exposed as `LoadBalancer`
 * or `NodePort` (`kubectl expose|patch`, a tool's patch object, a manifest), `helm install|upgrade --set
 * ...service.type=LoadBalancer`, `kubectl port-forward --address 0.0.0.0`, a container published on `0.0.0.0:`,
 * and an Ingress for one of them with no authentication annotation (`auth-url`, `auth-type`, an allow-list of source
 * ranges, an auth middleware). What passes: the app's own public frontend behind a load balancer, a port-forward to
 * localhost, listing services, an Ingress that names its authentication. ESCALATE.
 * Sources: Kubernetes Service types and `kubectl expose`/`port-forward --address` docs; kube-prometheus-stack and
 * Argo CD docs; ingress-nginx authentication annotations; the Tesla Kubernetes-dashboard cryptojacking incident
 * (RedLock, 2018); Aqua Nautilus on exposed Argo CD and Kubernetes dashboards (2023). */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

/** Names of admin, monitoring, CI and data services (as a word of a service, release, chart or image name). */
export const ADMIN_SERVICE =
  /(?:^|[^a-z0-9])(?:grafana|prometheus|alertmanager|kibana|opensearch-dashboards|elasticsearch|kubernetes-dashboard|k8s-dashboard|argocd(?:-server)?|argo-cd|jenkins|rabbitmq(?:-management)?|portainer|pgadmin4?|phpmyadmin|adminer|mongo-express|redis-commander|redis|postgres(?:ql)?|mysql|mariadb|mongodb|mongo|etcd|consul|vault|nomad|traefik-dashboard|kafka-ui|akhq|airflow(?:-webserver)?|jupyter(?:hub)?|minio(?:-console)?|flower|jaeger(?:-query)?|zipkin|loki|weave-scope|rancher|spark-master|solr|couchdb|cockroachdb|clickhouse|influxdb|chronograf|netdata|cadvisor|pushgateway|thanos|keycloak-admin|vault-ui)(?=$|[^a-z0-9])/i;
const KUBECTL_VERBS = new Set(["expose", "patch", "create", "edit", "port-forward", "set", "apply"]);
const EXPOSED_TYPE = /\b(?:LoadBalancer|NodePort)\b/;
const EXPOSE_HINT = /LoadBalancer|NodePort|0\.0\.0\.0|Ingress/;
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
      EXPOSED_TYPE.test(text)
    ) {
      return ADMIN_SERVICE.exec(text.replace(EXPOSED_TYPE, " "))?.[0];
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
  if (program === "docker" || program === "podman" || program === "nerdctl") {
    if (!/(?:-p|--publish)(?:=|\s+)0\.0\.0\.0:\d/.test(text)) return undefined;
    return ADMIN_SERVICE.exec(text.replace(/-p\s+0\.0\.0\.0:\d+:\d+/g, " "))?.[0];
  }
  return undefined;
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
    if (text.length > 128 * 1024 || !EXPOSE_HINT.test(text)) continue;
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
