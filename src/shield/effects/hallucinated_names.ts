/** Package names an assistant invents for a popular library (slopsquatting, round 39): the real name or the stem
 * of one (`huggingface` of `huggingface-hub`) stacked with the words a made-up name is built from -- `-cli`,
 * `-tools`, `-sdk`, `-python`, `-utils` after it, `python-`, `py-`, `node-` before it, two or more of them
 * (`huggingface-cli-tools`, `openai-python-sdk`, `react-native-utils-pro`). Attackers register the names models
 * repeat. One affix alone on a popular name is the combosquat check's (package_lookalikes.ts, top names only);
 * this one peels several, against every popular name. Names that are themselves popular pass, and the verdict is a
 * prompt: some such names are honest. `-client` and `-core` are left out: honest names end so
 * (`prometheus-api-client`, `azure-cli-core`, none flagged among the popular names ranked past 1,000). Sources: Spracklen et al., "We Have a Package for You! A Comprehensive
 * Analysis of Package Hallucinations by Code Generating LLMs" (USENIX Security 2025); Lasso Security on the
 * hallucinated `huggingface-cli` (2024); Socket and Aikido on slopsquatting (2025). */

import { type Ecosystem, normalName, popularNames } from "./package_lookalikes.ts";
import type { NameSet } from "./packed_names.ts";
import { stemTarget } from "./sibling_squats.ts";

/** Words a hallucinated name adds after the real one. */
const TRAILING = new Set(
  `cli sdk api tools tool utils util utilities helper helpers python py python3 js node lib wrapper
  toolkit kit plus pro official extra extras ext integration bindings`.split(/\s+/),
);
/** Words it adds before the real one: a language, a registry, or the vendor the library is for (`aws-boto3-helper`;
 * with the vendors, one of the 16,000 popular names past the first 1,000 is flagged when taken off the list). */
const LEADING = new Set(
  `python py python3 node js npm pypi official aws google azure microsoft meta openai anthropic nvidia amazon`
    .split(
      /\s+/,
    ),
);

/** Cores shorter than this collide honestly (`ai-sdk-tools`). */
const MIN_CORE = 5;

/** The popular package `name` stacks two or more affixes on, or undefined. */
export function stackedAffixTarget(ecosystem: Ecosystem, name: string): string | undefined {
  if (name.startsWith("@")) return undefined;
  let core = normalName(ecosystem, name);
  const popular = popularNames(ecosystem);
  if (popular.has(core)) return undefined;
  let peeled = 0;
  for (;;) {
    const tail = /[-_.]([a-z0-9]+)$/.exec(core);
    const head = /^([a-z0-9]+)[-_.]/.exec(core);
    if (tail && TRAILING.has(tail[1]) && tail.index > 0) core = core.slice(0, tail.index);
    else if (head && LEADING.has(head[1]) && head[0].length < core.length) core = core.slice(head[0].length);
    else break;
    peeled++;
  }
  if (peeled < 2 || core.length < MIN_CORE) return undefined;
  return popular.has(core) ? core : stemTarget(core, popular);
}

/** Suffixes a company's npm scope carries or drops (`@anthropic-ai` and `@anthropic`). */
const SCOPE_SUFFIX = /-(?:ai|js|io|dev|hq|inc|labs|org|team|official|sdk)$/;
const scopesByList = new WeakMap<NameSet, Set<string>>();

function scopesOf(popular: NameSet): Set<string> {
  let scopes = scopesByList.get(popular);
  if (!scopes) {
    scopes = new Set();
    for (const name of popular) if (name.startsWith("@")) scopes.add(name.slice(1, name.indexOf("/")));
    scopesByList.set(popular, scopes);
  }
  return scopes;
}

/** The popular npm scope a scoped name's scope imitates by taking a company suffix off or on (`@anthropic/sdk` for
 * `@anthropic-ai/...`, `@vercel-ai/...` for `@vercel/...`): an assistant's guess at the scope, which anyone may register
 * while the real one is owned. Scopes that hold popular packages are owned and pass. */
export function scopeLookalikeTarget(name: string): string | undefined {
  const scope = /^@([a-z0-9][\w.-]*)\/[\w.-]+$/.exec(name.toLowerCase())?.[1];
  if (!scope || scope.length < 4) return undefined;
  const scopes = scopesOf(popularNames("npm"));
  if (scopes.has(scope)) return undefined;
  const bare = scope.replace(SCOPE_SUFFIX, "");
  if (bare !== scope && scopes.has(bare)) return `@${bare}`;
  for (const suffix of ["ai", "js", "io", "dev", "hq", "inc", "labs"]) {
    if (scopes.has(`${scope}-${suffix}`)) return `@${scope}-${suffix}`;
  }
  return undefined;
}
