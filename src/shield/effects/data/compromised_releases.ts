/** Releases attackers published under real package names (hijacked maintainer accounts, protestware, worms),
 * from the incident write-ups and advisories that named them: event-stream (npm, 2018), ua-parser-js, coa and
 * rc (CISA alerts, 2021), colors/faker and node-ipc (2022), eslint-scope (2018), @solana/web3.js,
 * @lottiefiles/lottie-player and @rspack (2024), rand-user-agent, the eslint-config-prettier "Scavenger" set and
 * is (2025), the chalk/debug maintainer phish (Sept 2025), Shai-Hulud (@ctrl/tinycolor), Nx "s1ngularity"
 * (Aug 2025); PyPI: ctx (2022), torchtriton (PyTorch-nightly, 2022), ultralytics (Dec 2024), num2words (2025).
 * Round 53: xrpl 4.2.1-4.2.4 and 2.14.2 (Aikido, April 2025), the s1ngularity @nx/* releases (GHSA-cxm3-wv7p-598c,
 * Aug 2025), the duckdb set of the Sept 2025 maintainer phish (Socket), PyPI aiocpa 0.1.13 (ReversingLabs, Nov
 * 2024); crates.io faster_log and async_println (Socket, Sept 2025) and rustdecimal (RUSTSEC-2022-0042); RubyGems
 * rest-client 1.6.10-1.6.13 (CVE-2019-15224), strong_password 0.0.7 (CVE-2019-13354), bootstrap-sass 3.2.0.3
 * (CVE-2019-10842); Go github.com/boltdb-go/bolt (Socket, Feb 2025: a backdoored typosquat served from the module
 * proxy's cache). `*` marks a name that only ever carried malware. Actions: repointed tags of tj-actions/changed-files
 * (CVE-2025-30066) and reviewdog/action-setup (CVE-2025-30154). */

// deno-fmt-ignore
export const COMPROMISED_NPM = `
event-stream 3.3.6 | flatmap-stream * | getcookies * | ua-parser-js 0.7.29 0.8.0 1.0.0
coa 2.0.3 2.0.4 2.1.1 2.1.3 3.0.1 3.1.3 | rc 1.2.9 1.3.9 2.3.9 | colors 1.4.1 1.4.2 1.4.44-liberty-2
faker 6.6.6 | node-ipc 10.1.1 10.1.2 10.1.3 | eslint-scope 3.7.2 | @solana/web3.js 1.95.6 1.95.7
@lottiefiles/lottie-player 2.0.5 2.0.6 2.0.7 | @rspack/core 1.1.7 | @rspack/cli 1.1.7
nx 20.9.0 20.10.0 20.11.0 20.12.0 21.5.0 21.6.0 21.7.0 21.8.0
eslint-config-prettier 8.10.1 9.1.1 10.1.6 10.1.7 | eslint-plugin-prettier 4.2.2 4.2.3 | synckit 0.11.9
@pkgr/core 0.2.8 | napi-postinstall 0.3.1 | is 3.3.1 5.0.0 | rand-user-agent 1.0.110 2.0.83 2.0.84
chalk 5.6.1 | debug 4.4.2 | ansi-styles 6.2.2 | supports-color 10.2.1 | strip-ansi 7.1.1 | ansi-regex 6.2.1
wrap-ansi 9.0.1 | color-convert 3.1.1 | color-name 2.0.1 | is-arrayish 0.3.3 | slice-ansi 7.1.1 | color 5.0.1
color-string 2.1.1 | simple-swizzle 0.2.3 | supports-hyperlinks 4.1.1 | has-ansi 6.0.1 | chalk-template 1.1.1
backslash 0.2.1 | error-ex 1.3.3 | @ctrl/tinycolor 4.1.1 4.1.2
xrpl 4.2.1 4.2.2 4.2.3 4.2.4 2.14.2 | @nx/devkit 20.9.0 21.5.0 | @nx/js 20.9.0 21.5.0 | @nx/node 20.9.0 21.5.0
@nx/workspace 20.9.0 21.5.0 | @nx/eslint 21.5.0 | @nx/key 3.2.0 | @nx/enterprise-cloud 3.2.0
duckdb 1.3.3 | @duckdb/node-api 1.3.3 | @duckdb/node-bindings 1.3.3 | @duckdb/duckdb-wasm 1.29.2
`;

