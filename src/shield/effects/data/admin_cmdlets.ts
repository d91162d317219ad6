/** Microsoft 365 and Azure admin cmdlets by what they grant (round 57): the cmdlet, its effect, and the parameters
 * that carry the grantee or the forward target. Sources: Microsoft Learn cmdlet references (Exchange Online
 * PowerShell: Set-Mailbox, New-InboxRule, Add-MailboxPermission, Add-RecipientPermission,
 * Add-MailboxFolderPermission, New-TransportRule, Set-CalendarProcessing, Set-MailboxAutoReplyConfiguration;
 * SharePoint Online: Set-SPOTenant, Set-SPOSite; PnP PowerShell; AzureAD, MSOnline, Microsoft Graph and Az role
 * cmdlets); CISA AA20-352A and Microsoft's BEC write-ups on forwarding and inbox rules; MITRE ATT&CK T1098.002/.003,
 * T1114.003 (email forwarding rule), T1484.002 (domain trust modification). Names are lower case. */

export interface CmdletEffect {
  /** What the cmdlet does when a named parameter is given, in words for the finding. */
  effect: string;
  /** Parameters whose values receive mail (forwarding): any outside address is judged. */
  forwards?: readonly string[];
  /** Parameters whose values receive access: an address outside the mailbox's own domain, or Anonymous, is judged. */
  grantees?: readonly string[];
  /** The effect of a grantee parameter, when it is not `effect` (Set-Mailbox forwards, and grants send-on-behalf). */
  grants?: string;
  /** Parameters whose texts go out in automatic replies: payment changes and door codes are judged. */
  replies?: readonly string[];
}

const MAILBOX_ACCESS = { effect: "gives access to a mailbox", grantees: ["user"] };
const FOLDER_ACCESS = { effect: "shares a mailbox folder", grantees: ["user"] };
const INBOX_RULE = {
  effect: "sets an inbox rule that forwards mail",
  forwards: ["forwardto", "redirectto", "forwardasattachmentto"],
};
const TRANSPORT_RULE = {
  effect: "sets an organisation-wide mail rule that copies or redirects mail",
  forwards: ["blindcopyto", "redirectmessageto", "copyto", "addtorecipients"],
};

export const GRANTING_CMDLETS: ReadonlyMap<string, CmdletEffect> = new Map<string, CmdletEffect>([
  ["add-mailboxpermission", MAILBOX_ACCESS],
  ["add-recipientpermission", { effect: "lets another account send as a mailbox", grantees: ["trustee"] }],
  ["add-mailboxfolderpermission", FOLDER_ACCESS],
  ["set-mailboxfolderpermission", FOLDER_ACCESS],
  ["set-mailbox", {
    effect: "forwards a mailbox's mail",
    forwards: ["forwardingsmtpaddress", "forwardingaddress"],
    grantees: ["grantsendonbehalfto"],
    grants: "lets another account send on behalf of a mailbox",
  }],
  ["new-inboxrule", INBOX_RULE],
  ["add-distributiongroupmember", {
    effect: "adds an address to a distribution group",
    grantees: ["member"],
  }],
  ["grant-spositedesignrights", { effect: "gives rights to a site design", grantees: ["principals"] }],
  ["set-inboxrule", INBOX_RULE],
  ["new-transportrule", TRANSPORT_RULE],
  ["set-transportrule", TRANSPORT_RULE],
  ["set-calendarprocessing", {
    effect: "makes an account a delegate of a resource mailbox",
    grantees: ["resourcedelegates"],
    replies: ["additionalresponse"],
  }],
  ["set-mailboxautoreplyconfiguration", {
    effect: "sets an automatic reply",
    replies: ["externalmessage", "internalmessage"],
  }],
]);

/** Settings cmdlets: a parameter and the values that open content to anyone, unlock forwarding to other domains or
 * switch auditing off (Microsoft's BEC and audit-evasion write-ups; MITRE ATT&CK T1562.008). */
