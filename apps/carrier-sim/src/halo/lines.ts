import { drawsOf, serialDigits } from '../line-seed.js';
import { HALO_ADDONS, HALO_BAR_TYPE, SPEND_LIMIT_BAR_IDS } from './catalogue.js';

export type SpendLimit = { value: number; effective_from: string; effective_until?: string };

export type HaloLine = {
  serialNumber: string;
  addonIds: number[];
  spendLimit: SpendLimit | null;
  lifted: boolean;
};

/**
 * The spend-limit state a line starts in (spec 4): Enabled (a limit in force, no bar), Barred (14, 44 and 374
 * present), lifted, or Unknown (no limit, or one that starts after the 2nd of next month).
 */
export const STARTING_SPEND_STATES = ['enabled', 'barred', 'lifted', 'unknown-none', 'unknown-future'] as const;
export type StartingSpendState = (typeof STARTING_SPEND_STATES)[number];

// Out of ten lines: four Enabled, two Barred, one lifted, three Unknown.
const SPEND_STATE_WEIGHTS: ReadonlyArray<StartingSpendState> = [
  'enabled',
  'enabled',
  'enabled',
  'enabled',
  'barred',
  'barred',
  'lifted',
  'unknown-none',
  'unknown-none',
  'unknown-future',
];
const LIMITS_PENCE = [2_500, 5_000, 10_000, 25_000] as const;
// Ordinary bars a line may have whatever its spend limit; 14 alone shows that one spend-limit add-on is no bar.
const ORDINARY_BAR_IDS = HALO_ADDONS.filter(
  (addon) => addon.type === HALO_BAR_TYPE && !(SPEND_LIMIT_BAR_IDS as readonly number[]).includes(addon.id),
).map((addon) => addon.id);
const BOLT_ON_IDS = HALO_ADDONS.filter((addon) => addon.type !== HALO_BAR_TYPE).map((addon) => addon.id);

export function startingSpendState(number: string): StartingSpendState {
  return SPEND_STATE_WEIGHTS[drawsOf(`halo:${number}`)(SPEND_STATE_WEIGHTS.length)]!;
}

/** The first day of the month `months` after today's (negative: before), as 'YYYY-MM-DD'. */
function monthStart(today: Date, months: number): string {
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + months, 1)).toISOString().slice(0, 10);
}

/** A line as Halo first knows it; dates are relative to `today`'s month so the states hold on any day. */
export function startingHaloLine(number: string, today: Date): HaloLine {
  const state = startingSpendState(number);
  const draw = drawsOf(`halo-details:${number}`);
  const addonIds = [...ORDINARY_BAR_IDS.filter(() => draw(4) === 0), ...BOLT_ON_IDS.filter(() => draw(3) === 0)];
  if (state === 'barred') addonIds.push(...SPEND_LIMIT_BAR_IDS);
  else if (state === 'enabled' && draw(3) === 0) addonIds.push(14);

  const value = LIMITS_PENCE[draw(LIMITS_PENCE.length)]!;
  const spendLimit: SpendLimit | null =
    state === 'unknown-none'
      ? null
      : state === 'unknown-future'
        ? { value, effective_from: monthStart(today, 2) }
        : {
            value,
            effective_from: monthStart(today, -1 - draw(18)),
            ...(draw(2) === 0 ? { effective_until: monthStart(today, 12 + draw(12)) } : {}),
          };
  return {
    serialNumber: `894${serialDigits(number)}`,
    addonIds: addonIds.sort((a, b) => a - b),
    spendLimit,
    lifted: state === 'lifted',
  };
}

/** Halo's lines by national number: each made from its number on first use, then changed only by requests. */
export class HaloLines {
  readonly #lines = new Map<string, HaloLine>();

  constructor(private readonly now: () => Date) {}

  get(number: string): HaloLine {
    let line = this.#lines.get(number);
    if (!line) {
      line = startingHaloLine(number, this.now());
      this.#lines.set(number, line);
    }
    return line;
  }

  clear(): void {
    this.#lines.clear();
  }
}
