import { ODATA_ERROR_CODE, type ODataQuery } from '@portal/contract';
import type { HistoryPage } from '../../carriers/broadband-carrier.js';
import { badRequest } from '../../http/errors.js';
import { defineODataResource, parseODataOptions } from '../../odata/index.js';

// The history tables' OData options, checked as every list's are (400 naming the option), then handed to the
// carrier, which sorts and pages them itself: one sort field, no filter (docs/decisions/0099).

type CarrierRows = { carrier: Record<string, unknown> };
const resource = defineODataResource<CarrierRows, 'carrier'>();
const onlySortable = { filterable: false } as const;

export const SESSION_HISTORY = resource({
  name: 'session history',
  fields: {
    username: { type: 'string', column: 'carrier.username', ...onlySortable, sortable: false },
    startTime: { type: 'datetime', column: 'carrier.startTime', ...onlySortable },
    endTime: { type: 'datetime', column: 'carrier.endTime', ...onlySortable },
    sessionTime: { type: 'number', column: 'carrier.sessionTime', ...onlySortable },
    speed: { type: 'string', column: 'carrier.speed', ...onlySortable, sortable: false },
    ipAddress: { type: 'string', column: 'carrier.ipAddress', ...onlySortable, sortable: false },
  },
  key: 'carrier.startTime',
  defaultOrder: [{ field: 'startTime', direction: 'desc' }],
});

export const LINE_HISTORY = resource({
  name: 'line history',
  fields: {
    gatheredDate: { type: 'datetime', column: 'carrier.gatheredDate', ...onlySortable },
    downstreamSnrMargin: { type: 'number', column: 'carrier.downstreamSnrMargin', ...onlySortable },
    lostSyncCount: { type: 'number', column: 'carrier.lostSyncCount', ...onlySortable },
  },
  key: 'carrier.gatheredDate',
  defaultOrder: [{ field: 'gatheredDate', direction: 'desc' }],
});

export const AUTHENTICATION_LOGS = resource({
  name: 'authentication logs',
  fields: {
    logDate: { type: 'datetime', column: 'carrier.logDate', ...onlySortable },
    status: { type: 'string', column: 'carrier.status', ...onlySortable },
  },
  key: 'carrier.logDate',
  defaultOrder: [{ field: 'logDate', direction: 'desc' }],
});

/** The page the options ask for, in the adapter's terms; `count` says whether to answer `@odata.count`. */
export function historyPage<Field extends string>(
  history: typeof SESSION_HISTORY | typeof LINE_HISTORY | typeof AUTHENTICATION_LOGS,
  options: ODataQuery,
): { page: HistoryPage<Field>; count: boolean } {
  const plan = parseODataOptions(history, { ...options, $select: undefined });
  if (plan.orderBy.length > 1) {
    throw badRequest('The carrier sorts on one field only', {
      code: ODATA_ERROR_CODE,
      details: [{ field: '$orderby', rule: 'one_field', message: '$orderby names one field' }],
    });
  }
  const order = plan.orderBy[0]!;
  return {
    page: {
      top: plan.top,
      skip: plan.skip,
      orderBy: order.field.name as Field,
      descending: order.direction === 'desc',
    },
    count: plan.count,
  };
}
