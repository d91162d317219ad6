/** Mail addresses: the recipients the model names are checked strictly (they reach Shield and the SMTP envelope),
 * addresses read from mail are only formatted. */
import { z } from "zod";

/** A bare address or `Name <address>`; no line breaks, no group syntax, no second address hidden inside. */
const ADDRESS =
  /^[^\s@<>(),;:"\[\]\\]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const NAMED = /^([^<>\r\n",;@]{0,100}|"[^"\r\n]{0,100}")\s*<([^<>\s]+)>$/;

export const MAX_RECIPIENTS = 50;

/** The address part of `Name <address>` or the bare address, or undefined when it is not one address. */
export function addressOf(text: string): string | undefined {
  const trimmed = text.trim();
  if (ADDRESS.test(trimmed)) return trimmed;
  const named = NAMED.exec(trimmed);
  return named && ADDRESS.test(named[2]) ? named[2] : undefined;
}

/** `to`, `cc`, `bcc`: one address, a comma-separated list, or an array of addresses. */
export const recipientsArgument = z.union([z.string(), z.array(z.string())])
  .describe('Addresses: "a@example.com", "Ann <a@example.com>", a comma-separated list, or an array');

/** The recipients as a list of checked entries; throws with the first bad one named. */
export function parseRecipients(value: string | string[] | undefined, field: string): string[] {
  if (value === undefined) return [];
  const items = (Array.isArray(value) ? value : splitList(value)).map((item) => item.trim()).filter(Boolean);
  for (const item of items) {
    if (addressOf(item) === undefined) throw new Error(`Invalid ${field} address "${item.slice(0, 200)}"`);
  }
  return items;
}

/** Splits on commas and semicolons outside quotes. */
function splitList(text: string): string[] {
  const items: string[] = [];
  let current = "";
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    if ((char === "," || char === ";") && !quoted) {
      items.push(current);
      current = "";
    } else current += char;
  }
  items.push(current);
  return items;
}

export function domainOf(address: string): string {
  return (addressOf(address) ?? address).split("@").pop()!.toLowerCase();
}

export function formatAddresses(list: { name?: string; address?: string }[] | undefined): string {
  if (!list || list.length === 0) return "(none)";
  return list.map((entry) =>
    entry.name && entry.address ? `${entry.name} <${entry.address}>` : entry.address ?? entry.name ?? ""
  ).join(", ");
}
