/** Docker Hub's most pulled official and verified images, chosen by hand (split from image_lookalikes.ts in round 39):
 * a name one letter from one of these, or one of these under a lookalike namespace, imitates it. */

// deno-fmt-ignore
export const POPULAR_IMAGES: ReadonlySet<string> = new Set(`
nginx ubuntu alpine node python postgres redis mysql mongo debian busybox httpd golang openjdk rabbitmq
memcached traefik mariadb centos fedora amazonlinux elasticsearch kibana logstash grafana prometheus
registry vault consul wordpress php ruby rust gcc haproxy jenkins sonarqube tomcat caddy nats influxdb
telegraf cassandra couchdb neo4j zookeeper kafka eclipse-temurin amazoncorretto maven gradle composer
bash docker buildpack-deps archlinux rockylinux almalinux oraclelinux perl erlang elixir swift dart
julia r-base clojure groovy hello-world nextcloud ghost drupal joomla solr sentry minio etcd adminer
phpmyadmin mongo-express pypy bitnami mcr playwright selenium percona clickhouse timescaledb
`.split(/\s+/).filter(Boolean));
