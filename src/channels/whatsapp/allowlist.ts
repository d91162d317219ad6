/** Who may talk to the WhatsApp number: allowed_numbers. */
import { NumberAllowlist } from "../number_allowlist.ts";
import type { WhatsAppConfig } from "./adapter.ts";

export class WhatsAppAllowlist extends NumberAllowlist {
  constructor(config: WhatsAppConfig) {
    super(config.allowed_numbers);
  }
}
