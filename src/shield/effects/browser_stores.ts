/** Browsers' credential and cookie stores on every OS (round 69), as a path (lower case, absolute, `\` already read
 * as `/`, `%LOCALAPPDATA%`/`%APPDATA%` read as `~/AppData`): what an infostealer reads (MITRE ATT&CK T1555.003
 * Credentials from Web Browsers, T1539 Steal Web Session Cookie). Two readings, both by class rather than by one
 * browser's path:
 * - a store file by its name inside a browser profile, whatever the browser and OS: Chromium's `Login Data` (and
 *   `Login Data For Account`), `Web Data` (autofill and cards), `Cookies` (also under `Network/`), `Local State` (it
 *   holds the key that decrypts the others), in a `Default`, `Profile N`, `Guest Profile` or any `User Data` folder;
 *   Firefox's `logins.json`, `key4.db`/`key3.db`, `signons.sqlite`, `cookies.sqlite`, `cert9.db`, `formhistory.sqlite`
 *   in any profile folder (`*.default*`, `Profiles/...`); Safari's `Cookies.binarycookies`; keychain files
 *   (`*.keychain-db`);
 * - a browser's whole profile folder on each OS, so a copy or an archive of it counts: Windows
 *   `AppData/{Local,Roaming}/.../User Data` of Chrome, Edge, Brave, Vivaldi, Yandex, Chromium, Opera's `Opera Stable`
 *   and `Opera GX Stable`, Firefox's and other Gecko browsers' `Profiles`; macOS `Library/Application Support/` of the
 *   same browsers (`com.operasoftware.Opera`, Arc); Linux `~/.config/<browser>` and `~/.mozilla`, snap
 *   (`~/snap/chromium/...`, `~/snap/firefox/...`) and flatpak (`~/.var/app/org.mozilla.firefox/...`,
 *   `com.google.Chrome`, `org.chromium.Chromium`, `com.brave.Browser`, `com.microsoft.Edge`) installs.
 * A page's `Bookmarks` or `History` inside a real profile follows the profile (the reading of `~/.config/google-chrome`
 * Shield had before: browsing data is personal and sits beside the keys; one reading on every OS rather than carved
 * exceptions). What passes: a test profile the project creates (`test/fixtures/chrome-profile/Default/Preferences`
 * in the workspace: no store file name and no real profile root), extension source, Playwright's `storageState`
 * fixtures. Feeds the secret path class (`path_classes.ts`) and the rule `credential.browser_profile`.
 * Sources: Chromium "User Data Directory" docs and os_crypt design; Mozilla "Profiles - where Firefox stores your
 * user data"; Snapcraft and Flatpak data locations; Red Canary and Unit 42 infostealer reports (RedLine, Lumma). */

/** Chromium's store files inside a profile folder, and `Local State` beside the profiles. */
const CHROMIUM_FILE = String
  .raw`\/(?:default|profile \d+|guest profile|system profile|[^/]*\.default[^/]*)\/(?:network\/)?(?:login data(?: for account)?|web data|cookies|extension cookies)(?:-journal|-wal)?$|\/user data\/local state$`;
/** Gecko's store files in any folder (their names are Firefox's own). */
const GECKO_FILE = String
  .raw`\/(?:logins(?:-backup)?\.json|key[34]\.db|signons\.sqlite|cookies\.sqlite|cert9\.db|formhistory\.sqlite)(?:-journal|-wal)?$`;
const SAFARI_FILE = String.raw`\/cookies\.binarycookies$|\.keychain(?:-db)?$`;
/** Chromium-family browsers' folder names (Windows and macOS vendor folders, Linux config folders). */
const CHROMIUM_NAMES = String
  .raw`google\/chrome[^/]*|google-chrome[^/]*|chromium|microsoft\/edge[^/]*|microsoft edge[^/]*|microsoft-edge[^/]*|bravesoftware\/brave-browser[^/]*|vivaldi|yandex\/yandexbrowser|yandex-browser[^/]*|thorium|ungoogled-chromium|opera software\/opera[^/]*|com\.operasoftware\.opera[^/]*|opera(?:-beta|-developer)?|arc`;
/** Whole profile folders on each OS. */
const PROFILE_ROOT = [
  String.raw`\/appdata\/(?:local\/|roaming\/)?(?:${CHROMIUM_NAMES})(?:\/user data)?(?:\/|$)`,
  String
    .raw`\/appdata\/(?:local\/|roaming\/)?(?:mozilla\/firefox|librewolf|waterfox|moonchild productions\/pale moon|mozilla\/seamonkey)(?:\/|$)`,
  String.raw`\/library\/application support\/(?:${CHROMIUM_NAMES}|firefox|librewolf|waterfox|zen)(?:\/|$)`,
  String.raw`\/\.config\/(?:${CHROMIUM_NAMES})(?:\/|$)`,
  String.raw`\/\.(?:mozilla|librewolf|waterfox|zen|floorp)(?:\/|$)`,
  String
    .raw`\/snap\/(?:chromium|firefox|brave|opera|vivaldi|microsoft-edge|google-chrome)\/(?:[^/]+\/)*(?:\.config\/[^/]+|\.mozilla|chromium)(?:\/|$)`,
  String
    .raw`\/\.var\/app\/(?:org\.mozilla\.firefox|org\.chromium\.chromium|com\.google\.chrome|com\.brave\.browser|com\.microsoft\.edge|com\.opera\.opera|com\.vivaldi\.vivaldi|io\.github\.ungoogled_software\.ungoogled_chromium|io\.gitlab\.librewolf-community)(?:\/|$)`,
  String.raw`\/library\/(?:containers\/com\.apple\.safari\/data\/library\/)?cookies(?:\/|$)`,
].join("|");

/** A browser's credential or cookie store, or a whole browser profile folder (lower-case absolute path). */
export const BROWSER_STORE = new RegExp(`${CHROMIUM_FILE}|${GECKO_FILE}|${SAFARI_FILE}|${PROFILE_ROOT}`);