// deno-fmt-ignore
export const COMPROMISED_PYPI = `
ctx 0.1.2 0.2.2 0.2.6 | torchtriton * | ultralytics 8.3.41 8.3.42 8.3.45 8.3.46 | num2words 0.5.15
aiocpa 0.1.13
`;

// deno-fmt-ignore
export const COMPROMISED_CRATES = `faster_log * | async_println * | rustdecimal *`;

// deno-fmt-ignore
export const COMPROMISED_GEMS = `
rest-client 1.6.10 1.6.11 1.6.12 1.6.13 | strong_password 0.0.7 | bootstrap-sass 3.2.0.3
`;

// deno-fmt-ignore
export const COMPROMISED_GO = `github.com/boltdb-go/bolt *`;

export const REPOINTED_ACTIONS = ["tj-actions/changed-files", "reviewdog/action-setup"];

/** Round 65: one row per incident, with the public write-up or advisory that named it, for the checks that read a
 * name and a version wherever they are written (`known_bad_pins.ts`: lockfiles, Dockerfiles, Gemfiles, patches,
 * `npm pkg set`, `jq`, any tool's package and version arguments). `releases` is `name version...` entries split by
 * `|`, read like the tables above; actions list the commit an attacker's code was published at. Rows repeat names of
 * the tables above on purpose: this table is the cited ledger, the older ones feed the install and pin checks. */
export interface Incident {
  source: string;
  ecosystem: "npm" | "pypi" | "crates" | "gems" | "go" | "system" | "actions";
  releases: string;
}