const ANYONE = "opens SharePoint content to anyone";
const SHARING: ReadonlyArray<[string, RegExp, string]> = [
  ["sharingcapability", /^externaluserandguestsharing$/i, ANYONE],
  ["defaultsharinglinktype", /^anonymousaccess$/i, ANYONE],
  ["onedrivesharingcapability", /^externaluserandguestsharing$/i, ANYONE],
];
const FORWARDING = "allows automatic forwarding of mail to other domains";
const TRUE = /^\$?true$/i;
const FALSE = /^\$?false$/i;
export const SETTING_CMDLETS: ReadonlyMap<string, ReadonlyArray<[string, RegExp, string]>> = new Map([
  ["set-spotenant", SHARING],
  ["set-sposite", SHARING],
  ["set-pnptenant", SHARING],
  ["set-pnptenantsite", SHARING],
  ["set-pnpsite", SHARING],
  ["set-organizationconfig", [["autoforwardenabled", TRUE, FORWARDING], [
    "auditdisabled",
    TRUE,
    "turns mailbox auditing off",
  ]]],
  ["set-remotedomain", [["autoforwardenabled", TRUE, FORWARDING]]],
  ["set-hostedoutboundspamfilterpolicy", [["autoforwardingmode", /^on$/i, FORWARDING]]],
  ["set-adminauditlogconfig", [[
    "unifiedauditlogingestionenabled",
    FALSE,
    "turns the unified audit log off",
  ]]],
  ["set-mailbox", [["auditenabled", FALSE, "turns mailbox auditing off"]]],
  ["set-spouser", [["issitecollectionadmin", TRUE, "makes an account a site collection administrator"]]],
]);

/** Cmdlets whose every call gives power a human should see: administrators of a site, credentials of an app. */
export const POWER_CMDLETS: ReadonlyMap<string, string> = new Map([
  ["add-pnpsitecollectionadmin", "makes an account a site collection administrator"],
  ["new-azureadapplicationpasswordcredential", "adds a credential (a standing sign-in) to an application"],
  [
    "new-azureadserviceprincipalpasswordcredential",
    "adds a credential (a standing sign-in) to a service principal",
  ],
  ["add-mgapplicationpassword", "adds a credential (a standing sign-in) to an application"],
  ["add-mgserviceprincipalpassword", "adds a credential (a standing sign-in) to a service principal"],
  ["new-azadappcredential", "adds a credential (a standing sign-in) to an application"],
  ["new-azadspcredential", "adds a credential (a standing sign-in) to a service principal"],
  // Exchange admin roles (ApplicationImpersonation, Mailbox Import Export, Organization Management) read or export
  // every mailbox; the export cmdlets copy a mailbox or a search's results out (MITRE ATT&CK T1114.002).
  ["new-managementroleassignment", "gives an Exchange management role"],
  ["add-rolegroupmember", "adds a member to an Exchange admin role group"],
  ["new-mailboxexportrequest", "exports a mailbox to a file"],
  ["new-compliancesearchaction", "acts on a compliance search's results (export or purge)"],
]);

/** Inbox rules that hide mail: deleted, or moved where nobody looks (Microsoft's BEC write-ups: "RSS Feeds",
 * "Conversation History"), with the mail marked read or picked by words about payments and security. */
export const HIDING_FOLDER =
  /^(?:rss (?:feeds|subscriptions)|conversation history|deleted items|junk(?: email)?|archive)$/i;
export const HIDDEN_TOPICS =
  /invoice|payment|wire|bank|remittance|iban|security|password|phish|verif|mfa|sign-?in|alert|hack|compromis/i;

/** Directory role cmdlets: every role they add is an administrator's (Entra roles, MSOnline roles). */
export const DIRECTORY_ROLE_CMDLETS: ReadonlySet<string> = new Set([
  "add-azureaddirectoryrolemember",
  "add-azureadmsroleassignment",
  "new-azureadmsroleassignment",
  "add-msolrolemember",
  "new-mgrolemanagementdirectoryroleassignment",
  "new-mgrolemanagementdirectoryroleassignmentschedulerequest",
  "new-mgrolemanagementdirectoryroleeligibilityschedulerequest",
  "new-mgdirectoryrolememberbyref",
  "add-entradirectoryrolemember",
]);

/** Cmdlets that make the domain trust another identity provider (a federation backdoor). */
export const FEDERATION_CMDLETS: ReadonlySet<string> = new Set([
  "set-msoldomainauthentication",
  "set-msoldomainfederationsettings",
  "new-mgdomainfederationconfiguration",
  "update-mgdomainfederationconfiguration",
]);

/** Azure RBAC assignment cmdlets and the roles that control the scope (Owner can grant anything). */
export const RBAC_CMDLETS: ReadonlySet<string> = new Set(["new-azroleassignment"]);
export const CONTROLLING_ROLE =
  /^(?:owner|contributor|user access administrator|role based access control administrator)$/i;
