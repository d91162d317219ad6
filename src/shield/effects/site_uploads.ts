/** A built site published to a bucket (round 46): `aws s3 sync ./public s3://...`, `gsutil cp dist/app.js gs://...`,
 * `gsutil -m rsync -r ./_site gs://...`, `az storage blob upload-batch -s ./build -d '$web'` is how static sites and
 * front ends are deployed (AWS "Hosting a static website using Amazon S3", Google Cloud "Host a static website",
 * Azure "Static website hosting in Azure Storage"), and the cloud-upload rule asked a human for every one. What a
 * build folder holds is the site everyone will download; the upload shows no secret to anyone. The rule's hit is
 * dropped when every local operand of every matching command is a build output folder of the project (`dist`,
 * `build`, `public`, `out`, `_site`, ..., or a file in one), no operand or filter names a secret (`--include '*.pem'`,
 * `dist/.env`), nothing climbs out with `..`, and no other part of the action writes into that folder first (`cp .env
 * dist/ && aws s3 sync dist ...`). The project root, a data or reports folder, a home folder or a single data file
 * keep the question. */

import type { ActionView } from "../action_view.ts";
import type { RuleHit } from "../heuristic_matcher.ts";
import type { Segment } from "../shell_parser.ts";

/** Output folders of site generators and front-end builds (Vite, webpack, CRA, Next export, Jekyll, Hugo,
 * MkDocs, Sphinx, Storybook, Nuxt, Flutter web), optionally a path inside them. */
const BUILD_OUTPUT =
  /^(?:\.\/)?(?:dist|build|public|out|_site|site|static|www|public_html|storybook-static|_build\/html|docs\/_build\/html|docs\/_site|\.next\/static|\.output\/public|\.vercel\/output\/static|build\/web)(?:\/[\w.*@+-]+)*\/?$/;
/** Names of secrets and key material, in an operand or a filter. */
const SECRET_NAME =
  /(?:^|[/*.'"_-])(?:\.?env\b|[\w*-]*\.(?:pem|key|p12|pfx|kdbx)\b|id_(?:rsa|ed25519|ecdsa|dsa)|\.ssh|\.aws|\.gnupg|credentials?|secrets?|private|\.npmrc|\.netrc|token)/i;
/** Cloud destinations: bucket URLs, storage account URLs, rclone `remote:path`. */
const CLOUD = /^(?:s3|gs|az|wasbs?|abfss?|r2|b2):\/\/|^https?:\/\/|^[A-Za-z][\w-]*:(?!\/\/)/;

interface Uploader {
  /** Words after the program naming an upload (`s3 sync`, `storage blob upload-batch`). */
  verbs: RegExp;
  /** Options whose next word is their value. */
  valued: Set<string>;
  /** Options whose value is the local source (`az ... -s ./build`). */
  source?: Set<string>;
}

const UPLOADERS = new Map<string, Uploader>(Object.entries({
  aws: {
    verbs: /^s3 (?:cp|sync)$/,
    valued: new Set([
      "--acl",
      "--exclude",
      "--include",
      "--cache-control",
      "--content-type",
      "--content-encoding",
      "--content-disposition",
      "--content-language",
      "--expires",
      "--metadata",
      "--metadata-directive",
      "--storage-class",
      "--profile",
      "--region",
      "--endpoint-url",
      "--sse",
      "--website-redirect",
    ]),
  },
  gsutil: { verbs: /^(?:cp|rsync)$/, valued: new Set(["-h", "-a", "-x", "-z", "-j", "-o"]) },
  gcloud: {
    verbs: /^storage (?:cp|rsync)$/,
    valued: new Set(["--cache-control", "--content-type", "--project", "--exclude", "--predefined-acl"]),
  },
  rclone: {
    verbs: /^(?:copy|sync|copyto)$/,
    valued: new Set(["--exclude", "--include", "--config", "--transfers"]),
  },
  azcopy: { verbs: /^(?:copy|cp|sync)$/, valued: new Set(["--exclude-pattern", "--include-pattern"]) },
  az: {
    verbs: /^storage blob (?:upload-batch|sync)$/,
    valued: new Set([
      "-d",
      "--destination",
      "-c",
      "--container",
      "--account-name",
      "--pattern",
      "--auth-mode",
    ]),
    source: new Set(["-s", "--source"]),
  },
}));

/** The local sources and every option value of an upload command, or undefined when it is not one we read. */
function uploadParts(segment: Segment): { sources: string[]; values: string[] } | undefined {
  const uploader = UPLOADERS.get(segment.program);
  if (!uploader) return undefined;
  const args = segment.argv.slice(1);
  let at = 0;
  // gsutil's top-level options come before its verb (`gsutil -m -h "Cache-Control:..." cp`).
  const values: string[] = [];
  while (segment.program === "gsutil" && args[at]?.startsWith("-")) {
    if (uploader.valued.has(args[at])) values.push(args[++at] ?? "");
    at++;
  }
  const words = uploader.verbs.source.split(" ").length;
  if (!uploader.verbs.test(args.slice(at, at + words).join(" "))) return undefined;
  const sources: string[] = [];
  for (let i = at + words; i < args.length; i++) {
    const arg = args[i];
    const [name, inline] = arg.startsWith("--") && arg.includes("=")
      ? arg.split(/=(.*)/s, 2)
      : [arg, undefined];
    if (uploader.source?.has(name)) sources.push(inline ?? args[++i] ?? "");
    else if (name.startsWith("-") && uploader.valued.has(name)) values.push(inline ?? args[++i] ?? "");
    else if (name.startsWith("-")) values.push(inline ?? "");
    else if (!CLOUD.test(arg)) sources.push(arg);
  }
  return { sources, values };
}

function insideFolder(path: string, folder: string): boolean {
  const root = folder.replace(/^\.\//, "").replace(/\/.*$/, "");
  return path === root || path.startsWith(`${root}/`);
}

/** Whether a cloud-upload hit is only a project's build output published to a bucket. */
export function uploadsBuildOutputOnly(hit: RuleHit, view: ActionView): boolean {
  if (view.type !== "execute_command" || view.proseSegments || view.truncatedShell) return false;
  const sources: string[] = [];
  const others: Segment[] = [];
  for (const segment of view.segments) {
    if (!hit.rule.pattern.test(segment.text.toLowerCase())) {
      others.push(segment);
      continue;
    }
    const parts = uploadParts(segment);
    if (!parts || parts.sources.length === 0) return false;
    if (segment.redirects.some((redirect) => redirect.op !== ">" || redirect.target !== "/dev/null")) {
      return false;
    }
    const words = [...parts.sources, ...parts.values];
    if (words.some((word) => word.includes("..") || SECRET_NAME.test(word))) return false;
    if (!parts.sources.every((source) => BUILD_OUTPUT.test(source))) return false;
    sources.push(...parts.sources);
  }
  if (sources.length === 0) return false;
  // Nothing else in the action names the folder being published (`tar czf dist/home.tgz ~ && gsutil cp dist/...`,
  // `cp .env dist/`) or writes into it.
  const named = (word: string) => sources.some((source) => insideFolder(word.replace(/^\.\//, ""), source));
  if (
    others.some((segment) =>
      segment.argv.slice(1).some(named) || segment.redirects.some((r) => named(r.target))
    )
  ) {
    return false;
  }
  return view.writePaths.every((path) =>
    path.absolute === "/dev/null" ||
    (path.relative !== undefined && !sources.some((source) => insideFolder(path.relative!, source)))
  );
}
