/** Data spelled out by a run of images (round 38, beside round 4's data carried in one image address): a comment,
 * review or message holding four or more images from one host whose alt texts are single characters, or whose
 * addresses differ only in a few characters each -- pre-signed image-proxy links (GitHub's Camo) or tracking pixels
 * chosen one per character, so the reader's browser fetches them in order and the host's log spells the secret.
 * Screenshots, badges and emoji (long differing paths, or alt texts that are words) pass.
 * Sources: Legit Security, CamoLeak: Critical GitHub Copilot Vulnerability Leaks Private Source Code (2025);
 * Embrace The Red on image-markdown exfiltration (2023-2025). */

import type { Findings } from "./findings.ts";
import { matchesOf } from "../match_all.ts";

const IMAGE =
  /!\[([^\]\n]{0,40})\]\(\s*<?(https?:\/\/[^)\s>]+)|<img\b[^>]{0,200}?\bsrc\s*=\s*["']?(https?:\/\/[^"'\s>]+)(?:[^>]{0,200}?\balt\s*=\s*["']([^"']{0,40})["'])?/gi;
const MIN_IMAGES = 4;

function commonPrefix(values: readonly string[]): number {
  let length = 0;
  while (values.every((value) => length < value.length && value[length] === values[0][length])) length++;
  return length;
}

function commonSuffix(values: readonly string[], prefix: number): number {
  let length = 0;
  while (
    values.every((value) =>
      value.length - length > prefix &&
      value[value.length - 1 - length] === values[0][values[0].length - 1 - length]
    )
  ) length++;
  return length;
}

/** Whether the images of one host spell something: one-character alts, or addresses differing in a few characters. */
function spells(images: ReadonlyArray<{ url: string; alt: string | undefined }>): boolean {
  if (images.length < MIN_IMAGES) return false;
  if (images.every((image) => image.alt !== undefined && [...image.alt.trim()].length === 1)) return true;
  if (images.some((image) => (image.alt?.trim().length ?? 0) > 2)) return false;
  const urls = images.map((image) => image.url);
  const prefix = commonPrefix(urls);
  const suffix = commonSuffix(urls, prefix);
  const middles = urls.map((url) => url.slice(prefix, url.length - suffix));
  return middles.every((middle) => middle.length <= 4) && new Set(middles).size >= MIN_IMAGES - 1;
}

export function judgeImageSequences(tool: string, texts: readonly string[], findings: Findings): void {
  for (const text of texts.slice(0, 8)) {
    if (text.length > 64 * 1024 || !(text.includes("](http") || /<img\b/i.test(text))) continue;
    const byHost = new Map<string, Array<{ url: string; alt: string | undefined }>>();
    let count = 0;
    for (const match of matchesOf(IMAGE, text)) {
      if (++count > 256) break;
      const url = match[2] ?? match[3];
      const host = /^https?:\/\/([^/?#]+)/i.exec(url)?.[1]?.toLowerCase() ?? "";
      const list = byHost.get(host) ?? [];
      list.push({ url, alt: match[2] !== undefined ? match[1] : match[4] });
      byHost.set(host, list);
    }
    for (const [host, images] of byHost) {
      if (!spells(images)) continue;
      findings.escalate(
        "network",
        `"${tool}" writes a run of ${images.length} images from "${host}" that spells data out one piece each`,
      );
      return;
    }
  }
}
