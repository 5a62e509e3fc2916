import { z } from 'zod';
import { IsoDateTimeSchema } from '../primitives';

// One of the caller's live sign-in sessions (docs/decisions/0211). A session is a sign-in's family of refresh
// tokens; its id is the `sessionId` its access tokens carry.

/** How a session signed in, as migration 0029 records it. */
export const SESSION_METHODS = ['password', 'sso', 'passkey'] as const;
/** The second step of its sign-in, if it had one; `provider`: the company's identity provider reported one. */
export const SESSION_SECOND_FACTORS = ['authenticator', 'recovery_code', 'passkey', 'provider'] as const;

export const SessionSchema = z.object({
  /** The session's id: the family id of its refresh tokens. */
  id: z.uuid(),
  /** The session asking. */
  current: z.boolean(),
  method: z.enum(SESSION_METHODS),
  secondFactor: z.enum(SESSION_SECOND_FACTORS).nullable(),
  /** The browser and system its sign-in came from, in words ("Chrome on Windows"); null when it did not say. */
  device: z.string().nullable(),
  /** The address it was last used from, as the server saw it (behind a proxy, the forwarded client address). */
  address: z.string(),
  startedAt: IsoDateTimeSchema,
  /** Its sign-in or its latest refresh. */
  lastActiveAt: IsoDateTimeSchema,
});
export type Session = z.infer<typeof SessionSchema>;
