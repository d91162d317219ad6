/** Files interpreter code touches, from the path strings it builds (`open('../config.yaml','w')`,
 * `fs.writeFileSync(os.homedir()+'/.bashrc', ...)`, `Remove-Item`): written places judged like any write (the
 * engine's files and persistence places BLOCK, other places outside the workspace ESCALATE), and secret stores
 * read by code that also talks to the network BLOCK (the secret is on its way out). */

import { gated } from "./gate.ts";
import type { ShieldEnvironment } from "../environment.ts";
import { normalizePath } from "../paths.ts";
import { codeStrings } from "../code_literals.ts";
import type { Findings } from "./findings.ts";
import { classifyPath, type PathClass } from "./path_classes.ts";

const WRITE_CALL = gated(
  /\bopen\s*\([^)]*,\s*(?:mode\s*=\s*)?["'][^"']*[wax+]|\.write_(?:text|bytes)\s*\(|\b(?:writeFileSync|writeFile|appendFileSync|appendFile|createWriteStream|copyFileSync|renameSync|rmSync|unlinkSync|rmdirSync|symlinkSync)\s*\(|\bfs\.(?:rm|unlink|rename|copyFile|symlink|promises\.(?:writeFile|rm|unlink|appendFile))\b|\b(?:File|IO)\.(?:write|open\([^)]*["'][wa])|\bfile_put_contents\s*\(|\b(?:Set-Content|Add-Content|Out-File|Remove-Item|Copy-Item|Move-Item|New-Item)\b|\bshutil\.(?:move|copy\w*|rmtree)\s*\(|\bos\.(?:replace|rename|remove|unlink|symlink|chmod|truncate)\s*\(|\.(?:unlink|rename|replace|symlink_to|chmod|touch)\s*\(|\bunlink\s*\(|\bFileUtils\.\w+|\bDeno\.(?:writeTextFile|writeFile|remove|rename|copyFile|symlink|truncate|chmod|create)(?:Sync)?\s*\(|\bBun\.write\s*\(/,
);
const NETWORK_CALL = gated(
  /\b(?:requests\.(?:post|put|get|patch)|urllib|http\.client|fetch\s*\(|axios|XMLHttpRequest|https?\.(?:request|get)|socket\.|Net::HTTP|WebSocket|curl_exec|httpx\.|Invoke-(?:WebRequest|RestMethod)|smtplib|ftplib|paramiko|boto3)/,
);
/** Calls that read a file (round 22: the engine's config read by code through `/proc/self/root/...`). */
const READ_CALL = gated(
  /\bopen\s*\(|\.read_(?:text|bytes)\s*\(|\b(?:readFileSync|readFile|createReadStream)\s*\(|\bfs\.promises\.readFile\b|\bDeno\.readTextFile(?:Sync)?\s*\(|\bFile\.read\b|\bfile_get_contents\s*\(|\bGet-Content\b|\bshutil\.copyfileobj\b/,
);
const PATH_STRING =
  /^(?:~|\.{1,2}|[A-Za-z]:)?[\\/][^\s*?"'<>|]{1,512}$|^\.{0,2}[\w.-]*(?:\.env|config\.ya?ml|credentials|id_rsa|id_ed25519)$|^\.engine\/[^\s*?"'<>|]{1,256}$/;
/** The engine's state folder named in code: any use of it (a database connection, a read) is looked at. */
const ENGINE_STATE = /["'`](?:\.\/)?\.engine\//;
const MAX_PATHS = 32;

const SEVERITY: Partial<Record<PathClass, number>> = {
  engine: 6,
  persistence: 5,
  secret: 4,
  "secret-container": 4,
  "startup-file": 3,
  "scheduled-instructions": 3,
  "agent-instructions": 2,
  trust: 2,
  system: 1,
  personal: 1,
  other: 1,
};

/** The class of a code path string: `~` may be the shell's HOME (the workspace) or the user's home. */
function classOf(
  literal: string,
  environment: ShieldEnvironment,
): { kind: PathClass; shown: string; inside: boolean } {
  const forms = [environment.home, environment.shellHome].map((home) => {
    const path = normalizePath(literal, environment.workspace, home);
    return {
      kind: classifyPath(path, environment),
      shown: path.relative ?? path.absolute,
      inside: path.relative !== undefined,
    };
  });
  return (SEVERITY[forms[1].kind] ?? 0) > (SEVERITY[forms[0].kind] ?? 0) ? forms[1] : forms[0];
}

/** Files whose change alters what runs or what an agent does later. */
const STANDING_FILES = new Set<PathClass>([
  "startup-file",
  "agent-instructions",
  "scheduled-instructions",
  "trust",
]);

let namesOf: { controls: readonly string[]; names: string[] } | undefined;

/** Whether code holds the last name of one of the engine's control paths (`config.yaml`, `security`): the cheap
 * test before a read-only program's path strings are classed. */
function namesEngineFile(code: string, environment: ShieldEnvironment): boolean {
  if (namesOf?.controls !== environment.controlPaths) {
    const names = environment.controlPaths.map((path) => path.slice(path.lastIndexOf("/") + 1)).filter(
      Boolean,
    );
    namesOf = { controls: environment.controlPaths, names };
  }
  return namesOf.names.some((name) => code.includes(name));
}

export function judgeCodeFiles(
  texts: readonly string[],
  environment: ShieldEnvironment,
  findings: Findings,
): void {
  for (const code of texts.slice(0, 16)) {
    if (code.length > 256 * 1024) continue;
    const writes = WRITE_CALL.test(code);
    const sends = NETWORK_CALL.test(code);
    const engine = ENGINE_STATE.test(code);
    // Code that only reads is looked at for the engine's files alone (a read of them is asked, as in a shell).
    const readsOnly = !writes && !sends && !engine && namesEngineFile(code, environment) &&
      READ_CALL.test(code);
    if (!writes && !sends && !engine && !readsOnly) continue;
    const paths = codeStrings(code).filter((text) => PATH_STRING.test(text)).slice(0, MAX_PATHS);
    for (const literal of paths) {
      const { kind, shown, inside } = classOf(literal.replace(/\\/g, "/"), environment);
      if (readsOnly) {
        if (kind === "engine") findings.escalate("engine", `code opens the engine's control file "${shown}"`);
        continue;
      }
      if (writes && kind === "engine") {
        findings.block("engine", `code changes the engine's control file "${shown}"`);
      } else if (kind === "engine" && !sends) {
        findings.escalate("engine", `code opens the engine's control file "${shown}"`);
      } else if (writes && kind === "persistence") {
        findings.block("persistence", `code writes "${shown}", which runs code at login or on a schedule`);
      } else if (writes && STANDING_FILES.has(kind)) {
        findings.escalate("persistence", `code changes "${shown}"`);
      }
      const secret = kind === "secret" && !inside;
      if (sends && (secret || kind === "engine")) {
        findings.block("network", `code reads "${shown}" and talks to the network`);
      } else if (secret) findings.escalate("read", `code reads the secret store "${shown}"`);
    }
  }
}
