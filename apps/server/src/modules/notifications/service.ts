import type { Notification } from '@portal/contract';
import { barStateOf, queueBarRequest, type RequestStatus } from '../../carriers/alert-bars.js';
import type { Actor } from '../../db/audit.js';
import { conflict, notFound } from '../../http/errors.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { writeInScope } from '../../scope/scoped-write.js';
import * as notices from './repository.js';

const noSuchNotice = () => notFound('No such notice');

export async function noticeById(scope: EstateScope, noticeId: number): Promise<Notification> {
  const [notice] = await notices.noticesByIds(scope, [noticeId]);
  if (!notice) throw noSuchNotice();
  return notice;
}

export async function markNoticeRead(scope: EstateScope, noticeId: number) {
  if (!(await notices.markRead(scope, noticeId))) throw noSuchNotice();
  return {};
}

export async function markAllNoticesRead(scope: EstateScope) {
  await notices.markAllRead(scope);
  return { unread: await notices.unreadCount(scope) };
}

/**
 * Lifts the bar a spend alert placed, from the caller's notice of it (decision 0214): a call barring request removing
 * that bar, through the worker like any bar change, named on the notice (and on the other notices of the same bar).
 * 404 when the notice is not the caller's or its device is not in their estate; 409 when its bar is not on (none,
 * still being placed, failed, or an undo asked already), or another bar change of the line is open.
 */
export async function undoBar(
  scope: EstateScope,
  actor: Actor & { userId: number },
  userName: string,
  noticeId: number,
): Promise<Notification> {
  return writeInScope(scope, actor, async (scope) => {
    const notice = await notices.noticeForUndo(scope, noticeId);
    if (!notice || notice.endpoint_id === null || notice.company_id === null || notice.identifier === null) {
      throw noSuchNotice();
    }
    const state =
      notice.bar_kind === null
        ? undefined
        : barStateOf(notice.bar_status as RequestStatus | null, notice.undo_status as RequestStatus | null);
    if (notice.bar_kind === null || state !== 'applied') {
      throw conflict(
        state === 'undoRequested' || state === 'undone'
          ? 'The bar of this notice has already been asked to be lifted'
          : 'This notice has no bar in place to lift',
        { code: 'no_bar_to_lift' },
      );
    }
    if (await notices.barChangeOpen(scope, notice.endpoint_id)) {
      throw conflict('A request for changes of this kind is being processed for this line', {
        code: 'change_pending',
      });
    }
    const requestId = await queueBarRequest(scope.db, {
      line: {
        endpointId: notice.endpoint_id,
        companyId: notice.company_id,
        supplierId: notice.supplier_id,
        cli: notice.identifier,
      },
      kind: notice.bar_kind,
      lift: true,
      requester: { userId: actor.userId, userName },
      requestId: actor.requestId,
    });
    if (requestId === undefined) throw conflict('This line has no bar the portal can lift', { code: 'no_bar_to_lift' });
    await notices.recordUndo(scope, noticeId, requestId);
    return noticeById(scope, noticeId);
  });
}
