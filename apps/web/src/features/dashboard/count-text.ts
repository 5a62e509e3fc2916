import { formatMoney, formatNumber } from '../../lib/format';

/**
 * The dashboard tiles' texts (spec 2.5). Until a figure arrives the tile shows the spec's placeholder: '-',
 * '£--.--', '- Devices', '- Broadband Contracts'. A figure that failed to load says so instead (decision 0061).
 */

export const COUNT_PLACEHOLDER = '-';
export const MONEY_PLACEHOLDER = '£--.--';
/** The Latest Bill tile of a company not billed yet. */
export const NO_BILLS = 'No bills yet';

/** `12 Devices`, `1 Device` (the plural suffix is dropped for one), `- Devices` while unknown. */
export function countedNoun(count: number | undefined, singular: string, plural = `${singular}s`): string {
  if (count === undefined) return `${COUNT_PLACEHOLDER} ${plural}`;
  return `${formatNumber(count, '1.0-0')} ${count === 1 ? singular : plural}`;
}

/** A bare count: `1,204`, or '-' while unknown. */
export function countText(count: number | undefined): string {
  return count === undefined ? COUNT_PLACEHOLDER : formatNumber(count, '1.0-0');
}

/** An amount: `£1,234.50`, or '£--.--' while unknown. */
export function moneyText(amount: number | undefined): string {
  return amount === undefined ? MONEY_PLACEHOLDER : formatMoney(amount);
}
