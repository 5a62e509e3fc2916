import { ENDPOINT_TYPE, type SpendForecast, type UsageSeries } from '@portal/contract';
import { notFound } from '../../http/errors.js';
import { holdsSitesWhole, holdsTeamsWhole } from '../../scope/conditions.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import {
  companyNames,
  type Devices,
  dailySessionsOfEndpoint,
  dailyUnbilledTotals,
  endpointOfEstate,
  type ForecastLines,
  firstUnbilledDay,
  forecastFirstDays,
  forecastSums,
  monthlyTotals,
  monthlyTotalsOfEstate,
  monthlyTotalsOfSite,
  monthlyTotalsOfTeam,
  siteOfEstate,
  teamOfEstate,
} from './repository.js';
import { companyForecast, forecastCalendar } from './spend-forecast.js';
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

/**
 * "Spend this month" of some of the caller's lines (docs/decisions/0215): one entry per company they reach, each its
 * own figure. `companyId` is the one company a site, team or device belongs to; the estate's are all the caller's.
 */
async function spendForecast(
  scope: EstateScope,
  lines: ForecastLines,
  companyId: number | 'all',
  covers: 'whole' | 'part',
): Promise<SpendForecast> {
  const calendar = forecastCalendar(ukDay(new Date()));
  const [names, sums, firstDays] = await Promise.all([
    companyNames(scope, companyId === 'all' ? 'all' : [companyId]),
    forecastSums(scope, lines, calendar),
    forecastFirstDays(scope, lines, calendar.windowStart),
  ]);
  return {
    periodStart: calendar.periodStart,
    periodEnd: calendar.periodEnd,
    billDate: calendar.billDate,
    figuresTo: calendar.today,
    currency: 'GBP',
    includesVat: false,
    companies: names.map((company) => {
      const sum = sums.find((s) => s.companyId === company.id);
      const firstDay = firstDays.find((f) => f.companyId === company.id)?.firstDay ?? null;
      const figures = companyForecast(
        {
          monthToDate: sum?.monthToDate ?? 0,
          hasUsage: sum?.hasUsage ?? false,
          rateCost: sum?.rateCost ?? 0,
          firstDay,
        },
        calendar,
      );
      return { companyId: company.id, companyName: company.name, covers, ...figures };
    }),
  };
}

/** Every line of the caller's estate: whole companies at Company level, else the part of each the caller holds. */
export function estateSpendForecast(scope: EstateScope) {
  return spendForecast(scope, 'estate', 'all', scope.companyWide ? 'whole' : 'part');
}

export async function siteSpendForecast(scope: EstateScope, id: number) {
  const site = await requireFound(siteOfEstate(scope, id));
  return spendForecast(scope, { siteId: id }, site.companyId, holdsSitesWhole(scope) ? 'whole' : 'part');
}

export async function teamSpendForecast(scope: EstateScope, id: number) {
  const team = await requireFound(teamOfEstate(scope, id));
  return spendForecast(scope, { teamId: id }, team.companyId, holdsTeamsWhole(scope) ? 'whole' : 'part');
}

export async function endpointSpendForecast(scope: EstateScope, id: number) {
  const line = await requireFound(endpointOfEstate(scope, id));
  return spendForecast(scope, { endpointId: id }, line.companyId, 'whole');
}
