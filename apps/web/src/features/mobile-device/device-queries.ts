import {
  CARRIER_REGISTRY,
  MOBILE_CARRIER_KEYS,
  SPEND_LIMIT_ADDON_PAGE_SIZE,
  SPEND_LIMIT_ADDON_TYPE,
  SPEND_LIMIT_BAR_ADDON_IDS,
} from '@portal/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { operationQuery } from '../../api/operations';
import type { CarrierLine, FirstFamilyLine } from './device-carrier';

/** The API areas the device page reads: its refresh button reloads them all, every mobile carrier's included. */
export const DEVICE_PAGE_AREAS: readonly string[] = [
  'endpoints',
  'contracts',
  'orders',
  'partners',
  ...MOBILE_CARRIER_KEYS.map((key) => CARRIER_REGISTRY[key].pathSegment),
];

/**
 * The query a hook holds for the family the line is not of: hooks cannot be called conditionally, so each hook below
 * holds one query per family, and only the line's family asks anything.
 */
const NO_QUERY = { queryKey: ['mobile-device', 'other-family'], queryFn: skipToken } as const;

/** The SIM number the line's carrier has for it. */
export function useSimNumber(line: CarrierLine) {
  const first = useQuery({
    ...(line.family === 'mobileFirst'
      ? operationQuery(line.operations.details, { params: { id: line.endpointId } })
      : NO_QUERY),
    select: (details) => details.serial_number.number,
  });
  const second = useQuery({
    ...(line.family === 'mobileSecond'
      ? operationQuery(line.operations.details, { params: { supplierId: line.supplierId, id: line.endpointId } })
      : NO_QUERY),
    select: (details) => details.simNo,
  });
  return line.family === 'mobileFirst' ? first : second;
}

export function spendLimitStatusQuery(line: FirstFamilyLine) {
  return operationQuery(line.operations.spendLimitStatus, { params: { id: line.endpointId } });
}

/** One bar of either carrier as the barring dialog shows it: its id in the carrier's terms, name and state. */
export interface LineBar {
  key: string;
  name: string;
  active: boolean;
}

/**
 * The bars the line may have, each marked active when it has it (spec 2.14). The spend-limit bars (14, 44 and 374)
 * are left out: lifting them belongs to the Spend Limit, with its warning (spec 5; decision 0133).
 */
export function useLineBars(line: CarrierLine, orderItemId: number) {
  const first = useQuery({
    ...(line.family === 'mobileFirst'
      ? operationQuery(line.operations.tariffAddons, {
          query: {
            type: String(SPEND_LIMIT_ADDON_TYPE),
            pagesize: String(SPEND_LIMIT_ADDON_PAGE_SIZE),
            orderItemId: String(orderItemId),
          },
        })
      : NO_QUERY),
    select: (list): LineBar[] =>
      list.value
        .filter((bar) => !(SPEND_LIMIT_BAR_ADDON_IDS as readonly number[]).includes(bar.id))
        .map((bar) => ({ key: String(bar.id), name: bar.name, active: bar.active })),
  });
  const second = useQuery({
    ...(line.family === 'mobileSecond'
      ? operationQuery(line.operations.bars, { params: { supplierId: line.supplierId, id: line.endpointId } })
      : NO_QUERY),
    select: (list): LineBar[] =>
      list.value.map((bar) => ({ key: bar.networkSuffix, name: bar.description, active: bar.active })),
  });
  return line.family === 'mobileFirst' ? first : second;
}

/** The carrier's rule for a new SIM number (pattern and message). */
export function useSimRule(line: CarrierLine) {
  const first = useQuery(line.family === 'mobileFirst' ? operationQuery(line.operations.simValidation, {}) : NO_QUERY);
  const second = useQuery(
    line.family === 'mobileSecond'
      ? operationQuery(line.operations.simValidation, { query: { supplierId: String(line.supplierId) } })
      : NO_QUERY,
  );
  return line.family === 'mobileFirst' ? first : second;
}
