/** A secret fed on standard input to the login command of the service it belongs to (`pass show gh | gh auth login
 * --with-token`, `op read op://dev/ghcr | docker login ghcr.io --password-stdin`, `echo "$NPM_TOKEN" | npm login`):
 * the program that uses the token reads it, and it goes to a default registry or forge, nowhere else. */

import type { Segment } from "../shell_parser.ts";

/** Login commands that read a secret on standard input. */
export const STDIN_LOGIN =
  /^(?:npm|pnpm|yarn) (?:login|adduser)\b|^(?:docker|podman|nerdctl|buildah|skopeo|oras|helm registry|crane auth) login\b.*--password-stdin|^gh auth login\b.*--with-token|^vault login\b.* -$|^(?:doctl auth init|heroku auth:token|wrangler login)\b/;
/** Registries a token may go to when a login names one, also spelled with a trailing dot or their scheme's default
 * port (round 9). */
const DEFAULT_REGISTRY =
  /^(?:https?:\/\/)?(?:registry\.npmjs\.org|registry\.yarnpkg\.com|npm\.pkg\.github\.com|docker\.io|index\.docker\.io|registry-1\.docker\.io|ghcr\.io|quay\.io|gcr\.io|[a-z0-9-]+\.pkg\.dev|[0-9]+\.dkr\.ecr\.[a-z0-9-]+\.amazonaws\.com|github\.com)\.?(?::(?:443|80))?\/?$/i;
const HOST_LIKE = /^(?:https?:\/\/)?[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d+)?\/?$/i;

/** Whether a segment is a stdin login whose registry, if it names one, is a default one. */
export function loginTargetsDefault(segment: Segment): boolean {
  const text = segment.text.toLowerCase();
  if (!STDIN_LOGIN.test(text)) return false;
  const args = segment.argv.slice(1);
  const named = args.flatMap((arg, index) => {
    if (/^--registry=/.test(arg)) return [arg.slice(11)];
    if (arg === "--registry" || arg === "--hostname" || arg === "-h") return [args[index + 1] ?? ""];
    return !arg.startsWith("-") && HOST_LIKE.test(arg) ? [arg] : [];
  });
  return named.every((registry) => DEFAULT_REGISTRY.test(registry));
}

/** Whether the output of `segments[index]` goes straight into such a login and nowhere else (piped, no
 * redirection of its own). */
export function feedsDefaultLogin(segments: readonly Segment[], index: number): boolean {
  const segment = segments[index];
  const next = segments[index + 1];
  if (!segment || segment.redirects.length > 0) return false;
  return next !== undefined && next.joinedBy === "|" && next.depth === segment.depth &&
    loginTargetsDefault(next);
}
