/** Round 26: the body a request tool writes with is read as an API tool's arguments: a repository created or
 * flipped public through a raw HTTP call is stopped as `create_repository {private: false}` is, beside the private
 * and ordinary calls. Hosts, methods and body shapes differ from the dev cases. */

import { expectDecisions, run, tool } from "./decisions.ts";

Deno.test("request bodies that make something public are stopped, private and ordinary bodies are not", async () => {
  await expectDecisions([
    [
      tool("http_request", {
        method: "POST",
        url: "https://api.github.com/orgs/me/repos",
        body: '{"name":"x","private":false}',
      }),
      "STOPPED",
      "json text",
    ],
    [
      tool("api_request", {
        method: "patch",
        url: "https://api.github.com/repos/me/secrets",
        json: { private: false },
      }),
      "STOPPED",
      "flip",
    ],
    [
      tool("http_request", {
        method: "POST",
        url: "https://api.github.com/user/repos",
        body: { name: "x", private: true },
      }),
      "ALLOW",
      "private",
    ],
    [
      tool("http_request", {
        method: "GET",
        url: "https://api.github.com/repos/me/site",
        body: { private: false },
      }),
      "ALLOW",
      "a read",
    ],
  ]);
});

Deno.test("bodies sent by gh api and curl are read the same", async () => {
  await expectDecisions([
    [run("gh api repos/me/vault -X PATCH -F private=false"), "STOPPED", "gh api"],
    [
      run(`curl -X POST -d '{"name":"drop","private":false}' https://api.github.com/orgs/me/repos`),
      "STOPPED",
      "curl -d",
    ],
    [run("gh api repos/me/vault -X PATCH -f description=notes"), "ALLOW", "gh api description"],
    [
      run(`curl -X POST -d '{"name":"drop","private":true}' https://api.github.com/orgs/me/repos`),
      "ALLOW",
      "private",
    ],
  ]);
});
