import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema } from '../primitives';

// Single sign-on over OpenID Connect (docs/decisions/0208): a company's connection to its identity provider, as its
// administrators set it up and the partner's staff approve it, and the two steps of signing in through it.

/** What the screens say; the server's refusals use the same words. */
export const SSO_MESSAGES = {
  issuerFormat: 'Enter the issuer URL, such as https://login.example.com/tenant',
  domainFormat: 'Enter a domain such as example.co.uk',
  domainsRequired: 'Enter at least one e-mail domain',
  domainsUnique: 'Each domain once only',
  groupsUnique: 'Each group once only',
  secretRequired: 'Enter the client secret',
  notSetUp: 'Single sign-on is not set up for this address. Log in with your username and password instead.',
  loginRequired: 'Please enter your work e-mail address or username',
  didNotComplete: 'Single sign-on did not complete. Please try again.',
  noAccess: 'Your organisation has not given you access to this portal. Please ask your administrator.',
  secondStepRequired:
    "Your company requires two-step verification, and your organisation's sign-in did not report one. Please ask your administrator to turn on multi-factor authentication at your identity provider.",
} as const;

/** The profile levels a group can be mapped to: a group names people, never one device. */
export const SSO_MAPPING_LEVELS = ['Company', 'Site', 'Team'] as const;

/** An issuer is an absolute URL without query or fragment (OpenID Connect Discovery 1.0, section 2). */
export const SsoIssuerSchema = z
  .string()
  .trim()
  .max(500)
  .pipe(z.url({ protocol: /^https?$/, error: SSO_MESSAGES.issuerFormat }))
  .refine((url) => !/[?#]/.test(url), SSO_MESSAGES.issuerFormat);

export const SsoEmailDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, SSO_MESSAGES.domainFormat);

/** Members of `group` (a value of the provider's groups claim) get the profile and, by its level, sites or teams. */
export const SsoGroupMappingSchema = z.object({
  group: z.string().trim().min(1, 'Enter the group').max(200),
  profileId: IdSchema,
  /** A Site-level profile's sites; empty for other levels. */
  siteIds: z.array(IdSchema).max(100).default([]),
  /** A Team-level profile's teams; empty for other levels. */
  teamIds: z.array(IdSchema).max(100).default([]),
});
export type SsoGroupMapping = z.infer<typeof SsoGroupMappingSchema>;

/** What an administrator saves; the secret may be left out to keep the one stored. */
export const SsoConnectionSaveSchema = z.object({
  issuer: SsoIssuerSchema,
  clientId: z.string().trim().min(1, 'Enter the client id').max(200),
  clientSecret: z.string().trim().min(1, SSO_MESSAGES.secretRequired).max(500).optional(),
  emailDomains: z
    .array(SsoEmailDomainSchema)
    .min(1, SSO_MESSAGES.domainsRequired)
    .max(10)
    .refine((domains) => new Set(domains).size === domains.length, SSO_MESSAGES.domainsUnique),
  /** In order: the first mapping whose group the user is in decides. */
  groupMappings: z
    .array(SsoGroupMappingSchema)
    .max(50)
    .refine((mappings) => new Set(mappings.map((m) => m.group)).size === mappings.length, SSO_MESSAGES.groupsUnique),
});
export type SsoConnectionSave = z.input<typeof SsoConnectionSaveSchema>;

/** `awaiting_approval` until a member of the partner's staff approves it; nobody signs in through it until then. */
export const SsoStatusSchema = z.enum(['awaiting_approval', 'approved']);
export type SsoStatus = z.infer<typeof SsoStatusSchema>;

/** A connection as it is shown: never its secret, only that one is stored. */
export const SsoConnectionSchema = z.object({
  companyId: IdSchema,
  issuer: z.string(),
  clientId: z.string(),
  clientSecretSet: z.literal(true),
  emailDomains: z.array(z.string()),
  groupMappings: z.array(SsoGroupMappingSchema),
  status: SsoStatusSchema,
  approvedAt: IsoDateTimeSchema.nullable(),
  updatedAt: IsoDateTimeSchema,
});
export type SsoConnection = z.infer<typeof SsoConnectionSchema>;

/** A company's single sign-on: its connection, if any, and the redirect URI to register with the provider. */
export const CompanySsoSchema = z.object({
  connection: SsoConnectionSchema.nullable(),
  redirectUri: z.string(),
});
export type CompanySso = z.infer<typeof CompanySsoSchema>;

/** A connection as the partner's staff review it. */
export const SsoApprovalItemSchema = SsoConnectionSchema.omit({ groupMappings: true }).extend({
  companyName: z.string(),
});
export type SsoApprovalItem = z.infer<typeof SsoApprovalItemSchema>;

export const SsoApprovalRequestSchema = z.object({
  companyId: IdSchema,
  /** true approves the connection; false withdraws the approval. */
  approved: z.boolean(),
});

/** The first step of signing in: which provider, from the work e-mail address (its domain) or the username. */
export const SsoStartRequestSchema = z.object({
  login: z.string().trim().min(1, SSO_MESSAGES.loginRequired).max(254),
});
export const SsoStartReplySchema = z.object({ authorizationUrl: z.url() });

/** The second step: the query string the provider sent the browser back with, as it came. */
export const SsoCompleteRequestSchema = z.object({
  callback: z.string().min(1).max(8000),
  /** As with the password sign-in: the cookie notice was accepted in this browser. */
  cookiePolicyAccepted: z.boolean().optional(),
});
