import { billOperations } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { operationQuery } from '../../api/operations';

/**
 * The bill tiles' calls, one per company of the caller's estate so each figure can say whose it is (decision 0060).
 * Kept free of React and MUI so the first-screen preloading can start them.
 */

export interface LatestBill {
  billDate: string;
  amount: number;
}

/** A company's newest bill; `null` while it has none. */
export function latestBillQuery(companyId: number) {
  return queryOptions({
    ...operationQuery(billOperations.list, {
      query: {
        $select: 'billDate,invoiceAmount',
        $filter: `companyId eq ${companyId}`,
        $orderby: 'billDate desc',
        $top: '1',
      },
    }),
    select: (list): LatestBill | null => {
      const bill = list.value[0];
      return bill?.billDate === undefined || bill.invoiceAmount === undefined
        ? null
        : { billDate: bill.billDate, amount: bill.invoiceAmount };
    },
  });
}

/** The voice calls on a company's lines that no bill holds yet. */
export function unbilledCallsQuery(companyId: number) {
  return queryOptions({
    ...operationQuery(billOperations.unbilledCalls, { query: { companyId: String(companyId) } }),
    select: (body) => body.value,
  });
}
