import { codesWithRead, type Functionality, tickWithoutRead } from '@portal/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_TYPES,
  canTick,
  featureRows,
  offerableIds,
  profileDefault,
  setAccess,
  toggleFeature,
} from './functionality-rules';

const CATALOGUE: Functionality[] = [
  { id: 1, code: 'ManageUser', description: 'Manage users', accessType: 'Read' },
  { id: 2, code: 'ManageUser', description: 'Manage users', accessType: 'Write' },
  { id: 3, code: 'ManageUser', description: 'Manage users', accessType: 'Delete' },
  { id: 4, code: 'EndPointSimSwap', description: 'Mobile SIM swap', accessType: 'Write' },
  { id: 5, code: 'ViewMyBills', description: 'View bills', accessType: 'Read' },
];
const rows = featureRows(CATALOGUE);
const [manageUser, simSwap, bills] = rows as [(typeof rows)[number], (typeof rows)[number], (typeof rows)[number]];
const ids = (set: Set<number>) => [...set].sort((a, b) => a - b);

describe('featureRows', () => {
  it('makes one row per code with the id of each access type', () => {
    expect(rows.map((row) => [row.code, row.ids])).toEqual([
      ['ManageUser', { Read: 1, Write: 2, Delete: 3 }],
      ['EndPointSimSwap', { Write: 4 }],
      ['ViewMyBills', { Read: 5 }],
    ]);
  });
});

describe('the ticks of spec 4', () => {
  it('ticking Write or Delete also ticks Read', () => {
    expect(ids(setAccess(new Set(), manageUser, 'Write', true))).toEqual([1, 2]);
    expect(ids(setAccess(new Set([5]), manageUser, 'Delete', true))).toEqual([1, 3, 5]);
  });

  it('unticking Read clears Write and Delete, unticking Write keeps Read', () => {
    expect(ids(setAccess(new Set([1, 2, 3, 5]), manageUser, 'Read', false))).toEqual([5]);
    expect(ids(setAccess(new Set([1, 2, 3]), manageUser, 'Write', false))).toEqual([1, 3]);
  });

  it('a Write whose Read the administrator may not give cannot be ticked, unless the user has the Read', () => {
    expect(canTick(manageUser, 'Write', new Set([2]), new Set())).toBe(false);
    expect(canTick(manageUser, 'Write', new Set([2]), new Set([1]))).toBe(true);
    expect(canTick(manageUser, 'Delete', new Set([1, 2]), new Set())).toBe(false);
    expect(canTick(simSwap, 'Write', new Set([4]), new Set())).toBe(true);
  });

  it('a Write-only code ticks alone', () => {
    expect(ids(setAccess(new Set(), simSwap, 'Write', true))).toEqual([4]);
  });
});

describe('clicking a feature name', () => {
  const all = new Set([1, 2, 3, 4, 5]);

  it('ticks every offered access type when one is unticked, and unticks them all when all are ticked', () => {
    const ticked = toggleFeature(new Set([2]), manageUser, all);
    expect(ids(ticked)).toEqual([1, 2, 3]);
    expect(ids(toggleFeature(ticked, manageUser, all))).toEqual([]);
    expect(ids(toggleFeature(new Set(), bills, all))).toEqual([5]);
  });

  it('ticks only what the administrator may offer', () => {
    expect(ids(toggleFeature(new Set(), manageUser, new Set([1, 2])))).toEqual([1, 2]);
    // Write offered without its Read: nothing the server would refuse is ticked.
    expect(ids(toggleFeature(new Set(), manageUser, new Set([2])))).toEqual([]);
  });

  it('counts as all ticked what the administrator may offer, and then unticks everything', () => {
    expect(ids(toggleFeature(new Set([1, 2, 3]), manageUser, new Set([1])))).toEqual([]);
  });
});

describe('what may be offered and the profile default', () => {
  it('offers what the administrator holds and what the user already had', () => {
    const offered = offerableIds(
      CATALOGUE,
      [
        { code: 'ManageUser', accessType: 'Read' },
        { code: 'ViewMyBills', accessType: 'Read' },
      ],
      [4],
    );
    expect(ids(offered)).toEqual([1, 4, 5]);
  });

  it('resets to the defaults the administrator may give, never Write without its Read', () => {
    expect(ids(profileDefault([1, 2, 3, 4, 5], rows, new Set([1, 2, 3, 4, 5])))).toEqual([1, 2, 3, 4, 5]);
    expect(ids(profileDefault([1, 2, 3, 5], rows, new Set([2, 3, 5])))).toEqual([5]);
    expect(ids(profileDefault([2, 4], rows, new Set([1, 2, 4])))).toEqual([1, 2, 4]);
  });
});

describe('the contract’s tick rule, which the server applies (property)', () => {
  const withRead = codesWithRead(CATALOGUE);
  const chosen = (selected: ReadonlySet<number>) => CATALOGUE.filter((entry) => selected.has(entry.id));
  const click = fc.oneof(
    fc.record({
      kind: fc.constant('tick' as const),
      row: fc.constantFrom(...rows),
      accessType: fc.constantFrom(...ACCESS_TYPES),
      checked: fc.boolean(),
    }),
    fc.record({ kind: fc.constant('feature' as const), row: fc.constantFrom(...rows) }),
  );

  it('no sequence of ticks the tab allows leaves a Write or Delete without its Read', () => {
    fc.assert(
      fc.property(
        fc.subarray(CATALOGUE.map((entry) => entry.id)),
        fc.array(click, { maxLength: 12 }),
        (offer, clicks) => {
          const offerable = new Set(offer);
          let selected = profileDefault(
            CATALOGUE.map((entry) => entry.id),
            rows,
            offerable,
          );
          expect(tickWithoutRead(chosen(selected), withRead)).toBeUndefined();
          for (const step of clicks) {
            if (step.kind === 'feature') selected = toggleFeature(selected, step.row, offerable);
            else if (canTick(step.row, step.accessType, offerable, selected) || !step.checked) {
              selected = setAccess(selected, step.row, step.accessType, step.checked);
            }
            expect(tickWithoutRead(chosen(selected), withRead)).toBeUndefined();
          }
        },
      ),
    );
  });
});
