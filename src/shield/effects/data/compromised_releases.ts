/** Releases attackers published under real package names (hijacked maintainer accounts, protestware, worms),
 * from the incident write-ups and advisories that named them: event-stream (npm, 2018), ua-parser-js, coa and
 * rc (CISA alerts, 2021), colors/faker and node-ipc (2022), eslint-scope (2018), @solana/web3.js,
 * @lottiefiles/lottie-player and @rspack (2024), rand-user-agent, the eslint-config-prettier "Scavenger" set and
 * is (2025), the chalk/debug maintainer phish (Sept 2025), Shai-Hulud (@ctrl/tinycolor), Nx "s1ngularity"
 * (Aug 2025); PyPI: ctx (2022), torchtriton (PyTorch-nightly, 2022), ultralytics (Dec 2024), num2words (2025).
 * `*` marks a name that only ever carried malware. Actions: repointed tags of tj-actions/changed-files
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
`;

// deno-fmt-ignore
export const COMPROMISED_PYPI = `
ctx 0.1.2 0.2.2 0.2.6 | torchtriton * | ultralytics 8.3.41 8.3.42 8.3.45 8.3.46 | num2words 0.5.15
`;

export const REPOINTED_ACTIONS = ["tj-actions/changed-files", "reviewdog/action-setup"];
