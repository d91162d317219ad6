/** Unlimited token approvals (round 57): an ERC-20 `approve`/`increaseAllowance`/`permit` of the maximum or a huge
 * amount, or an ERC-721/1155 `setApprovalForAll(operator, true)` -- by `cast send`, ethers/web3 code run by a
 * command, and wallet or contract-writing tools (`amount: "unlimited"`, `function: "increaseAllowance"`). The spender
 * can then move every such token of the wallet at any later time: approval phishing drains wallets this way. An
 * exact amount, a revocation (`approve ... 0`) and reads (`cast call ... allowance`) pass. Sources: EIP-20 `approve`;
 * EIP-721 `setApprovalForAll`; EIP-2612 `permit`; Revoke.cash "What are token approvals"; ScamSniffer's approval
 * phishing reports; Foundry `cast send` and `cast max-uint`. */

import type { Segment } from "../shell_parser.ts";
import type { Findings } from "./findings.ts";

const APPROVING = /^(?:approve|increaseallowance|increaseapproval|permit)$/i;
const FOR_ALL = /^setapprovalforall$/i;
/** 10^27 base units or more: a thousand billion tokens of 18 decimals, no exact payment. */
const HUGE =
  /^(?:\d{28,}|0x[0-9a-f]{30,}|(?:max|maximum|unlimited|infinite|infinity|all|max_?uint(?:256)?)|\$\(cast max-uint\)|.*maxuint256.*|.*max_uint.*|2\s*\*\*\s*256.*|2n\s*\*\*\s*256n.*|type\(uint256\)\.max)$/i;
const TRUE = /^(?:true|1)$/i;

/** Whether a call of this function with these arguments hands over unlimited spending. */
export function unlimited(name: string, args: readonly unknown[]): boolean {
  const bare = name.replace(/\(.*$/, "").trim();
  if (FOR_ALL.test(bare)) return args.slice(1, 3).some((arg) => TRUE.test(String(arg).trim()));
  if (!APPROVING.test(bare)) return false;
  // `permit(owner, spender, value, deadline, ...)` names the amount third (its deadline may be the maximum);
  // `approve(spender, amount)` second, Permit2's `approve(token, spender, amount, expiration)` third.
  const amounts = /^permit$/i.test(bare) ? args.slice(2, 3) : args.slice(1, 3);
  return amounts.some((amount) => HUGE.test(String(amount).trim()));
}

export function judgeApprovalCommands(segments: readonly Segment[], findings: Findings): void {
  for (const segment of segments.slice(0, 32)) {
    if (segment.program !== "cast" || (segment.argv[1] !== "send" && segment.argv[1] !== "mktx")) continue;
    const at = segment.argv.findIndex((word) => /^\w+\(/.test(word));
    if (at < 0) continue;
    const args = segment.argv.slice(at + 1).filter((word) => !word.startsWith("--"));
    if (unlimited(segment.argv[at], args)) {
      findings.escalate(
        "money",
        `"cast send" grants unlimited token spending (${segment.argv[at].slice(0, 40)})`,
      );
      return;
    }
  }
}

/** `token.approve(spender, ethers.MaxUint256)`, `approve(spender, 2**256-1)`, `setApprovalForAll(op, true)`. */
const CODE_APPROVAL =
  /\b(?:approve|increaseAllowance)\s*\([^()]{0,200}?(?:MaxUint256|maxUint256|MAX_UINT|2\s*\*\*\s*256|2n\s*\*\*\s*256n|type\(uint256\)\.max|uint256\(-1\)|0x[fF]{60,}|\d{28,})|\bsetApprovalForAll\s*\([^()]{0,200}?,\s*(?:true|True)\s*\)/;

export function judgeApprovalCode(code: readonly string[], findings: Findings): void {
  for (const text of code.slice(0, 8)) {
    if (text.length > 50000 || !/pprov/.test(text)) continue;
    const call = CODE_APPROVAL.exec(text);
    if (call) {
      findings.escalate("money", `code grants unlimited token spending (${call[0].slice(0, 60)})`);
      return;
    }
  }
}

const AMOUNT_KEYS = ["amount", "value", "allowance", "quantity"];

/** Wallet and contract tools: `approve_token {amount: "unlimited"}`, `write_contract {function, args}`. */
export function judgeApprovalPayload(
  tool: string,
  payload: Record<string, unknown>,
  findings: Findings,
): void {
  const named = payload.function ?? payload.function_name ?? payload.method ?? payload.abi_function;
  const args = payload.args ?? payload.arguments ?? payload.params;
  let found = false;
  if (typeof named === "string" && Array.isArray(args)) found = unlimited(named, args);
  else if (/approv|allowance|permit/i.test(tool)) {
    const amount = AMOUNT_KEYS.map((key) => payload[key]).find((value) => value !== undefined);
    const forAll = payload.approved ?? payload.approve_all ?? payload.approveAll;
    found = (amount !== undefined && HUGE.test(String(amount).trim())) ||
      (/for_?all/i.test(tool) && TRUE.test(String(forAll)));
  }
  found ||= unlimitedPermit(payload);
  if (found) findings.escalate("money", `"${tool}" grants unlimited token spending`);
}

/** A typed-data signature of an EIP-2612 or Permit2 permit (`primaryType: "Permit"`, `"PermitSingle"`) for a huge
 * amount: signed once, it lets the spender pull the tokens without another transaction. */
function unlimitedPermit(payload: Record<string, unknown>): boolean {
  const typed =
    (typeof payload.data === "object" && payload.data !== null ? payload.data : payload) as Record<
      string,
      unknown
    >;
  const primary = typed.primaryType ?? typed.primary_type;
  if (typeof primary !== "string" || !/^permit/i.test(primary)) return false;
  const message = typed.message as Record<string, unknown> | undefined;
  const details = message?.details as Record<string, unknown> | undefined;
  return [message?.value, message?.amount, details?.amount].some((amount) =>
    amount !== undefined && HUGE.test(String(amount).trim())
  );
}
