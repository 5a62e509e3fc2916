import { describe, expect, it } from 'vitest';
import { accessRows } from './access-rows';

describe('accessRows', () => {
  it('groups a feature’s access types in the order Read, Write, Delete, features by name', () => {
    expect(
      accessRows([
        { id: 3, code: 'ManageUser', description: 'Manage users', accessType: 'Delete' },
        { id: 1, code: 'ManageUser', description: 'Manage users', accessType: 'Read' },
        { id: 2, code: 'ManageUser', description: 'Manage users', accessType: 'Write' },
        { id: 9, code: 'DownloadBill', description: 'Download bill PDFs', accessType: 'Read' },
      ]),
    ).toEqual([
      { code: 'DownloadBill', feature: 'Download bill PDFs', accessTypes: ['Read'] },
      { code: 'ManageUser', feature: 'Manage users', accessTypes: ['Read', 'Write', 'Delete'] },
    ]);
  });
});
