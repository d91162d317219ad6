/** Hand-picked lists of widely used packages of ecosystems without a downloaded list here (RubyGems, Go
 * modules, Packagist, NuGet, VS Code extensions), and npm command-line tools run through `npx` that fall outside
 * the downloaded top 10,000. Picked from each registry's public "most downloaded" pages (2025), the npx-run MCP tools
 * from the README of github.com/modelcontextprotocol/servers and their npm pages; a name one or two edits from one of
 * these imitates it. The Go list also names the modules public typosquat reports found imitated under other owners
 * (Socket, "Typosquatted Go Packages Deliver Malware Loader Targeting Linux and macOS Systems", 2025: `hypert`,
 * `layout`): their repository names under an unknown owner are the lure. */

const list = (text: string): readonly string[] => text.split(/\s+/).filter(Boolean);

export const POPULAR_GEMS = list(`
rails rake bundler rspec rack nokogiri json activesupport activerecord actionpack devise puma sinatra rubocop pry
thor i18n tzinfo concurrent-ruby minitest aws-sdk-s3 faraday httparty rest-client mime-types sidekiq redis pg mysql2
sqlite3 capybara selenium-webdriver webmock factory_bot faker kaminari pundit cancancan carrierwave jwt bcrypt oauth2
omniauth graphql grape jbuilder sass-rails turbolinks webpacker jquery-rails bootsnap listen spring byebug rubyzip
builder erubi mail addressable public_suffix rainbow parser zeitwerk net-ssh highline colorize awesome_print dotenv
figaro sentry-ruby newrelic_rpm unicorn passenger ffi rb-fsevent rb-inotify fastlane cocoapods jekyll liquid kramdown
rouge strong_migrations
`);

export const POPULAR_GO_MODULES = list(`
github.com/gorilla/mux github.com/gin-gonic/gin github.com/spf13/cobra github.com/spf13/viper github.com/sirupsen/logrus
go.uber.org/zap github.com/stretchr/testify github.com/pkg/errors github.com/google/uuid github.com/go-sql-driver/mysql
github.com/lib/pq github.com/jackc/pgx github.com/redis/go-redis github.com/go-redis/redis github.com/labstack/echo
github.com/gofiber/fiber github.com/urfave/cli github.com/golang/protobuf google.golang.org/grpc
google.golang.org/protobuf github.com/prometheus/client_golang github.com/aws/aws-sdk-go github.com/aws/aws-sdk-go-v2
github.com/hashicorp/terraform github.com/docker/docker k8s.io/client-go github.com/golang-jwt/jwt
github.com/gorilla/websocket github.com/mattn/go-sqlite3 gorm.io/gorm github.com/jmoiron/sqlx github.com/rs/zerolog
github.com/joho/godotenv github.com/mitchellh/mapstructure github.com/fatih/color github.com/charmbracelet/bubbletea
github.com/cli/cli github.com/golangci/golangci-lint github.com/go-chi/chi github.com/julienschmidt/httprouter
github.com/valyala/fasthttp github.com/nats-io/nats.go github.com/segmentio/kafka-go github.com/IBM/sarama
github.com/minio/minio-go github.com/tidwall/gjson github.com/json-iterator/go github.com/google/go-cmp
github.com/davecgh/go-spew github.com/BurntSushi/toml gopkg.in/yaml.v3 github.com/go-playground/validator
github.com/swaggo/swag github.com/boltdb/bolt go.etcd.io/bbolt github.com/hashicorp/vault
github.com/areknoster/hypert github.com/loov/layout github.com/rs/zerolog github.com/charmbracelet/bubbletea
github.com/gorilla/websocket github.com/mattn/go-sqlite3 github.com/jmoiron/sqlx github.com/joho/godotenv
github.com/go-resty/resty github.com/fsnotify/fsnotify github.com/spf13/pflag github.com/google/go-github
`);

export const POPULAR_COMPOSER = list(`
symfony/console symfony/http-foundation symfony/routing symfony/yaml symfony/process symfony/finder laravel/framework
laravel/laravel guzzlehttp/guzzle monolog/monolog phpunit/phpunit doctrine/orm doctrine/dbal twig/twig vlucas/phpdotenv
nesbot/carbon league/flysystem predis/predis phpmailer/phpmailer composer/composer psr/log ramsey/uuid fakerphp/faker
mockery/mockery nikic/php-parser phpstan/phpstan friendsofphp/php-cs-fixer squizlabs/php_codesniffer
spatie/laravel-permission intervention/image firebase/php-jwt aws/aws-sdk-php stripe/stripe-php
`);

export const POPULAR_NUGET = list(`
Newtonsoft.Json Serilog NLog AutoMapper Dapper Moq xunit NUnit FluentAssertions Polly MediatR Swashbuckle.AspNetCore
Microsoft.EntityFrameworkCore Microsoft.Extensions.Logging Microsoft.Extensions.DependencyInjection System.Text.Json
Npgsql StackExchange.Redis RestSharp AWSSDK.Core Azure.Storage.Blobs Google.Protobuf Grpc.Net.Client FluentValidation
Hangfire Bogus CsvHelper HtmlAgilityPack
`);

/** VS Code extensions: round 34's longer list (what `code --install-extension` and a workspace's recommendations are
 * compared with). */
export { POPULAR_VSCODE_EXTENSIONS as POPULAR_VSCODE } from "./popular_vscode_extensions.ts";

export const POPULAR_NPX_TOOLS = list(`
create-react-app create-next-app create-vite create-t3-app create-remix create-astro create-svelte degit vercel
netlify-cli firebase-tools @angular/cli @vue/cli nodemon pm2 serve http-server live-server json-server typescript
ts-node tsx eslint prettier jest vitest cross-env rimraf concurrently prisma wrangler markdownlint-cli2
mcp-remote @modelcontextprotocol/inspector @modelcontextprotocol/server-filesystem @modelcontextprotocol/server-github
@modelcontextprotocol/server-memory @modelcontextprotocol/server-everything @modelcontextprotocol/server-sequential-thinking
@playwright/mcp
`);
