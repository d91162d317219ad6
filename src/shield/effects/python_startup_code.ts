/** Code that plants a Python start-up hook in a site folder it asks Python for (round 42): `pathlib.Path(
 * site.getusersitepackages(), 'x.pth').write_text(...)`, `open(os.path.join(site.getsitepackages()[0], 'zz.pth'), 'w')`,
 * `shutil.copy('h.py', sysconfig.get_paths()['purelib'] + '/sitecustomize.py')`. A `.pth` file's `import` lines and
 * `sitecustomize`/`usercustomize` run at every start of Python: the persistence the 2024-25 PyPI malware used
 * (Checkmarx and Phylum write-ups on `.pth` payloads; Python docs, `site` module). Shell writes to such paths are
 * classed by path_classes.ts; this reads the code that writes them. Listing or reading them passes. */

import type { Findings } from "./findings.ts";

const SITE_FOLDER = String
  .raw`(?:getsitepackages|getusersitepackages|user_site|get_paths\(\)\s*\[\s*['"](?:pure|plat)lib)`;
const STARTUP_FILE = String.raw`(?:\.pth\b|(?:site|user)customize\.py)`;
const PLANTS = new RegExp(
  String.raw`${SITE_FOLDER}[\s\S]{0,300}?${STARTUP_FILE}|${STARTUP_FILE}[\s\S]{0,300}?${SITE_FOLDER}`,
  "i",
);
const WRITES =
  /write_text|write_bytes|\.write\(|\bopen\([^)]*,\s*['"][wax]|shutil\.(?:copy|move)|copyfile|\bcp\b|\btee\b|>/;

/** Escalates code that writes a `.pth` or `*customize.py` file into a site folder it computes. */
export function judgePythonStartupCode(tool: string, texts: readonly string[], findings: Findings): void {
  for (const text of texts.slice(0, 16)) {
    if (text.length > 64 * 1024 || !(text.includes(".pth") || text.includes("customize"))) continue;
    if (PLANTS.test(text) && WRITES.test(text)) {
      findings.escalate(
        "persistence",
        `"${tool}" writes a Python start-up file (.pth or *customize.py) into site-packages`,
      );
      return;
    }
  }
}
