/** One adapter per enabled `channels.<platform>` block, its secrets read through the injected env reader. */
import type { Config } from "../config/schema.ts";
import { DiscordAdapter } from "./discord/adapter.ts";
import { IMessageAdapter } from "./imessage/adapter.ts";
import { SignalAdapter } from "./signal/adapter.ts";
import { SlackAdapter } from "./slack/adapter.ts";
import { TeamsAdapter } from "./teams/adapter.ts";
import { TelegramAdapter } from "./telegram/adapter.ts";
import { WhatsAppAdapter } from "./whatsapp/adapter.ts";
import type { ChannelAdapter } from "./types.ts";

export interface AdapterContext {
  /** The user's home folder (iMessage's database lives under it). */
  home?: string;
  /** Reads a secret from the environment variable a `*_env` key names. */
  env: (name: string | undefined) => string | undefined;
  fetch?: typeof fetch;
  now?: () => number;
  log: (channel: string, message: string) => void;
}

export function buildAdapters(config: Config, context: AdapterContext): ChannelAdapter[] {
  const channels = config.channels;
  const adapters: ChannelAdapter[] = [];
  const common = (name: string) => ({
    fetch: context.fetch,
    now: context.now,
    log: (message: string) => context.log(name, message),
  });
  if (channels.telegram?.enabled) {
    adapters.push(
      new TelegramAdapter({
        config: channels.telegram,
        token: context.env(channels.telegram.token_env),
        ...common("telegram"),
      }),
    );
  }
  if (channels.discord?.enabled) {
    adapters.push(
      new DiscordAdapter({
        config: channels.discord,
        token: context.env(channels.discord.token_env),
        ...common("discord"),
      }),
    );
  }
  if (channels.slack?.enabled) {
    adapters.push(
      new SlackAdapter({
        config: channels.slack,
        botToken: context.env(channels.slack.bot_token_env),
        appToken: context.env(channels.slack.app_token_env),
        ...common("slack"),
      }),
    );
  }
  if (channels.whatsapp?.enabled) {
    adapters.push(
      new WhatsAppAdapter({
        config: channels.whatsapp,
        accessToken: context.env(channels.whatsapp.access_token_env),
        appSecret: context.env(channels.whatsapp.app_secret_env),
        ...common("whatsapp"),
      }),
    );
  }
  if (channels.signal?.enabled) {
    adapters.push(new SignalAdapter({ config: channels.signal, ...common("signal") }));
  }
  if (channels.teams?.enabled) {
    adapters.push(
      new TeamsAdapter({
        config: channels.teams,
        appId: context.env(channels.teams.app_id_env),
        password: context.env(channels.teams.password_env),
        ...common("teams"),
      }),
    );
  }
  if (channels.imessage?.enabled) {
    adapters.push(
      new IMessageAdapter({
        config: channels.imessage,
        home: context.home,
        now: context.now,
        log: common("imessage").log,
      }),
    );
  }
  return adapters;
}
