/** Token stores of editors and chat apps (round 17), as paths inside a home (lower case): VS Code, Cursor,
 * Windsurf and VSCodium keep extension secrets and sessions in `User/globalStorage/state.vscdb`; Electron chat apps
 * (Slack, Discord, Teams, Signal, Element, WhatsApp) keep session tokens in `Local Storage/leveldb`, `Cookies` and
 * their key files; Telegram Desktop in `tdata`. Reading one hands over the user's logged-in sessions.
 * Sources: VS Code SecretStorage docs; Cyble and Check Point reports on Discord/Slack token grabbers; MITRE ATT&CK
 * T1555 Credentials from Password Stores and T1539 Steal Web Session Cookie. */

const APP_ROOT = String
  .raw`\/(?:\.config|library\/application support|appdata\/roaming|snap\/[^/]+\/current\/\.config)\/`;
const EDITORS = String.raw`(?:code|code - insiders|code - oss|cursor|windsurf|vscodium)`;
const CHAT_APPS = String
  .raw`(?:slack|discord|discordcanary|discordptb|microsoft\/teams|microsoft teams|teams|signal|element|whatsapp|mattermost)`;

export const APP_TOKEN_STORE = new RegExp(
  `^${APP_ROOT}${EDITORS}\\/user\\/globalstorage\\/state\\.vscdb(?:\\.backup)?$|` +
    `^${APP_ROOT}${CHAT_APPS}\\/(?:local storage|session storage|network\\/cookies|cookies|config\\.json$|sql(?:\\/|$))|` +
    String
      .raw`^\/(?:\.local\/share\/telegramdesktop|library\/application support\/telegram desktop)\/tdata(?:\/|$)`,
);
