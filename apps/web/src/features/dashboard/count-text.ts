import { formatMoney, formatNumber } from '../../lib/format';

/**
 * The dashboard tiles' texts (spec 2.5). Until a figure arrives (or if it cannot be loaded) the tile shows the
 * spec's placeholder: '-', '£--.--', '- Devices', '- Broadband Contracts'.
 */

export const COUNT_PLACEHOLDER = '-';
export const MONEY_PLACEHOLDER = '£--.--';

/** `12 Devices`, `1 Device` (the plural suffix is dropped for one), `- Devices` while unknown. */
export function countedNoun(count: number | undefined, singular: string, plural = `${singular}s`): string {
  if (count === undefined) return `${COUNT_PLACEHOLDER} ${plural}`;
  return `${formatNumber(count, '1.0-0')} ${count === 1 ? singular : plural}`;
}

/** A bare count: `1,204`, or '-' while unknown. */
export function countText(count: number | undefined): string {
  return count === undefined ? COUNT_PLACEHOLDER : formatNumber(count, '1.0-0');
}

/** The latest bill's amount: `£1,234.50`, '£--.--' while unknown; `null` means there is no bill yet. */
export function amountText(amount: number | null | undefined): string {
  if (amount === undefined) return MONEY_PLACEHOLDER;
  return amount === null ? 'No bills yet' : formatMoney(amount);
}
