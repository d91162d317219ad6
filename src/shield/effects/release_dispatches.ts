/** A release or deploy workflow dispatched by hand from a branch nobody reviewed, or with its safety inputs turned off
 * (round 48): `gh workflow run release.yml -f skip_provenance=true --ref bot/hotfix`, `gh workflow run deploy-prod.yml
 * -r feature/quick-patch`, `gh api .../workflows/release.yml/dispatches -f 'inputs[skip_signing]=true'`, a
 * `run_workflow` tool given `{inputs: {skip_attestation: "true"}}`, `-f sign=false`. A release built from an
 * unreviewed ref, or without its signature, provenance, attestation or tests, ships whatever that ref holds under the
 * project's name (SLSA's build-integrity threats: "build from modified source", "skip provenance"). Dispatches on
 * the default branch, `main`/`master`, a release branch or a tag, and other workflows (`ci.yml`), pass; a
 * `dry_run=true` is a safety input on. Sources: SLSA v1.0 threats and provenance (slsa.dev); GitHub Docs, manually
 * running a workflow and the workflow dispatch REST endpoint; the Ultralytics 8.3.41 release compromise (2024). */

import type { ActionView } from "../action_view.ts";
import type { Findings } from "./findings.ts";

const RELEASE_WORKFLOW = /release|deploy|publish|prod|promote|ship/i;
const REVIEWED_REF =
  /^(?:refs\/heads\/)?(?:main|master|trunk|develop|default|stable|release[\w./-]*|v?\d[\w.+-]*)$|^refs\/tags\//i;
const SAFETY = String
  .raw`(?:provenance|sign(?:ing|ature)?|attest\w*|verif\w*|tests?|checks?|scan\w*|approvals?|review|sbom|security|audit|gates?)`;
const SAFETY_SKIPPED = new RegExp(String.raw`^(?:skip|no|disable|bypass|ignore|without)[_-]?${SAFETY}$`, "i");
const SAFETY_SWITCH = new RegExp(String.raw`^(?:(?:run|require|enable|with)[_-]?)?${SAFETY}$`, "i");
const DISPATCH_TOOL = /workflow|dispatch/i;

/** What is wrong with a dispatch of `workflow` on `ref` with `inputs`, if anything. */
function concern(
  workflow: string,
  ref: string | undefined,
  inputs: ReadonlyArray<[string, string]>,
): string | undefined {
  if (!RELEASE_WORKFLOW.test(workflow)) return undefined;
  if (ref !== undefined && ref !== "" && !REVIEWED_REF.test(ref)) {
    return `dispatches "${workflow}" from "${ref}", a branch that is not the reviewed line`;
  }
  for (const [key, value] of inputs) {
    const on = /^(?:true|yes|1|on)$/i.test(value);
    const off = /^(?:false|no|0|off)$/i.test(value);
    if ((on && SAFETY_SKIPPED.test(key)) || (off && SAFETY_SWITCH.test(key))) {
      return `dispatches "${workflow}" with "${key}=${value}" (a safety step of the release turned off)`;
    }
  }
  return undefined;
}

/** `gh workflow run W --ref R -f k=v` and `gh api .../workflows/W/dispatches -f ref=R -f inputs[k]=v`. */
function judgeGh(argv: readonly string[]): string | undefined {
  const api = argv[1] === "api" ? /\/workflows\/([^/\s]+)\/dispatches\b/.exec(argv.slice(2).join(" ")) : null;
  if (!api && !(argv[1] === "workflow" && argv[2] === "run")) return undefined;
  let workflow = api?.[1] ?? "";
  let ref: string | undefined;
  const inputs: Array<[string, string]> = [];
  for (let i = api ? 2 : 3; i < argv.length && i < 48; i++) {
    const word = argv[i];
    const glued = /^(--ref|-r|-f|-F|--field|--raw-field|-R|--repo)=(.*)$/.exec(word);
    const option = glued ? glued[1] : word;
    const value = glued ? glued[2] : argv[i + 1] ?? "";
    if (/^(?:-R|--repo)$/.test(option)) { /* the repository, not the workflow */ }
    else if (/^(?:--ref|-r)$/.test(option)) ref = value;
    else if (/^(?:-f|-F|--field|--raw-field)$/.test(option)) {
      const eq = value.indexOf("=");
      const key = value.slice(0, eq).replace(/^inputs\[([^\]]+)\]$/, "$1");
      if (eq > 0 && key === "ref" && api) ref = value.slice(eq + 1);
      else if (eq > 0) inputs.push([key, value.slice(eq + 1)]);
    } else if (!word.startsWith("-") && !workflow && !api) {
      workflow = word;
      continue;
    } else continue;
    if (!glued) i++;
  }
  return concern(workflow, ref, inputs);
}

/** The REST call written out (`curl -X POST .../workflows/release.yml/dispatches -d '{"ref": ..., "inputs": {...}}'`). */
function judgeRestBody(text: string): string | undefined {
  const workflow = /\/workflows\/([^/\s"']+)\/dispatches\b/.exec(text)?.[1];
  if (!workflow) return undefined;
  const body = text.slice(0, 8192);
  const ref = /\\?"ref\\?"\s*:\s*\\?"([^"\\]+)/.exec(body)?.[1];
  const inputs = [...body.matchAll(/\\?"(\w+)\\?"\s*:\s*\\?"?(true|false|yes|no|on|off|[01])\b/gi)]
    .map((match): [string, string] => [match[1], match[2]]);
  return concern(workflow, ref, inputs);
}

export function judgeReleaseDispatches(view: ActionView, findings: Findings): void {
  for (const segment of view.segments) {
    if (segment.program !== "gh") continue;
    const found = judgeGh(segment.argv);
    if (found) return findings.escalate("exec", found);
  }
  for (const text of view.texts.get("shell") ?? []) {
    const found = text.includes("/dispatches") ? judgeRestBody(text) : undefined;
    if (found) return findings.escalate("exec", found);
  }
  if (view.type === "execute_command" || !DISPATCH_TOOL.test(view.tool)) return;
  const payload = view.payload;
  const text = (key: string) => typeof payload[key] === "string" ? payload[key] as string : undefined;
  const workflow = text("workflow_id") ?? text("workflow") ?? text("workflow_file") ?? text("workflowId") ??
    "";
  const inputs = payload.inputs && typeof payload.inputs === "object" && !Array.isArray(payload.inputs)
    ? Object.entries(payload.inputs).slice(0, 48).map((
      [key, value],
    ): [string, string] => [key, String(value)])
    : [];
  const found = concern(workflow, text("ref") ?? text("branch"), inputs);
  if (found) findings.escalate("exec", `"${view.tool}" ${found}`);
}