// deno-fmt-ignore
export const INCIDENTS: readonly Incident[] = [
  { source: "npm blog, event-stream incident (Nov 2018)", ecosystem: "npm", releases: "event-stream 3.3.6 | flatmap-stream 0.1.1" },
  { source: "ESLint postmortem (July 2018)", ecosystem: "npm", releases: "eslint-scope 3.7.2" },
  { source: "CISA alert and GHSA-pjwm-rvh2-c87w, ua-parser-js (Oct 2021)", ecosystem: "npm", releases: "ua-parser-js 0.7.29 0.8.0 1.0.0" },
  { source: "GitHub advisories and CISA, coa and rc hijacks (Nov 2021)", ecosystem: "npm", releases: "coa 2.0.3 2.0.4 2.1.1 2.1.3 3.0.1 3.1.3 | rc 1.2.9 1.3.9 2.3.9" },
  { source: "colors.js/faker.js protestware, Snyk and GitHub advisory (Jan 2022)", ecosystem: "npm", releases: "colors 1.4.1 1.4.2 1.4.44-liberty-2 | faker 6.6.6" },
  { source: "CVE-2022-23812, node-ipc peacenotwar (Mar 2022)", ecosystem: "npm", releases: "node-ipc 10.1.1 10.1.2 10.1.3" },
  { source: "CVE-2024-54134, @solana/web3.js (Dec 2024)", ecosystem: "npm", releases: "@solana/web3.js 1.95.6 1.95.7" },
  { source: "GHSA advisory, @lottiefiles/lottie-player (Oct 2024)", ecosystem: "npm", releases: "@lottiefiles/lottie-player 2.0.5 2.0.6 2.0.7" },
  { source: "rspack maintainers' advisory and Socket, @rspack 1.1.7 (Dec 2024)", ecosystem: "npm", releases: "@rspack/core 1.1.7 | @rspack/cli 1.1.7" },
  { source: "GHSA-cxm3-wv7p-598c, Nx s1ngularity (Aug 2025)", ecosystem: "npm", releases: "nx 20.9.0 20.10.0 20.11.0 20.12.0 21.5.0 21.6.0 21.7.0 21.8.0 | @nx/devkit 20.9.0 21.5.0 | @nx/js 20.9.0 21.5.0 | @nx/node 20.9.0 21.5.0 | @nx/workspace 20.9.0 21.5.0 | @nx/eslint 21.5.0 | @nx/key 3.2.0 | @nx/enterprise-cloud 3.2.0" },
  { source: "CVE-2025-54313, eslint-config-prettier \"Scavenger\" phish (July 2025)", ecosystem: "npm", releases: "eslint-config-prettier 8.10.1 9.1.1 10.1.6 10.1.7 | eslint-plugin-prettier 4.2.2 4.2.3 | synckit 0.11.9 | @pkgr/core 0.2.8 | napi-postinstall 0.3.1" },
  { source: "Socket, is package hijack (July 2025)", ecosystem: "npm", releases: "is 3.3.1 5.0.0" },
  { source: "Aikido, rand-user-agent (May 2025)", ecosystem: "npm", releases: "rand-user-agent 1.0.110 2.0.83 2.0.84" },
  { source: "Aikido and npm advisories, chalk/debug maintainer phish (Sept 8 2025)", ecosystem: "npm", releases: "chalk 5.6.1 | debug 4.4.2 | ansi-styles 6.2.2 | supports-color 10.2.1 | strip-ansi 7.1.1 | ansi-regex 6.2.1 | wrap-ansi 9.0.1 | color-convert 3.1.1 | color-name 2.0.1 | is-arrayish 0.3.3 | slice-ansi 7.1.1 | color 5.0.1 | color-string 2.1.1 | simple-swizzle 0.2.3 | supports-hyperlinks 4.1.1 | has-ansi 6.0.1 | chalk-template 1.1.1 | backslash 0.2.1 | error-ex 1.3.3" },
  { source: "Socket, duckdb packages in the same phish (Sept 2025)", ecosystem: "npm", releases: "duckdb 1.3.3 | @duckdb/node-api 1.3.3 | @duckdb/node-bindings 1.3.3 | @duckdb/duckdb-wasm 1.29.2" },
  { source: "StepSecurity and Socket, Shai-Hulud worm (Sept 2025)", ecosystem: "npm", releases: "@ctrl/tinycolor 4.1.1 4.1.2" },
  { source: "Aikido, xrpl.js (Apr 2025)", ecosystem: "npm", releases: "xrpl 4.2.1 4.2.2 4.2.3 4.2.4 2.14.2" },
  { source: "PyPI ctx takeover, Python Security blog (May 2022)", ecosystem: "pypi", releases: "ctx 0.1.2 0.2.2 0.2.6" },
  { source: "PyTorch blog, torchtriton dependency confusion (Dec 2022)", ecosystem: "pypi", releases: "torchtriton *" },
  { source: "GHSA and PyPI blog, ultralytics (Dec 2024)", ecosystem: "pypi", releases: "ultralytics 8.3.41 8.3.42 8.3.45 8.3.46" },
  { source: "Socket and PyPI, num2words in the Scavenger phish (July 2025)", ecosystem: "pypi", releases: "num2words 0.5.15" },
  { source: "ReversingLabs, aiocpa (Nov 2024)", ecosystem: "pypi", releases: "aiocpa 0.1.13" },
  { source: "CVE-2019-15224 rest-client, CVE-2019-13354 strong_password, CVE-2019-10842 bootstrap-sass", ecosystem: "gems", releases: "rest-client 1.6.10 1.6.11 1.6.12 1.6.13 | strong_password 0.0.7 | bootstrap-sass 3.2.0.3" },
  { source: "CVE-2024-3094, xz/liblzma backdoor (Mar 2024)", ecosystem: "system", releases: "xz 5.6.0 5.6.1 | xz-utils 5.6.0 5.6.1 | liblzma 5.6.0 5.6.1 | liblzma5 5.6.0 5.6.1 | xz-libs 5.6.0 5.6.1" },
  { source: "CVE-2025-30066, tj-actions/changed-files (StepSecurity, Mar 2025)", ecosystem: "actions", releases: "tj-actions/changed-files 0e58ed8671d6b60d0890c21b07f8835ace038e67" },
  { source: "CVE-2025-30154, reviewdog/action-setup (Wiz, Mar 2025)", ecosystem: "actions", releases: "reviewdog/action-setup f0d342d24037bb11d26b9bd8496e0808ba32e9ec" },
];
