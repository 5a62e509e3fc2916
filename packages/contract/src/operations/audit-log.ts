import { anyOf } from '../access';
import { ApiErrorSchema, BinaryFileSchema, odataList } from '../api';
import { AuditEntrySchema } from '../entities/audit-log';
import { ODataQuerySchema } from '../odata';
import { operation } from '../operation';

// A company's audit trail (docs/decisions/0221): AuditLog Read, at Company level (the trail is of whole companies);
// the caller's companies' entries only, narrowed by the company filter like every list.

export const list = operation({
  method: 'GET',
  path: '/api/auditLog',
  summary:
    "The audit trail of the caller's companies, newest first (OData: $filter on occurredAt, actorUserId, actorName, " +
    'tableName, operation, action, byResellerStaff; $top, $skip, $count)',
  access: anyOf('Read', 'AuditLog'),
  query: ODataQuerySchema,
  response: odataList(AuditEntrySchema),
});

export const csv = operation({
  method: 'GET',
  path: '/api/auditLog/csv',
  summary:
    "The audit trail of the caller's companies as CSV: the rows the same $filter and $orderby list, at most " +
    'AUDIT_CSV_MAX_ROWS (more answer 400: narrow the time range)',
  access: anyOf('Read', 'AuditLog'),
  query: ODataQuerySchema.pick({ $filter: true, $orderby: true }),
  response: BinaryFileSchema,
  download: { mediaTypes: ['text/csv'] },
  errors: { 400: ApiErrorSchema },
});
