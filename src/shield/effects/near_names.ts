/** The lookalike readings of a package name that is no typosquat but still imitates a popular one: a popular name
 * dressed with an affix (combosquat), a sibling of a popular stem or a folded scope (`huggingface-cli`), several
 * affixes stacked on one (`huggingface-cli-tools`, round 39), a framework glued to a tool (`react-codeshift`, round 42), one edit
 * from a less popular name, a misspelt head. Package CLIs (supply_chain.ts) and manifests (config_files.ts, round 26)
 * both escalate on them: a name is judged the same whether it is installed or written down to be installed. */

import { siblingTarget } from "./sibling_squats.ts";
import {
  combosquatTarget,
  type Ecosystem,
  farLookalikeTarget,
  normalName,
  popularNames,
} from "./package_lookalikes.ts";
import { misspeltHeadTarget } from "./misspelt_heads.ts";
import { scopeLookalikeTarget, stackedAffixTarget } from "./hallucinated_names.ts";
import { gluedToolTarget } from "./glued_tool_names.ts";
import { lureSuffixTarget } from "./lure_suffix_names.ts";

/** What `name` does to a popular package's name ("dresses up the popular package x"), or undefined. */
export function nearPopularReason(ecosystem: Ecosystem, name: string): string | undefined {
  const dressed = combosquatTarget(ecosystem, name);
  if (dressed) return `dresses up the popular package "${dressed}"`;
  const sibling = siblingTarget(normalName(ecosystem, name), popularNames(ecosystem));
  if (sibling) return `borrows the name of the popular package "${sibling}"`;
  const stacked = stackedAffixTarget(ecosystem, name);
  if (stacked) return `stacks made-up words on the popular package "${stacked}" (a name assistants invent)`;
  const lured = lureSuffixTarget(ecosystem, name);
  if (lured) {
    return `strings made-up words and an upgrade word onto the popular package "${lured}" (a name assistants invent)`;
  }
  const glued = ecosystem === "npm" ? gluedToolTarget(name) : undefined;
  if (glued) return `glues a framework's name to the tool "${glued}" (a name assistants invent)`;
  const scope = ecosystem === "npm" ? scopeLookalikeTarget(name) : undefined;
  if (scope) return `takes the scope of the popular packages of "${scope}" with a suffix on or off`;
  const far = farLookalikeTarget(ecosystem, name);
  if (far) return `is one edit from the package "${far}"`;
  const head = misspeltHeadTarget(ecosystem, name);
  if (head) return `begins with a misspelling of the popular package "${head}"`;
  return undefined;
}
