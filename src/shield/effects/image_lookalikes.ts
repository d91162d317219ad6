/** Container images whose name is one edit from a well-known official image (`ngnix`, `pyhton`, `postgress`):
 * typosquatted images on public registries carry miners and back doors. The list is Docker Hub's most pulled
 * official and verified images, chosen by hand. */

import type { Findings } from "./findings.ts";
import { editDistance } from "./package_lookalikes.ts";

// deno-fmt-ignore
const POPULAR_IMAGES = new Set(`
nginx ubuntu alpine node python postgres redis mysql mongo debian busybox httpd golang openjdk rabbitmq
memcached traefik mariadb centos fedora amazonlinux elasticsearch kibana logstash grafana prometheus
registry vault consul wordpress php ruby rust gcc haproxy jenkins sonarqube tomcat caddy nats influxdb
telegraf cassandra couchdb neo4j zookeeper kafka eclipse-temurin amazoncorretto maven gradle composer
bash docker buildpack-deps archlinux rockylinux almalinux oraclelinux perl erlang elixir swift dart
julia r-base clojure groovy hello-world nextcloud ghost drupal joomla solr sentry minio etcd adminer
phpmyadmin mongo-express pypy bitnami mcr playwright selenium percona clickhouse timescaledb
`.split(/\s+/).filter(Boolean));

/** The official image `image` imitates, if any (registry, owner, tag and digest set aside). */
export function imageLookalike(image: string): string | undefined {
  const withoutDigest = image.split("@")[0];
  const parts = withoutDigest.split("/");
  if (parts.length > 2 || (parts.length === 2 && parts[0] !== "library")) return undefined;
  const name = parts[parts.length - 1].split(":")[0].toLowerCase();
  if (name.length < 4 || POPULAR_IMAGES.has(name)) return undefined;
  for (const known of POPULAR_IMAGES) {
    if (Math.abs(known.length - name.length) <= 1 && editDistance(name, known, 1) <= 1) return known;
  }
  return undefined;
}

const WRITTEN_IMAGE = /^\s*(?:FROM\s+(?:--platform=\S+\s+)?|-?\s*image:\s*["']?)([\w.\/:@-]+)/gim;

/** Images named in written Dockerfiles, compose files and manifests (`FROM pyhton:3.12`, `image: postgress`). */
export function judgeWrittenImages(texts: readonly string[], findings: Findings): void {
  for (const text of texts.slice(0, 8)) {
    if (text.length > 256 * 1024 || !/\b(?:FROM|image:)/.test(text)) continue;
    for (const match of text.matchAll(WRITTEN_IMAGE)) {
      const known = imageLookalike(match[1]);
      if (known) {
        findings.escalate(
          "install",
          `names the image "${match[1]}", one letter from the official "${known}"`,
        );
        return;
      }
    }
  }
}

export function judgeImageName(image: string | undefined, findings: Findings): void {
  const known = image ? imageLookalike(image) : undefined;
  if (known) {
    findings.escalate("install", `runs the image "${image}", one letter from the official "${known}"`);
  }
}
