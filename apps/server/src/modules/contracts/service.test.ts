import { API } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { CONTRACT_READERS } from './service.js';

describe('contract readers', () => {
  it('are exactly the grants the contract endpoints let in, so no caller passes the guard to read nothing', () => {
    const readers = [...new Set(Object.values(CONTRACT_READERS).flat())].map((code) => `${code}:Read`).sort();
    for (const { path, access } of Object.values(API.contracts)) {
      const grants = typeof access === 'object' && 'anyOf' in access ? access.anyOf : [];
      expect(grants.map(({ code, accessType }) => `${code}:${accessType}`).sort(), path).toEqual(readers);
    }
  });
});
