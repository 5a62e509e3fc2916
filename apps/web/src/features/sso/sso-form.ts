import {
  type CompanySso,
  SSO_MESSAGES,
  type SsoConnectionSave,
  SsoConnectionSaveSchema,
  type SsoGroupMapping,
} from '@portal/contract';

/** One row of the group mappings as the form holds it: the profile as the select's text. */
export type MappingRow = { key: number; group: string; profileId: string; siteIds: number[]; teamIds: number[] };

/** The connection form's values: text as typed, the domains as one line. */
export type SsoFormValues = {
  issuer: string;
  clientId: string;
  /** Empty keeps the stored secret. */
  clientSecret: string;
  emailDomains: string;
  groupMappings: MappingRow[];
};

let rowKeys = 0;
/** A new, empty mapping row with a key of its own (React's list key; never sent). */
export function newMappingRow(mapping?: SsoGroupMapping): MappingRow {
  rowKeys += 1;
  return {
    key: rowKeys,
    group: mapping?.group ?? '',
    profileId: mapping ? String(mapping.profileId) : '',
    siteIds: mapping?.siteIds ?? [],
    teamIds: mapping?.teamIds ?? [],
  };
}

export function formValuesOf(sso: CompanySso | undefined): SsoFormValues {
  const connection = sso?.connection;
  return {
    issuer: connection?.issuer ?? '',
    clientId: connection?.clientId ?? '',
    clientSecret: '',
    emailDomains: connection?.emailDomains.join(', ') ?? '',
    groupMappings: connection?.groupMappings.map((mapping) => newMappingRow(mapping)) ?? [],
  };
}

/** The domains typed, split at commas and spaces. */
const domainsOf = (text: string) => text.split(/[\s,;]+/).filter((domain) => domain !== '');

/**
 * The save request of the form's values, checked with the request's own schema (the server's): either the body, or
 * the message of the first problem of each field, keyed as the server names fields (`groupMappings.0.profileId`).
 */
export function ssoSaveOf(
  values: SsoFormValues,
  secretStored: boolean,
): { ok: true; body: SsoConnectionSave } | { ok: false; errors: Record<string, string> } {
  const body: SsoConnectionSave = {
    issuer: values.issuer,
    clientId: values.clientId,
    ...(values.clientSecret.trim() === '' ? {} : { clientSecret: values.clientSecret }),
    emailDomains: domainsOf(values.emailDomains),
    groupMappings: values.groupMappings.map((row) => ({
      group: row.group,
      profileId: row.profileId === '' ? 0 : Number(row.profileId),
      siteIds: row.siteIds,
      teamIds: row.teamIds,
    })),
  };
  const errors: Record<string, string> = {};
  const parsed = SsoConnectionSaveSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [first, index, field] = issue.path;
      const key =
        first === 'groupMappings' && typeof index === 'number' && typeof field === 'string'
          ? `groupMappings.${index}.${field}`
          : String(first);
      const message = key.endsWith('.profileId') ? 'Choose a profile' : issue.message;
      errors[key] ??= message;
    }
  }
  if (!secretStored && body.clientSecret === undefined) errors.clientSecret ??= SSO_MESSAGES.secretRequired;
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}

/** The fields a refused save named, with the server's messages, in the form's keys. */
export function serverFieldErrors(body: unknown): Record<string, string> {
  const details =
    typeof body === 'object' && body !== null && Array.isArray((body as { details?: unknown }).details)
      ? ((body as { details: unknown[] }).details as Array<{ field?: unknown; message?: unknown }>)
      : [];
  const errors: Record<string, string> = {};
  for (const detail of details) {
    if (typeof detail.field === 'string' && typeof detail.message === 'string') {
      errors[detail.field.split('.').slice(0, 3).join('.')] ??= detail.message;
    }
  }
  return errors;
}
