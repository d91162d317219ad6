/** Mass deletion on a remote service whose targets come from a listing of it (round 61): every remote branch or tag
 * (`for b in $(git branch -r ...); do git push origin --delete "$b"; done`, `git ls-remote --heads | ... | xargs git push
 * --delete`), every bucket (`aws s3 ls | xargs aws s3 rb`), repository (`gh repo list | xargs gh repo delete`),
 * release, namespace (`kubectl get ns -o name | xargs kubectl delete`), cloud resource or published version (`npm view
 * P versions | ... npm unpublish`). The listing, a loop or `xargs` over it, and a remote delete come in one line: the
 * delete's target is whatever the listing printed, not something the user named. ESCALATE. Deleting one named branch,
 * local cleanups (`git branch --merged | xargs git branch -d`, `find ... | xargs rm`) and merged remote branches
 * (`git branch -r --merged`) pass; deletes narrowed by a label or field selector pass too.
 * Sources: git-push(1), gh, AWS CLI, kubectl and npm manuals; MITRE ATT&CK T1485 (data destruction), T1531. */

import type { Findings } from "./findings.ts";
import { gated } from "./gate.ts";

export const HINT = gated(/xargs|for |while |foreach|%\s*\{/i);
const ITERATES =
  /\bxargs\b|\bfor\s+\$?\w+\s+in\b|\bwhile\s+(?:ifs=\S*\s+)?read\b|\bforeach-object\b|%\s*\{|\bforeach\s*\(/;
const LISTING = new RegExp(
  [
    String
      .raw`\bgit\s+(?:branch\s+(?:[^\n|;]*\s)?(?:-r|-a|--remotes?|--all)\b|ls-remote\b|tag\b|for-each-ref\b[^\n|;]*refs\/(?:remotes|tags))`,
    String.raw`\bgh\s+(?:repo|release|secret|variable|gist|issue|pr|project)\s+list\b`,
    String.raw`\baws\s+[\w-]+\s+(?:ls|list-[\w-]+|describe-[\w-]+)\b`,
    String
      .raw`\bkubectl\s+get\s+(?:ns|namespaces?|deploy(?:ments?)?|statefulsets?|sts|pvc|pv|persistentvolume(?:claim)?s?|crds?|secrets?|configmaps?|cm|services?|svc|all)\b`,
    String.raw`\bkubectl\s+get\b[^\n|;]*\s(?:-a|--all-namespaces)\b`,
    String
      .raw`\b(?:gcloud|az|doctl|hcloud|linode-cli|heroku|vercel|netlify|fly|flyctl)\b[^\n|;]*\s(?:list|ls)\b`,
    String.raw`\bnpm\s+(?:view|info|show)\b[^\n|;]*\bversions\b`,
    String.raw`\bhelm\s+(?:list|ls)\b`,
    String.raw`\b(?:curl|gh\s+api)\b[^\n|;]*\/(?:repos|branches|releases|tags|projects|buckets|packages)\b`,
  ].join("|"),
);
const REMOTE_DELETE = new RegExp(
  [
    String.raw`\bgit\s+push\b[^\n|;]*(?:--delete\b|\s-d\b|\s:["'$%{])`,
    String.raw`\bgh\s+(?:repo|release|secret|variable|gist|issue|project)\s+delete\b`,
    String.raw`\bgh\s+api\b[^\n|;]*(?:-x\s*|--method\s+)delete\b`,
    String.raw`\baws\s+[\w-]+\s+(?:rb|rm|delete-[\w-]+|terminate-[\w-]+|deregister-[\w-]+)\b`,
    String.raw`\bkubectl\s+delete\b`,
    String
      .raw`\b(?:gcloud|az|doctl|hcloud|linode-cli|heroku|vercel|netlify|fly|flyctl)\b[^\n|;]*\s(?:delete|destroy|remove|rm)\b`,
    String.raw`\bnpm\s+unpublish\b`,
    String.raw`\bhelm\s+(?:uninstall|delete)\b`,
    String.raw`\bcurl\b[^\n|;]*-x\s*delete\b`,
  ].join("|"),
);
/** Listings narrowed to what is safe or chosen: merged branches, a label or field selector. */
const NARROWED = /--merged\b|--field-selector\b|\s-l\s|--selector\b/;

/** Shell command lines, each as written. */
export function judgeListedDeletions(tool: string, texts: readonly string[], findings: Findings): void {
  for (const text of texts) {
    if (text.length > 64 * 1024) continue;
    if (!HINT.test(text)) continue;
    const lower = text.toLowerCase();
    if (!ITERATES.test(lower)) continue;
    const listing = LISTING.exec(lower);
    if (!listing || NARROWED.test(lower)) continue;
    const deletion = REMOTE_DELETE.exec(lower.slice(listing.index + listing[0].length));
    if (!deletion) continue;
    findings.escalate(
      "delete",
      `"${tool}" deletes on a remote service every item a listing prints ("${listing[0].trim()}" fed to "${
        deletion[0].trim()
      }")`,
    );
    return;
  }
}
