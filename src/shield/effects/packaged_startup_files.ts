/** A Python package that ships a `.pth` start-up file into site-packages (round 48): pyproject `data-files =
 * {"lib/python3.12/site-packages" = ["init_hook.pth"]}`, a `[tool.setuptools.data-files]` table, setup.py
 * `data_files=[(sysconfig.get_paths()['purelib'], ['zz_boot.pth'])]`, Hatch's `force-include` or `shared-data`
 * putting a `.pth` at the wheel's root. Python runs the `import` lines of every `.pth` in site-packages at each
 * start-up, so installing the package plants code that runs in every later Python process (round 42 asks a `.pth`
 * written there by path; this is the same file placed by packaging). Data files that are man pages or configs pass.
 * Sources: Python docs, `site` (.pth files); setuptools docs, data files; Hatch build configuration, forced
 * inclusion; 2024-2025 reports of PyPI malware shipping `.pth` files (e.g. Checkmarx and JFrog on `.pth` droppers). */

import type { Findings } from "./findings.ts";

const PACKAGING_FILE =
  /(?:^|\/)(?:pyproject\.toml|setup\.py|setup\.cfg|hatch\.toml|pdm\.toml|MANIFEST\.in)$/i;
const PACKAGED = /data[-_]files|force[-_]include|shared[-_]data|site-packages|dist-packages|purelib|platlib/i;
const PTH_FILE = /[\w.-]+\.pth\b/;

export function judgePackagedStartupFiles(
  paths: readonly string[],
  contents: readonly string[],
  findings: Findings,
): void {
  if (!paths.some((path) => PACKAGING_FILE.test(path))) return;
  for (const content of contents) {
    if (!content.includes(".pth")) continue;
    const text = content.slice(0, 64 * 1024);
    const file = PTH_FILE.exec(text);
    if (!file || !PACKAGED.test(text)) continue;
    findings.escalate(
      "persistence",
      `the package ships "${file[0]}" into site-packages: a start-up file Python runs in every process`,
    );
    return;
  }
}
