import { describe, expect, it } from 'vitest';
import { auditFilterExpression, NO_AUDIT_FILTERS, readAuditFilters, writeAuditFilters } from './audit-filters';

describe('audit log filters', () => {
  it('reads what the URL names and drops what does not fit', () => {
    const search = new URLSearchParams(
      'auditFilter.from=2026-11-01&auditFilter.to=nonsense&auditFilter.kind=table:sites&auditFilter.staff=1&x=1',
    );
    expect(readAuditFilters(search)).toEqual({ from: '2026-11-01', to: '', who: '', kind: 'table:sites', staff: true });
    expect(readAuditFilters(new URLSearchParams('auditFilter.kind=table:nothing')).kind).toBe('');
  });

  it("writes the filters beside the table's parameters, back on the first page", () => {
    const search = new URLSearchParams('audit.page=3&audit.size=50&other=1');
    const next = writeAuditFilters(search, { ...NO_AUDIT_FILTERS, kind: 'action:login.succeeded', who: 'acme' });
    expect(next.get('audit.page')).toBeNull();
    expect(next.get('audit.size')).toBe('50');
    expect(next.get('other')).toBe('1');
    expect(readAuditFilters(next)).toMatchObject({ kind: 'action:login.succeeded', who: 'acme' });
  });

  it('builds the OData filter: UK days, the name, the kind and staff', () => {
    expect(auditFilterExpression(NO_AUDIT_FILTERS)).toBeUndefined();
    expect(auditFilterExpression({ ...NO_AUDIT_FILTERS, kind: 'table:sites' })).toBe("tableName eq 'sites'");
    expect(
      auditFilterExpression({
        from: '2026-07-01',
        to: '2026-07-31',
        who: "o'brien",
        kind: 'action:login.succeeded',
        staff: true,
      }),
    ).toBe(
      "(occurredAt ge 2026-06-30T23:00:00Z and occurredAt lt 2026-07-31T23:00:00Z) and (contains(actorName,'o''brien')) and (action eq 'login.succeeded') and (byResellerStaff eq true)",
    );
  });
});
