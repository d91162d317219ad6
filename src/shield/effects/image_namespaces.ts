/** An official image's name under a lookalike namespace on Docker Hub (round 39): `nodejs/node`,
 * `docker.io/python-official/python`, `postgresql/postgres`, `redis-io/redis` -- an account named after the image
 * that is not its publisher, so `FROM docker.io/nodejs/node:20-alpine` reads like the official `node` and is anyone's
 * upload (miners and back doors in impostor images). The namespaces that do publish images of those names -- Docker's
 * `library`, its architecture namespaces, vendors (`prom/prometheus`, `jenkins/jenkins`, `bitnami/...`, `cimg/...`) -- pass,
 * and so does any namespace unlike the name (`wurstmeister/kafka`). Asked wherever a one-letter lookalike is
 * (image_lookalikes.ts): `docker run`/`pull`, written Dockerfiles and manifests, and commands that write a container
 * file (`sed -i 's#FROM node#FROM nodejs/node#' Dockerfile`: shell_images.ts).
 * Sources: Sysdig, "Analysis of Supply Chain Attacks Through Public Docker Images" (2022); JFrog on imageless
 * Docker Hub repositories (2024); Docker docs, Docker Official Images and the `library` namespace. */

import { editDistance } from "./package_lookalikes.ts";
import { POPULAR_IMAGES } from "./data/popular_images.ts";

/** Namespaces that publish images under an official image's name, or under a name holding their own. */
// deno-fmt-ignore
const PUBLISHERS = new Set(`
library docker amd64 arm64v8 arm32v7 arm32v6 arm32v5 i386 ppc64le s390x riscv64 mips64le windows winamd64 bitnami
circleci cimg ubuntu jenkins elastic grafana hashicorp influxdata sonatype gradle mongodb apache couchbase neo4j mysql
mariadb percona haproxytech nginxinc nginx traefik kong rancher gitlab sonarsource portainer selenium minio
confluentinc localstack amazon linuxserver chainguard redhat prom caddy timescale getsentry phpmyadmin swiftlang
rustlang composer redislabs archlinux rockylinux almalinux amazonlinux clickhouse nats postgis
`.split(/\s+/).filter(Boolean));
const DOCKER_HUB = /^(?:docker\.io|index\.docker\.io|registry-1\.docker\.io|registry\.hub\.docker\.com)$/i;

/** The official image `image` is an impostor of through its namespace, with that namespace, or undefined. */
export function impostorNamespace(image: string): { official: string; namespace: string } | undefined {
  let parts = image.split("@")[0].toLowerCase().split("/");
  if (parts.length === 3 && DOCKER_HUB.test(parts[0])) parts = parts.slice(1);
  if (parts.length !== 2) return undefined;
  const namespace = parts[0];
  const name = parts[1].split(":")[0];
  if (!POPULAR_IMAGES.has(name) || PUBLISHERS.has(namespace)) return undefined;
  const inside = (short: string, long: string) => short.length >= 4 && long.includes(short);
  const near = inside(name, namespace) || inside(namespace, name) ||
    (namespace.length >= 4 && editDistance(namespace, name, 1) <= 1) ||
    /official|library|docker/.test(namespace);
  return near ? { official: name, namespace } : undefined;
}
