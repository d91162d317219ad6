/** Round 19 class: typosquats whose head is a misspelling of a popular package and whose tail is a plausible suffix
 * (`reqeusts-http`), installed by any package tool — each attack beside the real package it imitates. */

import { expectDecisions, run } from "./decisions.ts";

Deno.test("a misspelt head with a suffix is asked about; the real packages pass", async () => {
  await expectDecisions([
    [run("npm install --save chalck-pretty-logs"), "STOPPED", "chalk, letter added"],
    [run("pip3 install numpyy_extensions"), "STOPPED", "numpy, underscore tail"],
    [run("bun add recat-hooks-toolkit"), "STOPPED", "react, transposed"],
    [run("uv pip install pytset-asyncio-extras"), "STOPPED", "pytest transposed, on PyPI"],
    [run("npm install --save chalk-animation"), "ALLOW", "a real chalk add-on"],
    [run("pip3 install numpy-financial"), "ALLOW", "a real numpy add-on"],
    [run("bun add react-hook-form"), "ALLOW", "popular"],
    [run("npm install @types/reqeusts-mock"), "ALLOW", "scoped names are judged elsewhere"],
  ]);
});
