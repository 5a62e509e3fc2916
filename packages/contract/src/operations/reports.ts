import { z } from 'zod';
import { ReportSubscriptionSaveSchema, ReportSubscriptionSchema } from '../entities/reports';
import { operation } from '../operation';
import { idParam } from '../params';

// Scheduled reports by e-mail (docs/decisions/0216): the caller's own subscriptions. Any signed-in user may have
// them; each kind needs the permission of the pages that show its figures, checked on create and update (400
// naming the kind: the operation is open to every signed-in user) and again each time it runs. Another user's subscription is not found.

const ReportSubscriptionIdParams = z.object({ id: idParam('reportSubscription') });

export const list = operation({
  method: 'GET',
  path: '/api/reportSubscriptions',
  summary: "The caller's own scheduled report subscriptions, oldest first",
  access: 'signed-in',
  // A report covers every company of its subscriber's; the company filter narrows pages, not subscriptions.
  wholeEstate: true,
  response: z.array(ReportSubscriptionSchema),
});

export const create = operation({
  method: 'POST',
  path: '/api/reportSubscriptions',
  summary:
    'Subscribe the caller to a report by e-mail (400 naming the kind when the caller lacks the permission it needs); its first run is at its next scheduled time',
  access: 'signed-in',
  wholeEstate: true,
  body: ReportSubscriptionSaveSchema,
  successStatus: 201,
  response: ReportSubscriptionSchema,
});

export const update = operation({
  method: 'PUT',
  path: '/api/reportSubscriptions/:id',
  summary:
    "Change, pause or resume one of the caller's subscriptions (a stopped one resumes when the caller has the kind's permission again)",
  access: 'signed-in',
  wholeEstate: true,
  params: ReportSubscriptionIdParams,
  body: ReportSubscriptionSaveSchema,
  response: ReportSubscriptionSchema,
});

export const remove = operation({
  method: 'DELETE',
  path: '/api/reportSubscriptions/:id',
  summary: "Delete one of the caller's subscriptions",
  access: 'signed-in',
  wholeEstate: true,
  params: ReportSubscriptionIdParams,
  successStatus: 204,
  response: z.null(),
});

export const sendNow = operation({
  method: 'POST',
  path: '/api/reportSubscriptions/:id/sendNow',
  summary:
    "Build one of the caller's reports now and queue its e-mail; its schedule is unchanged (409 when the caller no longer has the kind's permission)",
  access: 'signed-in',
  wholeEstate: true,
  params: ReportSubscriptionIdParams,
  response: ReportSubscriptionSchema,
});
