/** Well-known Go module owners (GitHub organisations and users behind widely imported modules and `go install`
 * tools), chosen by hand from pkg.go.dev's most imported modules and the Go team's own tools: no download list
 * of the Go module proxy is reachable from this project. Lookalike checks compare module owners with them. */

// deno-fmt-ignore
export const POPULAR_GO_OWNERS = `
golang google stretchr spf13 gin-gonic gorilla sirupsen uber-go grpc kubernetes kubernetes-sigs hashicorp aws
aws-sdk-go-v2 prometheus boltdb etcd-io go-redis redis jackc lib mattn urfave pkg labstack gofiber rs
davecgh pmezard go-sql-driver go-playground golang-jwt golang-migrate golangci gobwas gorm go-gorm jmoiron
json-iterator tidwall valyala fatih cespare dgraph-io docker moby containerd opencontainers open-telemetry
cloudflare cockroachdb minio nats-io segmentio shopify ibm confluentinc twmb mitchellh pelletier BurntSushi
burntsushi go-yaml yaml fsnotify charmbracelet spf13 cobra onsi golang-design go-chi chi go-kit gogo
gogo golang-module grpc-ecosystem envoyproxy istio helm cli go-git go-logr klauspost pierrec ulikunitz
andybalholm mailru goccy bytedance swaggo go-openapi getkin oapi-codegen sqlc-dev pressly ent entgo
vektra golang-standards air-verse cosmtrek mvdan dominikh honnef securego sonatype-nexus-community
goreleaser magefile derekparker go-delve kisielk fullstorydev ktr0731 bufbuild connectrpc twitchtv
rakyll google-cloud googleapis azure Azure microsoft getsentry DataDog datadog newrelic elastic olivere
temporalio cenkalti avast sethvargo caarlos0 joho kelseyhightower spf13 go-viper knadh alecthomas
urfave jessevdk peterbourgon rogpeppe frankban quasilyte ory coreos dexidp go-ldap gophercloud
vmware digitalocean linode hetznercloud pulumi terraform-providers zclconf apparentlymart gruntwork-io
tailscale wireguard cilium vishvananda miekg insomniacslk mdlayher coredns traefik caddyserver libp2p
ethereum ipfs filecoin-project hyperledger tendermint cometbft cosmos gonum montanaflynn shopspring
ericlagergren lestrrat-go dgrijalva square go-jose jcmturner gorilla nhooyr coder gookit manifoldco
`;
