/** Container images whose name is one edit from a well-known official image (`ngnix`, `pyhton`, `postgress`):
 * typosquatted images on public registries carry miners and back doors. The list is Docker Hub's most pulled
 * official and verified images, chosen by hand (`data/popular_images.ts`). An official name under a lookalike
 * namespace (`nodejs/node`, round 39) is `image_namespaces.ts`'s. */

import type { Findings } from "./findings.ts";
import { editDistance } from "./package_lookalikes.ts";
import { POPULAR_IMAGES } from "./data/popular_images.ts";
import { impostorNamespace } from "./image_namespaces.ts";
import { borrowedToolImage } from "./tool_images.ts";
import { matchesOf } from "../match_all.ts";

/** The official image `image` imitates, if any (registry, owner, tag and digest set aside). */
export function imageLookalike(image: string): string | undefined {
  const withoutDigest = image.split("@")[0];
  const parts = withoutDigest.split("/");
  if (parts.length > 2 || (parts.length === 2 && parts[0] !== "library")) return undefined;
  const name = parts[parts.length - 1].split(":")[0].toLowerCase();
  if (name.length < 4 || POPULAR_IMAGES.has(name)) return undefined;
  for (const known of POPULAR_IMAGES) {
    if (Math.abs(known.length - name.length) <= 1 && editDistance(name, known, 1) <= 1) return known;
  }
  return undefined;
}

/** What is wrong with naming `image` (as "the image X, ..."): a one-letter lookalike or an impostor namespace. */
export function imageConcern(image: string): string | undefined {
  const known = imageLookalike(image);
  if (known) return `the image "${image}", one letter from the official "${known}"`;
  const impostor = impostorNamespace(image);
  if (impostor) {
    return `the image "${image}": "${impostor.official}" under the namespace "${impostor.namespace}", not the official ` +
      "image";
  }
  const tool = borrowedToolImage(image);
  return tool
    ? `the image "${image}", the tool "${tool}" under an owner that does not publish it`
    : undefined;
}

const WRITTEN_IMAGE = /^\s*(?:FROM\s+(?:--platform=\S+\s+)?|-?\s*image:\s*["']?)([\w.\/:@-]+)/gim;

/** Images named in written Dockerfiles, compose files and manifests (`FROM pyhton:3.12`, `image: postgress`). */
export function judgeWrittenImages(texts: readonly string[], findings: Findings): void {
  for (const text of texts.slice(0, 8)) {
    if (text.length > 256 * 1024 || !/\b(?:FROM|image:)/.test(text)) continue;
    for (const match of matchesOf(WRITTEN_IMAGE, text)) {
      const concern = imageConcern(match[1]);
      if (concern) {
        findings.escalate("install", `names ${concern}`);
        return;
      }
    }
  }
}

export function judgeImageName(image: string | undefined, findings: Findings): void {
  const concern = image ? imageConcern(image) : undefined;
  if (concern) findings.escalate("install", `runs ${concern}`);
}
