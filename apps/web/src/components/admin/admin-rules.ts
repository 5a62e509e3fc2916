import { type FunctionalityCode, NOTIFICATION_MESSAGES, VIEW_AS_ERROR_CODES } from '@portal/contract';
import { callFailure, isBadRequest, isConflict, serverErrorMessage } from '../../api/operations';

/** The administration areas (spec 2.10, 2.11), each guarded by its own code (docs/decisions/0108). */
export const ADMIN_AREAS = {
  sites: { code: 'ManageSite', noun: 'Site', listTitle: 'Manage Sites', listPath: '/sites/view' },
  teams: { code: 'ManageTeam', noun: 'Team', listTitle: 'Manage Teams', listPath: '/teams/view' },
  users: { code: 'ManageUser', noun: 'User', listTitle: 'Manage Users', listPath: '/users/view' },
  // Beyond the spec (issue 26): spend alert rules, listed and edited like the three above.
  'spend-alerts': {
    code: 'SpendAlerts',
    noun: 'Spend Alert',
    listTitle: 'Spend Alerts',
    listPath: '/spend-alerts/view',
  },
} as const satisfies Record<string, { code: FunctionalityCode; noun: string; listTitle: string; listPath: string }>;
export type AdminArea = keyof typeof ADMIN_AREAS;

export type FormMode = 'Add' | 'Edit' | 'View';

/**
 * Spec 2.11: Add when the caller can write and there is no id, Edit when they can write and there is one, View
 * otherwise. Spec 5 keeps the caller's own user record read-only whatever they hold.
 */
export function formMode(canWrite: boolean, hasId: boolean, ownRecord = false): FormMode {
  if (!canWrite || ownRecord) return 'View';
  return hasId ? 'Edit' : 'Add';
}

export interface RowActions {
  edit: boolean;
  view: boolean;
  delete: boolean;
}

/**
 * The row menu of spec 6: Write gives Edit, and without it the row can only be viewed; Delete gives Delete. On
 * Manage Users the signed-in user's own row is viewed, never edited or deleted.
 */
export function rowActions({
  canWrite,
  canDelete,
  ownRow = false,
}: {
  canWrite: boolean;
  canDelete: boolean;
  ownRow?: boolean;
}): RowActions {
  return { edit: canWrite && !ownRow, view: !canWrite || ownRow, delete: canDelete && !ownRow };
}

/**
 * What a failed delete says (spec 8, docs/decisions/0112): a refusal the server explains (409, a site that still
 * has lines; 400, a record holding more than the caller, decision 0118) in the server's own words, anything else
 * with the spec's generic failure message.
 */
export function deleteFailureMessage(error: unknown): string {
  if (isConflict(error) || isBadRequest(error)) {
    return serverErrorMessage(error) ?? NOTIFICATION_MESSAGES.unexpectedError;
  }
  return NOTIFICATION_MESSAGES.unexpectedError;
}

/**
 * What a failed save says: the server's reason for a refusal (400, or a view as customer's read-only refusal,
 * decision 0220), else spec 8's unexpected-error message.
 */
export function saveFailureMessage(error: unknown): string {
  const refusal = isBadRequest(error) || callFailure(error)?.code === VIEW_AS_ERROR_CODES.readOnly;
  return (refusal && serverErrorMessage(error)) || NOTIFICATION_MESSAGES.unexpectedError;
}

/** The confirmation the delete dialog asks (spec 2.10). */
export function deleteQuestion(name: string): string {
  return `Are you sure you want to delete ${name}?`;
}

/** The delete dialog's title while something stands in the way of the delete (decision 0128). */
export function deleteBlockedTitle(name: string): string {
  return `${name} can't be deleted yet`;
}
