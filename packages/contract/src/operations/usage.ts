import { z } from 'zod';
import { anyOf } from '../access';
import { odataList } from '../api';
import { UsageSeriesSchema } from '../entities/invoices';
import { SpendForecastSchema } from '../entities/spend-forecast';
import { operation } from '../operation';
import { idParam } from '../params';

const UsageReply = odataList(UsageSeriesSchema);
const EndpointIdParams = z.object({ id: idParam('endpoint') });
const SiteIdParams = z.object({ id: idParam('site') });
const TeamIdParams = z.object({ id: idParam('team') });

/**
 * Who may chart what (docs/decisions/0025): a device's usage opens to whoever reaches the device page or a mobile
 * estate; a broadband line's to the broadband estates and the contract page; a site's and a team's to their mobile
 * estate, because those charts are mobile usage; the dashboard widget to the mobile user estate, as spec 2.5 says.
 */
const ACCESS = {
  endpoint: anyOf('Read', 'MobileUserEstate', 'MobileSiteEstate', 'MobileTeamEstate', 'EndPointSummary'),
  broadband: anyOf('Read', 'EndPointSummary', 'BroadbandUserEstate', 'BroadbandSiteEstate'),
  site: anyOf('Read', 'MobileSiteEstate'),
  team: anyOf('Read', 'MobileTeamEstate'),
  user: anyOf('Read', 'MobileUserEstate'),
  /** The dashboard's Monthly Cost chart (bills' costChart), beside which the estate's forecast sits. */
  bills: anyOf('Read', 'ViewMyBills'),
};

/**
 * The usage charts of spec 2.8: `{ value: UsageSeries[] }`, series Cost (£, second axis), Duration (seconds),
 * Calls (voice calls) and Data (bytes), each point named by its month ('YYYY-MM-01') or day ('YYYY-MM-DD').
 * Analytics calls: the dash token of the same session is required beside the main one (spec section 7).
 */
export const endpointMonthly = operation({
  method: 'GET',
  path: '/api/endpoints/:id/monthlyUsage',
  summary: "A device's usage in each of the last 12 months, this one included",
  access: ACCESS.endpoint,
  dashToken: true,
  params: EndpointIdParams,
  response: UsageReply,
});

export const endpointUninvoiced = operation({
  method: 'GET',
  path: '/api/endpoints/:id/uninvoicedUsage',
  summary: "A device's usage on no bill yet, per day since its company's last billed period",
  access: ACCESS.endpoint,
  dashToken: true,
  params: EndpointIdParams,
  response: UsageReply,
});

export const endpointBroadband = operation({
  method: 'GET',
  path: '/api/endpoints/:id/broadbandUsage',
  summary: "A broadband line's data volume per day over the last 30 days",
  access: ACCESS.broadband,
  dashToken: true,
  params: EndpointIdParams,
  response: UsageReply,
});

/** The line usage tab of a standard broadband line (docs/decisions/0104): time online and sessions per day. */
export const endpointLineUsage = operation({
  method: 'GET',
  path: '/api/endpoints/:id/lineUsage',
  summary: "A broadband line's time online (seconds) and data sessions per day over the last 30 days",
  access: ACCESS.broadband,
  dashToken: true,
  params: EndpointIdParams,
  response: UsageReply,
});

export const siteMonthly = operation({
  method: 'GET',
  path: '/api/sites/:id/monthlyUsage',
  summary: "The mobile usage of a site's devices in each of the last 12 months",
  access: ACCESS.site,
  dashToken: true,
  params: SiteIdParams,
  response: UsageReply,
});

export const siteUninvoiced = operation({
  method: 'GET',
  path: '/api/sites/:id/uninvoicedUsage',
  summary: "The mobile usage of a site's devices on no bill yet, per day",
  access: ACCESS.site,
  dashToken: true,
  params: SiteIdParams,
  response: UsageReply,
});

export const teamMonthly = operation({
  method: 'GET',
  path: '/api/teams/:id/monthlyUsage',
  summary: "The mobile usage of a team's devices in each of the last 12 months",
  access: ACCESS.team,
  dashToken: true,
  params: TeamIdParams,
  response: UsageReply,
});

export const teamUninvoiced = operation({
  method: 'GET',
  path: '/api/teams/:id/uninvoicedUsage',
  summary: "The mobile usage of a team's devices on no bill yet, per day",
  access: ACCESS.team,
  dashToken: true,
  params: TeamIdParams,
  response: UsageReply,
});

export const userMonthly = operation({
  method: 'GET',
  path: '/api/users/monthlyUsage',
  summary: "The dashboard widget: mobile usage of the caller's whole estate in each of the last 12 months",
  access: ACCESS.user,
  dashToken: true,
  response: UsageReply,
});

/**
 * "Spend this month" (docs/decisions/0215): the bill period's usage cost to date and its forecast to the period's
 * end, per company. Each sits beside a page's cost chart and opens to whoever may read that chart: the estate's to
 * the dashboard's Monthly Cost (bills), a site's, team's and device's to their monthly usage chart; each counts the
 * lines that chart counts.
 */
export const estateSpendForecast = operation({
  method: 'GET',
  path: '/api/users/spendForecast',
  summary:
    "This bill month's usage cost so far and its forecast to the month's end, for each company of the caller's " +
    'estate (every line the caller sees; GBP, VAT excluded)',
  access: ACCESS.bills,
  dashToken: true,
  response: SpendForecastSchema,
});

export const siteSpendForecast = operation({
  method: 'GET',
  path: '/api/sites/:id/spendForecast',
  summary: "This bill month's mobile usage cost so far of a site's devices and its forecast to the month's end",
  access: ACCESS.site,
  dashToken: true,
  params: SiteIdParams,
  response: SpendForecastSchema,
});

export const teamSpendForecast = operation({
  method: 'GET',
  path: '/api/teams/:id/spendForecast',
  summary: "This bill month's mobile usage cost so far of a team's devices and its forecast to the month's end",
  access: ACCESS.team,
  dashToken: true,
  params: TeamIdParams,
  response: SpendForecastSchema,
});

export const endpointSpendForecast = operation({
  method: 'GET',
  path: '/api/endpoints/:id/spendForecast',
  summary: "This bill month's usage cost so far of a device and its forecast to the month's end",
  access: ACCESS.endpoint,
  dashToken: true,
  params: EndpointIdParams,
  response: SpendForecastSchema,
});
