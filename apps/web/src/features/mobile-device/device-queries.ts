import {
  FIRST_CARRIER_HIDDEN_BAR_ID,
  firstCarrierEndpoints,
  SPEND_LIMIT_ADDON_PAGE_SIZE,
  SPEND_LIMIT_ADDON_TYPE,
  secondCarrierEndpoints,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../api/endpoints';
import type { CarrierLine } from './device-carrier';

/** The API areas the device page reads: its refresh button reloads them all. */
export const DEVICE_PAGE_AREAS = ['endpoints', 'contracts', 'orders', 'partners', 'mobileHalo', 'mobileVertex'];

/** The SIM number the line's carrier has for it. */
export function useSimNumber(line: CarrierLine) {
  const first = useQuery({
    ...endpointQuery(firstCarrierEndpoints.details, { params: { id: line.endpointId } }),
    select: (details) => details.serial_number.number,
    enabled: line.carrier === 'first',
  });
  const second = useQuery({
    ...endpointQuery(secondCarrierEndpoints.details, {
      params: { supplierId: line.supplierId as 27 | 36, id: line.endpointId },
    }),
    select: (details) => details.simNo,
    enabled: line.carrier === 'second',
  });
  return line.carrier === 'first' ? first : second;
}

export function spendLimitStatusQuery(endpointId: number) {
  return endpointQuery(firstCarrierEndpoints.spendLimitStatus, { params: { id: endpointId } });
}

/** One bar of either carrier as the barring dialog shows it: its id in the carrier's terms, name and state. */
export interface LineBar {
  key: string;
  name: string;
  active: boolean;
}

/** The bars the line may have, each marked active when it has it (spec 2.14; bar 374 hidden, spec 5). */
export function useLineBars(line: CarrierLine, orderItemId: number) {
  const first = useQuery({
    ...endpointQuery(firstCarrierEndpoints.tariffAddons, {
      query: {
        type: String(SPEND_LIMIT_ADDON_TYPE),
        pagesize: String(SPEND_LIMIT_ADDON_PAGE_SIZE),
        orderItemId: String(orderItemId),
      },
    }),
    select: (list): LineBar[] =>
      list.value
        .filter((bar) => bar.id !== FIRST_CARRIER_HIDDEN_BAR_ID)
        .map((bar) => ({ key: String(bar.id), name: bar.name, active: bar.active })),
    enabled: line.carrier === 'first',
  });
  const second = useQuery({
    ...endpointQuery(secondCarrierEndpoints.bars, {
      params: { supplierId: line.supplierId as 27 | 36, id: line.endpointId },
    }),
    select: (list): LineBar[] =>
      list.value.map((bar) => ({ key: bar.networkSuffix, name: bar.description, active: bar.active })),
    enabled: line.carrier === 'second',
  });
  return line.carrier === 'first' ? first : second;
}

/** The carrier's rule for a new SIM number (pattern and message). */
export function useSimRule(line: CarrierLine) {
  const first = useQuery({
    ...endpointQuery(firstCarrierEndpoints.simValidation, {}),
    enabled: line.carrier === 'first',
  });
  const second = useQuery({
    ...endpointQuery(secondCarrierEndpoints.simValidation, { query: { supplierId: line.supplierId as 27 | 36 } }),
    enabled: line.carrier === 'second',
  });
  return line.carrier === 'first' ? first : second;
}
