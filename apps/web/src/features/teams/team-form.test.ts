import { TeamSaveSchema } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { chosenDevices, EMPTY_TEAM_FORM, teamFormSchema, teamSave } from './team-form';

const amelia = { id: 1, name: 'Amelia', identifier: '07100000001' };
const arthur = { id: 2, name: 'Arthur', identifier: '07100000002' };
const charlie = { id: 3, name: 'Charlie', identifier: '07100000003' };

describe('chosenDevices', () => {
  const loaded = new Map([amelia, arthur, charlie].map((device) => [device.id, device]));

  it('adds newly ticked devices after the chosen ones, by the rows the table loaded', () => {
    expect(chosenDevices([arthur], [2, 3, 1], loaded)).toEqual([arthur, charlie, amelia]);
  });

  it('drops unticked devices and keeps chosen ones the table has not loaded', () => {
    const elsewhere = { id: 40, name: 'Other page', identifier: '07100000040' };
    expect(chosenDevices([elsewhere, amelia, arthur], [40, '2'], loaded)).toEqual([elsewhere, arthur]);
  });

  it('leaves out an id it cannot describe', () => {
    expect(chosenDevices([], [99], loaded)).toEqual([]);
  });
});

describe('team form', () => {
  it('needs a name of at most 100 characters, and the company when shown (spec 5)', () => {
    const messages = (values: typeof EMPTY_TEAM_FORM, shown: boolean) => {
      const result = teamFormSchema(shown).safeParse(values);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messages(EMPTY_TEAM_FORM, true)).toEqual(['Name is required', 'Please choose a company']);
    expect(messages({ ...EMPTY_TEAM_FORM, name: 'x'.repeat(101) }, false)).toEqual([
      'Name must be 100 characters or fewer',
    ]);
    expect(messages({ ...EMPTY_TEAM_FORM, name: 'Sales' }, false)).toEqual([]);
  });

  it('saves the devices by id', () => {
    expect(teamSave({ name: ' Sales ', companyId: '', endPoints: [amelia, charlie] }, { companyId: 5 })).toEqual({
      name: 'Sales',
      companyId: 5,
      endPoints: [{ id: 1 }, { id: 3 }],
    });
    expect(teamSave({ name: 'Sales', companyId: '6', endPoints: [] }, { id: 4 })).toEqual({
      id: 4,
      name: 'Sales',
      companyId: 6,
      endPoints: [],
    });
  });
});

describe('the team form’s rules', () => {
  it('checks the name with the save’s own rule', () => {
    expect(teamFormSchema(false).shape.name).toBe(TeamSaveSchema.shape.name);
  });
});
