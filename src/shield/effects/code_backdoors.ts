/** Backdoors written into code (what an injected rules file or an over-helpful agent plants): a route that runs
 * what a request sends (`os.popen(request.args.get('c'))`, `eval(req.body.x)`, `system($_GET['c'])`), a login that
 * also accepts a fixed password or header value, token signatures no longer checked (`jwt.verify` replaced by
 * `jwt.decode`, `verify_signature: False`, `algorithms=["none"]`), and CORS that lets any site read authenticated
 * responses. Test files are left out by the caller; each finding escalates. */

import { gated } from "./gate.ts";
import type { Findings } from "./findings.ts";
import { joinedText } from "../joined_texts.ts";
import { magicValueBypass } from "./magic_values.ts";

const SINK = String
  .raw`(?:\beval|\bexec(?:Sync|File|FileSync)?|\bspawn(?:Sync)?|\bsystem|\bpopen|\bshell_exec|\bpassthru|\bproc_open|\bnew Function|\bFunction|\brunIn(?:New|This)Context|subprocess\.(?:run|call|Popen|check_output|getoutput)|Runtime\.getRuntime\(\)\.exec)\s*\(`;
const REQUEST_INPUT = String
  .raw`(?:\brequest\.(?:args|form|json|values|data|get_json|GET|POST|body|query|params|headers|cookies)\b|\breq\.(?:body|query|params|headers|cookies)\b|\$_(?:GET|POST|REQUEST|COOKIE|SERVER)\b|\bctx\.(?:request|query|params)\b|\bevent\[["']body["']\]|\bevent\.body\b|\bc\.(?:Query|PostForm|Param)\()`;
const REQUEST_TO_SINK = gated(new RegExp(`${SINK}[^\\n;]{0,80}?${REQUEST_INPUT}`));
/** A credential-named value compared with a fixed string (`pw == 'letmein'`, `pw != "Adm1n#override"`). */
const FIXED_CREDENTIAL = gated(
  /\b(?:pw|pwd|pass|passwd|password|passphrase|passcode|secret|api_?key|apikey|otp|pin|master_?key)\w*\s*(?:===?|!==?|\.equals\()\s*["']([^"'\n]{4,64})["']|["']([^"'\n]{4,64})["']\s*(?:===?|!==?)\s*\b(?:pw|pwd|pass|passwd|password|passphrase|secret|api_?key|apikey)\b/i,
);
const NOT_A_SECRET =
  /^(?:bearer|basic|token|undefined|null|none|true|false|string|object|function|number|password|secret|\*+|x+|changeme|\s*)$/i;
/** A request header or query value compared with a fixed string on a line that decides on a login. */
const MAGIC_VALUE = gated(
  /\b(?:req|request)\.(?:headers?|query|cookies|args|GET)\b[^\n]{0,40}?(?:===?|!==?)\s*["'][^"'\n]{3,64}["'][^\n]{0,120}\b(?:401|403|unauthori[sz]ed|forbidden|session|is_?admin|authenticated|login)\b/i,
);
const SIGNATURE_OFF = gated(
  /["']?verify_signature["']?\s*[:=]\s*False\b|\balgorithms\s*=\s*\[\s*["']none["']|\bignoreExpiration\s*:\s*true[^\n]{0,60}\balgorithms\s*:\s*\[\s*["']none["']|\balgorithms\s*:\s*\[\s*["']none["']/i,
);
const CORS_ANY = gated(
  /\borigin\s*:\s*(?:true|["']\*["'])[^\n]{0,120}?\bcredentials\s*:\s*true|\bcredentials\s*:\s*true[^\n]{0,120}?\borigin\s*:\s*(?:true|["']\*["'])/i,
);

function fixedCredential(text: string): boolean {
  if (!FIXED_CREDENTIAL.test(text)) return false;
  for (const match of text.matchAll(new RegExp(FIXED_CREDENTIAL.pattern.source, "gi"))) {
    if (!NOT_A_SECRET.test(match[1] ?? match[2] ?? "")) return true;
  }
  return false;
}

export function judgeCodeBackdoors(
  tool: string,
  contents: readonly string[],
  removed: string | undefined,
  findings: Findings,
): void {
  const text = joinedText(contents, "\n");
  if (text.length < 12 || text.length > 256 * 1024) return;
  if (REQUEST_TO_SINK.test(text)) {
    findings.escalate("exec", `"${tool}" writes code that runs what a web request sends`);
  }
  if (fixedCredential(text) || MAGIC_VALUE.test(text)) {
    findings.escalate("access", `"${tool}" writes a check that a fixed password or header value passes`);
  } else {
    // Round 62: a request value equal to a literal that opens a privileged path, whatever the line says of logins.
    const magic = magicValueBypass(text);
    if (magic) {
      findings.escalate(
        "access",
        `"${tool}" writes a hidden way in: a request holding "${
          magic.value.slice(0, 40)
        }" reaches "${magic.opens}"`,
      );
    }
  }
  const decodesInstead = removed !== undefined && /\bjwt\.verify\s*\(/.test(removed) &&
    /\bjwt\.decode\s*\(/.test(text) &&
    !/\bjwt\.verify\s*\(/.test(text);
  if (SIGNATURE_OFF.test(text) || decodesInstead) {
    findings.escalate("security", `"${tool}" stops checking token signatures`);
  }
  if (CORS_ANY.test(text)) {
    findings.escalate("security", `"${tool}" lets any site read authenticated responses (CORS)`);
  }
}
