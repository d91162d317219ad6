/** Images a command writes into a container file (round 39): `sed -i 's#FROM node:20#FROM nodejs/node:20#'
 * Dockerfile`, `echo 'FROM pyhton:3.12' > Dockerfile`, `yq -i '.services.db.image = "postgress"' compose.yaml`:
 * the written-file check reads what a write tool puts in the file, and a command's text is read here the same way
 * (image_lookalikes.ts's one-letter lookalikes and image_namespaces.ts's impostor namespaces). Gated by the
 * literal `FROM ` or `image` and a container file's name in the command. */

import type { Findings } from "./findings.ts";
import { imageConcern } from "./image_lookalikes.ts";
import { matchesOf } from "../match_all.ts";

const CONTAINER_FILE = /(?:Dockerfile|Containerfile|compose[\w.-]*\.ya?ml)\b/i;
/** An image after `FROM` or `image:`/`image =`, ending before an editor's `/` delimiter (`s/FROM a/FROM b/`). */
const IMAGE_IN_TEXT =
  /(?:\bFROM\s+(?:--platform=\S+\s+)?|\bimage["']?\s*[:=]\s*["']?)((?:[\w.:@-]|\/(?![\s'"]|FROM\b))+)/g;

export function judgeShellImages(texts: readonly string[], findings: Findings): void {
  for (const text of texts.slice(0, 8)) {
    if (text.length > 64 * 1024 || !/FROM\s|image/.test(text) || !CONTAINER_FILE.test(text)) continue;
    // `sed 's/FROM node/FROM nodejs\/node/'`: the slash escaped for the editor's delimiter.
    const unescaped = text.includes("\\/") ? text.replaceAll("\\/", "/") : text;
    for (const match of matchesOf(IMAGE_IN_TEXT, unescaped)) {
      const concern = imageConcern(match[1]);
      if (concern) {
        findings.escalate("install", `writes a container file that names ${concern}`);
        return;
      }
    }
  }
}
