/** Unsafe deserialisation (round 34): formats whose loaders build arbitrary objects and so run code a crafted file
 * carries. Code run now that loads a pickle (`pickle`, `joblib`, `dill`, `pandas.read_pickle`, `numpy.load(...,
 * allow_pickle=True)`, `torch.load` without `weights_only=True`) or YAML with an unsafe loader (`Loader=yaml.
 * UnsafeLoader`, `yaml.unsafe_load`, Ruby `YAML.unsafe_load`), or `Marshal.load`; and code written that
 * deserialises what a request or a socket sends (`pickle.loads(request.cookies[...])`, PHP `unserialize($_COOKIE[...])`,
 * `new ObjectInputStream(req.getInputStream())`, Ruby `Marshal.load(params[...])`, node-serialize, .NET
 * `BinaryFormatter`). A pickle the same code writes (a round trip) or reads from a cache folder is the project's own
 * data; `torch.load(..., weights_only=True)` and `yaml.safe_load` pass.
 * Sources: CWE-502; OWASP Deserialization Cheat Sheet; PyTorch `torch.load` docs (weights_only); PyYAML `yaml.load`
 * docs and CVE-2017-18342; JFrog on malicious Hugging Face models (2024); CVE-2017-5941 (node-serialize). */

import { gated } from "./gate.ts";
import type { Findings } from "./findings.ts";

const YAML_UNSAFE = gated(
  /\byaml\.unsafe_load(?:_all)?\s*\(|\byaml\.load(?:_all)?\s*\([^\n]{0,200}?\bLoader\s*=\s*(?:yaml\.)?(?:Unsafe)?Loader\b|\b(?:YAML|Psych)\.unsafe_load\s*\(/,
);
const PICKLE_LOAD = gated(
  /\b(?:pickle|cPickle|_pickle|joblib|dill|cloudpickle|jsonpickle)\.(?:loads?|decode)\s*\(|\b(?:pd|pandas)\.read_pickle\s*\(|\b(?:np|numpy)\.load\s*\([^\n]{0,200}?allow_pickle\s*=\s*True|\btorch\.load\s*\(|\bMarshal\.load\s*\(/,
);
const WEIGHTS_ONLY_OFF = /\bweights_only\s*=\s*False\b/;
/** The project's own data: the code writes what it reads, or reads it from a cache folder. */
const ROUND_TRIP = /\.dumps?\s*\(|\.to_pickle\s*\(|\btorch\.save\s*\(|\bMarshal\.dump\s*\(|\bnp\.save\s*\(/;
const CACHE_PATH = /["'][^"'\n]*cache[^"'\n]*["']/i;
const FETCHED_DATA =
  /\bb64decode\b|\bbase64\.|\burlopen\b|\brequests\.|\burllib\b|\bhttpx\.|https?:\/\/|\bhf_hub_download\b|\bdownload|\.recv\s*\(|\bsocket\b|Downloads\//;

/** Code given to run now. */
export function judgeUnsafeLoads(codes: readonly string[], findings: Findings): void {
  for (const code of codes) {
    if (code.length > 256 * 1024 || !/load|decode|unsafe/.test(code)) continue;
    if (YAML_UNSAFE.test(code)) {
      findings.escalate(
        "exec",
        "code loads YAML with an unsafe loader, which runs what the document carries",
      );
      return;
    }
    if (!PICKLE_LOAD.test(code)) continue;
    if (WEIGHTS_ONLY_OFF.test(code)) {
      findings.escalate(
        "exec",
        "code loads a model with weights_only=False, which runs what the file carries",
      );
      return;
    }
    // `torch.load(..., weights_only=True)` alone is safe: only the other loaders are read on.
    const loads = [...code.matchAll(new RegExp(PICKLE_LOAD.pattern.source, "g"))].filter((match) =>
      !(match[0].startsWith("torch.load") &&
        /^[^)]*\bweights_only\s*=\s*True/.test(code.slice(match.index! + match[0].length)))
    );
    // Round 61: data decoded from base64 or fetched is no cache of the project's (`pickle.loads(base64.b64decode(
    // open('model_cache.b64').read()))`): the exemptions hold only for data the code could have written itself.
    const own = !FETCHED_DATA.test(code) && (ROUND_TRIP.test(code) || CACHE_PATH.test(code));
    if (loads.length === 0 || own) continue;
    findings.escalate(
      "exec",
      `code deserialises a file with "${loads[0][0].replace(/\s*\($/, "")}", which runs what it carries`,
    );
    return;
  }
}

const REQUEST_SOURCE = String
  .raw`(?:\brequest\b|\breq\.|\$_(?:GET|POST|REQUEST|COOKIE|SERVER)\b|\bparams\b|\bcookies\b|getInputStream\s*\(|\.recv\s*\(|\burlopen\s*\(|\brequests\.(?:get|post)\b|\bevent\[|\bctx\.(?:request|body)\b|\bsocket\b)`;
/** Written code deserialising what a request, a socket or a fetch sends. */
const REQUEST_LOAD = gated(
  new RegExp(
    String
      .raw`(?:\b(?:pickle|cPickle|dill|joblib|jsonpickle|cloudpickle)\.(?:loads?|decode)|\byaml\.unsafe_load|\b(?:Marshal|YAML|Psych)\.(?:unsafe_)?load|\bunserialize|\bnew\s+(?:ObjectInputStream|XMLDecoder))\s*\([^\n;]{0,120}?${REQUEST_SOURCE}`,
  ),
);
const NODE_SERIALIZE = gated(/require\(\s*["']node-serialize["']\s*\)|from\s+["']node-serialize["']/);
const BINARY_FORMATTER = gated(/\bnew\s+BinaryFormatter\s*\(\s*\)[\s\S]{0,400}?\.Deserialize\s*\(/);

/** Source files written. */
export function judgeWrittenUnsafeLoads(tool: string, contents: readonly string[], findings: Findings): void {
  for (const text of contents) {
    if (text.length > 256 * 1024 || !/load|serializ|decode|ObjectInputStream|XMLDecoder/i.test(text)) {
      continue;
    }
    const nodeSerialize = NODE_SERIALIZE.test(text) && /\.unserialize\s*\(/.test(text);
    if (REQUEST_LOAD.test(text) || nodeSerialize || BINARY_FORMATTER.test(text)) {
      findings.escalate(
        "exec",
        `"${tool}" writes code that deserialises what a request sends, which runs what it carries`,
      );
      return;
    }
  }
}
