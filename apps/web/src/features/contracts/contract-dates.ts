import type { Contract } from '@portal/contract';
import type { DetailRow } from '../../components/DetailList';
import { formatDate } from '../../lib/format';

/** 'N Month' or 'N Months' (spec 2.14, 2.15). */
export function durationText(months: number): string {
  return `${months} ${months === 1 ? 'Month' : 'Months'}`;
}

/**
 * The contract's dates as the device and contract summaries show them (dd/MM/yyyy): Ordered and Start Date, then End
 * Date and Duration when the partner's showContractEndDate setting is on.
 */
export function contractDateRows(contract: Contract, showContractEndDate: boolean): DetailRow[] {
  return [
    ['Ordered', formatDate(contract.orderCreatedDate)],
    ['Start Date', formatDate(contract.customerStartDate)],
    ...(showContractEndDate
      ? ([
          ['End Date', contract.customerEndDate ? formatDate(contract.customerEndDate) : undefined],
          ['Duration', contract.customerDuration ? durationText(contract.customerDuration) : undefined],
        ] as const)
      : []),
  ];
}
