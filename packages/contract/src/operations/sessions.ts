import { z } from 'zod';
import { EmptyReplySchema } from '../auth-api';
import { SessionSchema } from '../entities/sessions';
import { operation } from '../operation';

// The caller's own live sign-in sessions and ending them (docs/decisions/0211).

export const list = operation({
  method: 'GET',
  path: '/api/sessions',
  summary: "The caller's own live sessions (not signed out, not expired), the current one first, then latest used",
  access: 'signed-in',
  // The caller's own sessions, whichever of their companies the filter shows.
  wholeEstate: true,
  response: z.array(SessionSchema),
});

export const end = operation({
  method: 'POST',
  path: '/api/sessions/end',
  summary:
    "End one of the caller's live sessions: its refresh tokens stop working and its access tokens are refused (404 when it is not one of theirs, or already ended)",
  access: 'signed-in',
  wholeEstate: true,
  body: z.object({ sessionId: z.uuid() }),
  response: EmptyReplySchema,
});

export const endOthers = operation({
  method: 'POST',
  path: '/api/sessions/endOthers',
  summary: "Sign out everywhere else: end every session of the caller's but the one asking",
  access: 'signed-in',
  wholeEstate: true,
  response: z.object({ ended: z.number().int().min(0) }),
});
