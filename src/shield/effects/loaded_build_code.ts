/** Build and tool configurations that load code from a URL: a `tsconfig.json` compiler plugin `transform`, a
 * `vite.config.*`/`webpack.config.*`/`eslint.config.*`/`babel.config.*` that imports or requires an `https://`
 * module. These files run with the developer's rights at every build, lint or test, so code fetched into them from
 * a host that is neither allowed nor this machine escalates (MITRE ATT&CK T1195.001; malicious build plugins).
 * A plugin named from the registry passes. */

import type { ShieldEnvironment } from "../environment.ts";
import type { Findings } from "./findings.ts";
import { readHost } from "./hosts.ts";
import { matchesOf } from "../match_all.ts";

const BUILD_CONFIG =
  /(?:^|\/)(?:tsconfig(?:\.[\w-]+)?\.json|jsconfig\.json|\.babelrc(?:\.\w+)?|\.eslintrc(?:\.\w+)?|\.swcrc|(?:vite|vitest|webpack|rollup|rolldown|esbuild|babel|eslint|prettier|jest|tailwind|postcss|next|nuxt|svelte|astro|playwright|karma|tsup|rspack|turbo|metro)(?:\.[\w-]+)*\.(?:js|cjs|mjs|ts|cts|mts|json)|gulpfile\.\w+|Gruntfile\.\w+)$/i;
/** URLs where code is loaded: imports, requires, and plugin/transform/preset/loader/extends values. */
const LOADED_URL =
  /(?:\bimport\s*(?:[\w{},*\s]+\s+from\s*)?\(?\s*|\brequire\s*\(\s*|"(?:transform|plugins?|presets?|loader|extends|path|parser|module|resolver)"\s*:\s*\[?\s*)["'`](https?:\/\/[^"'`\s]+)/gi;

export function judgeLoadedBuildCode(
  paths: readonly string[],
  contents: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  if (!paths.some((path) => BUILD_CONFIG.test(path))) return;
  for (const content of contents.slice(0, 16)) {
    if (content.length > 256 * 1024 || !content.includes("http")) continue;
    for (const match of matchesOf(LOADED_URL, content)) {
      const host = readHost(match[1], environment);
      if (!host || host.loopback || host.allowed) continue;
      findings.escalate("exec", `a build configuration loads code from "${host.host}" at every build`);
      return;
    }
  }
}
