import type { Profile } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { formMode, offerableProfiles, visibleTabs } from './form-rules';

describe('visibleTabs', () => {
  it('shows the tab of the profile level besides Functionality', () => {
    expect(visibleTabs({ name: 'Company Administrator', level: 'Company' })).toEqual(['functionality', 'companies']);
    expect(visibleTabs({ name: 'Site Manager', level: 'Site' })).toEqual(['functionality', 'sites']);
    expect(visibleTabs({ name: 'Team Leader', level: 'Team' })).toEqual(['functionality', 'teams']);
  });

  it('picks the endpoint tab by Mobile or Broadband in the name of an EndPoint profile, both when neither', () => {
    expect(visibleTabs({ name: 'Mobile User', level: 'EndPoint' })).toEqual(['functionality', 'mobileEndPoints']);
    expect(visibleTabs({ name: 'Broadband User', level: 'EndPoint' })).toEqual(['functionality', 'broadbandEndPoints']);
    expect(visibleTabs({ name: 'Line User', level: 'EndPoint' })).toEqual([
      'functionality',
      'mobileEndPoints',
      'broadbandEndPoints',
    ]);
  });

  it('shows only Functionality before a profile is chosen', () => {
    expect(visibleTabs(undefined)).toEqual(['functionality']);
  });
});

describe('formMode', () => {
  it('is Add or Edit with Write, by id, and View without Write or on one’s own record', () => {
    expect(formMode({ canWrite: true, userId: undefined, ownRecord: false })).toBe('Add');
    expect(formMode({ canWrite: true, userId: 7, ownRecord: false })).toBe('Edit');
    expect(formMode({ canWrite: false, userId: 7, ownRecord: false })).toBe('View');
    expect(formMode({ canWrite: true, userId: 7, ownRecord: true })).toBe('View');
  });
});

describe('offerableProfiles', () => {
  const profiles: Profile[] = [
    { id: 1, name: 'Company Administrator', level: 'Company' },
    { id: 2, name: 'Site Manager', level: 'Site' },
    { id: 3, name: 'Mobile User', level: 'EndPoint' },
  ];
  it('offers the administrator’s own level and below', () => {
    expect(offerableProfiles(profiles, 'Site Manager').map((p) => p.id)).toEqual([2, 3]);
    expect(offerableProfiles(profiles, 'Company Administrator').map((p) => p.id)).toEqual([1, 2, 3]);
    expect(offerableProfiles(profiles, 'Unknown').map((p) => p.id)).toEqual([1, 2, 3]);
  });
});
