import type { AuditEntry } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { fieldChanges, recordText, whoText } from './audit-text';

const entry = (extra: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 1,
  occurredAt: '2026-11-28T10:00:00.000Z',
  actorUserId: 4,
  actorName: 'acme.admin',
  actorPartnerName: null,
  onBehalfOfUserId: null,
  onBehalfOfName: null,
  byResellerStaff: false,
  tableName: 'sites',
  operation: 'UPDATE',
  action: null,
  description: 'Site changed',
  rowKey: { id: 7 },
  before: null,
  after: null,
  requestId: null,
  ...extra,
});

describe('audit text', () => {
  it('says who: a user, staff of a reseller viewing as a customer user, nobody signed in, a deleted user', () => {
    expect(whoText(entry())).toBe('acme.admin');
    expect(
      whoText(
        entry({
          actorName: 'northwind.staff',
          actorPartnerName: 'Northwind',
          onBehalfOfUserId: 3,
          onBehalfOfName: 'ann',
        }),
      ),
    ).toBe('northwind.staff (Northwind staff) as ann');
    expect(whoText(entry({ actorUserId: null, actorName: null }))).toBe('Not signed in (or the system)');
    expect(whoText(entry({ actorName: null }))).toBe('A deleted user (#4)');
  });

  it('says the record by its key', () => {
    expect(recordText(entry({ rowKey: { user_id: 3, site_id: 4 } }))).toBe('user_id 3, site_id 4');
    expect(recordText(entry({ rowKey: null }))).toBe('');
  });

  it('lists the changed fields first, marked', () => {
    const changes = fieldChanges({
      before: { id: 7, name: 'Old', town: null },
      after: { id: 7, name: 'New', town: 'Leeds' },
    });
    expect(changes).toEqual([
      { field: 'name', before: 'Old', after: 'New', changed: true },
      { field: 'town', before: '(empty)', after: 'Leeds', changed: true },
      { field: 'id', before: '7', after: '7', changed: false },
    ]);
    expect(fieldChanges({ before: null, after: { id: 1 } })).toEqual([
      { field: 'id', before: '', after: '1', changed: true },
    ]);
  });
});
