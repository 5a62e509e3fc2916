import { ENDPOINT_TYPE, type UsageSeries } from '@portal/contract';
import { notFound } from '../../http/errors.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import {
  type Devices,
  dailySessionsOfEndpoint,
  dailyUnbilledTotals,
  endpointOfEstate,
  firstUnbilledDay,
  monthlyTotals,
  monthlyTotalsOfEstate,
  monthlyTotalsOfSite,
  monthlyTotalsOfTeam,
  siteOfEstate,
  teamOfEstate,
} from './repository.js';
import { addDays, BROADBAND_DAYS_SHOWN, daysBetween, MONTHS_SHOWN, monthsEndingWith, ukDay } from './usage-calendar.js';
import { dataSeries, sessionSeries, usageSeries } from './usage-series.js';

// Monthly charts read the rollups; only the current unbilled period reads call-detail records. An id outside the
// caller's estate is answered exactly like one that does not exist (404).

function monthsShown() {
  const months = monthsEndingWith(ukDay(new Date()), MONTHS_SHOWN);
  return { months, first: months[0]!, last: months.at(-1)! };
}

async function monthly(scope: EstateScope, devices: Devices): Promise<UsageSeries[]> {
  const { months, first, last } = monthsShown();
  return usageSeries(months, await monthlyTotals(scope, devices, first, last));
}

/** Per day since the company's last billed period, the devices' records on no bill yet. */
async function uninvoiced(scope: EstateScope, companyId: number, devices: Devices): Promise<UsageSeries[]> {
  const today = ukDay(new Date());
  const first = await firstUnbilledDay(scope, companyId, today);
  return usageSeries(daysBetween(first, today), await dailyUnbilledTotals(scope, devices, first, today));
}

async function requireFound<T>(lookup: Promise<T | undefined>): Promise<T> {
  const found = await lookup;
  if (found === undefined) throw notFound();
  return found;
}

export async function endpointMonthly(scope: EstateScope, id: number) {
  await requireFound(endpointOfEstate(scope, id));
  return monthly(scope, { endpointId: id });
}

export async function endpointUninvoiced(scope: EstateScope, id: number) {
  const line = await requireFound(endpointOfEstate(scope, id));
  return uninvoiced(scope, line.companyId, { endpointId: id });
}

/** The days a broadband line's charts show, once the line is found in the caller's estate; 404 for any other device. */
async function broadbandDays(scope: EstateScope, id: number) {
  const line = await requireFound(endpointOfEstate(scope, id));
  if (line.endpointTypeId !== ENDPOINT_TYPE.broadband) throw notFound('This endpoint is not a broadband line');
  const today = ukDay(new Date());
  const first = addDays(today, 1 - BROADBAND_DAYS_SHOWN);
  return { first, last: today, days: daysBetween(first, today) };
}

/** A broadband line's data per day over the last 30 days. */
export async function endpointBroadband(scope: EstateScope, id: number) {
  const { first, last, days } = await broadbandDays(scope, id);
  return dataSeries(days, await dailySessionsOfEndpoint(scope, id, first, last));
}

/** A broadband line's time online and sessions per day over the last 30 days (docs/decisions/0104). */
export async function endpointLineUsage(scope: EstateScope, id: number) {
  const { first, last, days } = await broadbandDays(scope, id);
  return sessionSeries(days, await dailySessionsOfEndpoint(scope, id, first, last));
}

export async function siteMonthly(scope: EstateScope, id: number) {
  const { months, first, last } = monthsShown();
  return usageSeries(months, await requireFound(monthlyTotalsOfSite(scope, id, first, last)));
}

export async function siteUninvoiced(scope: EstateScope, id: number) {
  const site = await requireFound(siteOfEstate(scope, id));
  return uninvoiced(scope, site.companyId, { siteId: id });
}

export async function teamMonthly(scope: EstateScope, id: number) {
  const { months, first, last } = monthsShown();
  return usageSeries(months, await requireFound(monthlyTotalsOfTeam(scope, id, first, last)));
}

export async function teamUninvoiced(scope: EstateScope, id: number) {
  const team = await requireFound(teamOfEstate(scope, id));
  return uninvoiced(scope, team.companyId, { teamId: id });
}

/** The dashboard widget: the mobile devices of the caller's whole estate. */
export async function estateMonthly(scope: EstateScope) {
  const { months, first, last } = monthsShown();
  return usageSeries(months, await monthlyTotalsOfEstate(scope, first, last));
}
