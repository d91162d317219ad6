/** Round 48: long invented names ending in an upgrade word, submodules and clones from owners drawn like a
 * well-known one (written `.gitmodules` too), and well-known tools' images under owners that do not publish them ask;
 * real packages, owners and images pass. */

import assert from "node:assert/strict";
import { expectDecisions, run, tool, write } from "./decisions.ts";
import { lureSuffixTarget } from "../../../src/shield/effects/lure_suffix_names.ts";
import { imitatedOwner } from "../../../src/shield/effects/lookalike_owners.ts";
import { borrowedToolImage } from "../../../src/shield/effects/tool_images.ts";

Deno.test("invented names with an upgrade word ask; real names pass", async () => {
  await expectDecisions([
    [run("bun add next-auth-session-refresh-ultra"), "ESCALATE", "bun, ultra"],
    [tool("terminal", { cmd: "pipx install black-config-format-runner-official" }), "STOPPED", "pipx"],
    [
      write("package.json", '{"dependencies": {"socket.io-room-sync-enhanced": "^2.0.0"}}\n'),
      "ESCALATE",
      "manifest",
    ],
    [run("npm i highcharts-react-official"), "ALLOW", "a real three-word name"],
    [run("npm install next-auth"), "ALLOW", "the real package"],
  ]);
  assert.equal(lureSuffixTarget("npm", "react-native-fast-config-loader-pro"), "react-native");
  assert.equal(lureSuffixTarget("npm", "react-native-pro"), undefined, "one word: the combosquat check's");
  assert.equal(lureSuffixTarget("pypi", "Django_Rest_Auth_Helpers_Plus"), "django");
});

Deno.test("owners drawn like well-known ones ask, by command or written .gitmodules; the real owners pass", async () => {
  await expectDecisions([
    [run("git submodule add https://github.com/nIohmann/json deps/json"), "ESCALATE", "capital I"],
    [
      write(".gitmodules", '[submodule "x"]\n  path = x\n  url = https://github.com/catchorq/Catch2\n'),
      "ESCALATE",
      "q for g",
    ],
    [
      tool("apply_patch", {
        path: "lib/.gitmodules",
        content: '[submodule "z"]\n\turl = https://github.com/rnadler/zlib\n',
      }),
      "ESCALATE",
      "rn",
    ],
    [
      write(".gitmodules", '[submodule "x"]\n  path = x\n  url = https://github.com/catchorg/Catch2\n'),
      "ALLOW",
      "real",
    ],
    [run("git submodule add https://github.com/gabime/spdlog deps/spdlog"), "ALLOW", "real"],
  ]);
  assert.equal(imitatedOwner("nlohrnann"), '"nlohmann" with letters drawn alike');
  assert.equal(imitatedOwner("nlohmann"), undefined);
});

Deno.test("a tool's image under another owner asks; the publishers' images pass", async () => {
  await expectDecisions([
    [run("docker pull registry.gitlab.com/sec-tools/trufflehog:latest"), "ESCALATE", "gitlab registry"],
    [
      write("compose.yaml", "services:\n  lint:\n    image: ghcr.io/oxsec/megalinter:v8\n"),
      "ESCALATE",
      "compose",
    ],
    [run("docker run --rm ghcr.io/super-linter/super-linter:slim-v7"), "ALLOW", "the publisher"],
    [run("docker run --rm aquasec/trivy:0.56.2 image alpine:3.20"), "ALLOW", "the publisher, Docker Hub"],
  ]);
  assert.equal(borrowedToolImage("ghcr.io/lint-tools-io/super-linter:latest"), "super-linter/super-linter");
  assert.equal(borrowedToolImage("ghcr.io/super-linter/super-linter@sha256:abc"), undefined);
  assert.equal(borrowedToolImage("ghcr.io/acme/api-server:1.2"), undefined);
});
