/** Who may talk to the Signal account: allowed_numbers, in one-to-one chats. */
import { NumberAllowlist } from "../number_allowlist.ts";
import type { SignalConfig } from "./adapter.ts";

export class SignalAllowlist extends NumberAllowlist {
  constructor(config: SignalConfig) {
    super(config.allowed_numbers);
  }
}
