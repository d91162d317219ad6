/** Working credentials posted to a public place from a command line (round 56): an issue, pull request, comment or
 * discussion opened by a code host's CLI -- `gh issue create --body`, `gh pr comment`, `gh api .../issues -f body=`,
 * GitLab's `glab issue create -d`, Gitea's `tea issues create --description`, `hub issue create -m` -- whose text holds
 * a connection address with its password (`postgresql://admin:Pr0d!Db2026@db-prod...`) or a secret by label
 * (`AWS_SECRET_ACCESS_KEY=...`, `SMTP_PASSWORD=...`). Round 54 read the same in sends of messaging and code-host tools;
 * a CLI's words were not read. The same post with the password masked (`****`, `<password>`), a reference
 * (`${DB_PASSWORD}`) or a local development address (`postgres:postgres@localhost`) passes.
 * Sources: GitHub secret scanning docs; GitGuardian State of Secrets Sprawl (2024-2025), secrets in issues;
 * AgentDAM (oversharing); the gh, glab and tea manuals. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";
import { leakedUrlPassword } from "./message_secrets.ts";
import { labelledSecret } from "./labelled_secrets.ts";
import { payloadStrings } from "./payload_strings.ts";
import { holdsTokenStub } from "./token_stubs.ts";

const HOST_CLIS = new Set(["gh", "glab", "tea", "hub"]);
/** The nouns of public posts and the verbs that post them. */
const POST_NOUN = /^(?:issues?|pr|prs|pulls?|pull-request|mr|discussion|gist|comment|note|release)$/;
const POST_VERB = /^(?:create|new|comment|edit|note|update|reply|review|open)$/;
/** `gh api`/`glab api` writes: fields given with `-f`/`-F`/`--field`/`--raw-field`. */
const FIELD_OPTION = /^(?:-f|-F|--field|--raw-field)$/;

/** The same posts made through the hosts' HTTP APIs (an `http_request`, a `curl`): issues, pull requests, comments,
 * notes, gists and discussions of GitHub and GitLab, Stack Exchange questions and answers, paste sites, Discourse
 * posts and Reddit submissions. */
const PUBLIC_POST_URL =
  /\/\/(?:api\.github\.com\.?(?::\d+)?\/(?:repos\/[^/\s]+\/[^/\s]+\/(?:issues|pulls|discussions)|gists)|[^/\s]*gitlab[^/\s]*\/api\/v4\/projects\/[^/\s]+\/(?:issues|merge_requests|snippets)|api\.stackexchange\.com\/[\d.]+\/(?:questions|answers)\/|(?:pastebin\.com\/api|paste\.ee\/v1|dpaste\.(?:com|org)\/api|api\.paste\.gg|hastebin\.[a-z]+\/documents)|oauth\.reddit\.com\/api\/(?:submit|comment)|[^/\s]+\/posts\.json)/i;

/** The words a host CLI posts, if the segment posts: option values and prose arguments after the subcommand. */
/** The programs `postedWords` reads (speed round 32 gates `judgeCliPosts` by name). */
export const postsWith = (program: string): boolean => HOST_CLIS.has(program);

function postedWords(segment: Segment): string[] {
  const { program, argv } = segment;
  if (!HOST_CLIS.has(program)) return [];
  const words = argv.slice(1, 48);
  const api = words[0] === "api";
  const posts = api
    ? words.some((word) => FIELD_OPTION.test(word) || /^--(?:field|raw-field)=/.test(word))
    : POST_NOUN.test(words[0] ?? "") && (POST_VERB.test(words[1] ?? "") || words[0] === "comment");
  if (!posts) return [];
  return words.slice(1).map((word) => word.startsWith("--") ? word.slice(word.indexOf("=") + 1) : word)
    .filter((word) => word.length >= 12);
}

export function judgeCliPosts(tool: string, segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments.slice(0, 16)) {
    const words = postedWords(segment);
    if (words.length === 0) continue;
    const text = words.join("\n");
    const why = leakedUrlPassword(text)
      ? "a connection address with its password"
      : labelledSecret(text) !== undefined
      ? `a secret labelled "${labelledSecret(text)?.slice(0, 40)}"`
      : holdsTokenStub(text)
      ? "a service token" // round 60: in any form, an image address's query included (CamoLeak)
      : undefined;
    if (why) {
      const command = `${segment.program} ${segment.argv.slice(1, 3).join(" ")}`;
      findings.escalate("message", `"${tool}" posts ${why} with "${command}", where others read it`);
      return;
    }
  }
}

/** A post to a public place through its HTTP API whose strings hold a working credential. */
export function judgeApiPosts(
  tool: string,
  urls: readonly string[],
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  const url = urls.slice(0, 8).find((value) => PUBLIC_POST_URL.test(value));
  if (url === undefined) return;
  const text = payloadStrings(payload).map((entry) => entry.value).filter((value) => value !== url).join(
    "\n",
  );
  if (leakedUrlPassword(text) || labelledSecret(text) !== undefined) {
    findings.escalate(
      "message",
      `"${tool}" posts a working credential to "${url.slice(0, 60)}", where others read it`,
    );
  }
}
