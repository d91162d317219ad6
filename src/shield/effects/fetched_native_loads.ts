/** Native code fetched and loaded in one action (round 48): `curl ... x.so -o /tmp/x.so && sqlite3 :memory: ".load
 * /tmp/x.so"`, a downloaded library under `LD_PRELOAD`, Python's `ctypes.CDLL` or sqlite3 `load_extension`, Node's
 * `process.dlopen`, PostgreSQL's `LOAD '...'`, `insmod`: the library runs inside the loading process as soon as it is
 * loaded, like a script piped into a shell. The loaded file's name (its extension aside: SQLite's `.load /tmp/vec0`)
 * must also appear where the action fetches (a URL, a download target). Loading what the project built (`.load
 * ./ext/build/vec0.so`, `ctypes.CDLL('./build/libfast.so')`) and fetching data (`curl ... cities.csv` then `.import`)
 * pass. Sources: SQLite CLI `.load`; Python ctypes and sqlite3 docs; Node.js `process.dlopen`; PostgreSQL `LOAD`;
 * ld.so(8); MITRE ATT&CK T1574.006 and T1129 (shared modules). */

import type { Findings } from "./findings.ts";

const MAX_CHARS = 20_000;
export const LOAD_SIGN =
  /\.load\b|LD_PRELOAD|DYLD_INSERT_LIBRARIES|CDLL|LoadLibrary|dlopen|load_extension|\bLOAD\s|insmod|\.(?:node|so|dylib|dll)["']\s*\)/;
const FETCH =
  /\bcurl\b|\bwget\b|\burlretrieve\b|\burlopen\b|requests\.get|\bfetch\(|Invoke-WebRequest|\biwr\b|https?:\/\//;
const FETCHING = String.raw`(?:https?:\/\/|\bcurl\b|\bwget\b|urlretrieve|requests\.get|urlopen|\bfetch\()`;
/** What is loaded: the path in the first group that matched. */
const LOADED = [
  /\.load\s+["']?([^\s"';)]+)/g,
  /\b(?:LD_PRELOAD|DYLD_INSERT_LIBRARIES)=["']?([^\s"':;]+)/g,
  /\b(?:CDLL|WinDLL|LoadLibrary|dlopen|load_extension)\(\s*(?:\w+\s*,\s*)?["']([^"']+)["']/g,
  /\bLOAD\s+'([^']+)'/g,
  // Node's native addons by require, R's dyn.load, Java's System.load, LuaJIT's ffi.load, Ruby's Fiddle.
  /\b(?:require|dyn\.load|System\.load|ffi\.load|Fiddle\.dlopen|Fiddle::Handle\.new)\(\s*["']([^"']+\.(?:node|so|dylib|dll)(?:\.\d+)*)["']/g,
  /\binsmod\s+(\S+\.ko)\b/g,
];

/** The file part of a loaded path without folders and extensions (`/tmp/libperf.so.1` -> `libperf`). */
function stem(path: string): string {
  const file = path.slice(path.lastIndexOf("/") + 1);
  return file.replace(/\.(?:so(?:\.\d+)*|dylib|dll|node|ko|bundle)$/i, "");
}

export function judgeFetchedNativeLoads(texts: readonly string[], findings: Findings): void {
  for (const whole of texts) {
    const text = whole.length > MAX_CHARS ? whole.slice(0, MAX_CHARS) : whole;
    if (!LOAD_SIGN.test(text) || !FETCH.test(text)) continue;
    for (const pattern of LOADED) {
      for (const match of text.matchAll(pattern)) {
        const name = stem(match[1]);
        if (name === "" || /^[.$]/.test(name)) continue;
        const rest = text.slice(0, match.index) + text.slice((match.index ?? 0) + match[0].length);
        const file = `(?<![\\w-])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:\\.\\w+)*(?![\\w-])`;
        // The fetch and the file in one statement, either way round (`open('/tmp/a.so','wb').write(requests.get(...))`).
        const fetched = new RegExp(`${FETCHING}[^\\n;|&]*${file}|${file}[^\\n;|&]*${FETCHING}`);
        if (!fetched.test(rest)) continue;
        findings.escalate("exec", `loads "${match[1]}", native code this action downloads`);
        return;
      }
    }
  }
}
