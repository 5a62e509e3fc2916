import { ENDPOINT_TYPE, type FunctionalityCode, IdParamSchema, odataList, UsageSeriesSchema } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, type RouteAccess } from '../../auth/route-access.js';
import { estateScope } from '../../estate/estate-scope.js';
import { errorResponses, notFound } from '../../http/errors.js';
import { addDays, BROADBAND_DAYS_SHOWN, daysBetween, MONTHS_SHOWN, monthsEndingWith, ukDay } from './usage-calendar.js';
import {
  dailyDataOfEndpoint,
  dailyUnbilledTotals,
  firstUnbilledDay,
  monthlyTotalsOfCompanies,
  monthlyTotalsOfEndpoints,
  monthlyTotalsOfSite,
} from './usage-queries.js';
import { dataSeries, usageSeries } from './usage-series.js';
import { endpointTarget, seesWholeSitesOf, siteTarget, teamTarget, type UsageTarget } from './usage-targets.js';

const IdParams = z.object({ id: IdParamSchema });
const UsageReply = odataList(UsageSeriesSchema);

const readAnyOf = (...codes: FunctionalityCode[]): RouteAccess => ({
  anyOf: codes.map((code) => ({ code, accessType: 'Read' as const })),
});

/**
 * Who may chart what (docs/decisions/0025): a device's usage opens to whoever reaches the device page or a mobile
 * estate; a broadband line's to the broadband estates and the contract page; a site's and a team's to their mobile
 * estate, because those charts are mobile usage; the dashboard widget to the mobile user estate, as spec 2.5 says.
 */
const ACCESS = {
  endpoint: readAnyOf('MobileUserEstate', 'MobileSiteEstate', 'MobileTeamEstate', 'EndPointSummary'),
  broadband: readAnyOf('EndPointSummary', 'BroadbandUserEstate', 'BroadbandSiteEstate'),
  site: readAnyOf('MobileSiteEstate'),
  team: readAnyOf('MobileTeamEstate'),
  user: readAnyOf('MobileUserEstate'),
};

/** Analytics calls: the dash token of the same session is required beside the main one (spec section 7). */
function usageRoute(summary: string, access: RouteAccess) {
  return {
    config: { access, dashToken: true },
    schema: {
      tags: ['usage'],
      summary,
      params: IdParams,
      response: { 200: UsageReply, ...errorResponses(400, 401, 403, 404) },
    },
  };
}

/**
 * The usage charts of spec 2.8: `{ value: UsageSeries[] }`, series Cost (£, second axis), Duration (seconds),
 * Calls (voice calls) and Data (bytes), each point named by its month ('YYYY-MM-01') or day ('YYYY-MM-DD').
 * Monthly charts read the rollups; only the current unbilled period reads call-detail records.
 */
export const usageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const scopeOf = (request: FastifyRequest) => estateScope(db, principalOf(request));
  const callerOf = (request: FastifyRequest) => [principalOf(request), scopeOf(request)] as const;

  const monthsShown = () => {
    const months = monthsEndingWith(ukDay(new Date()), MONTHS_SHOWN);
    return { months, first: months[0]!, last: months.at(-1)! };
  };

  const monthly = async (target: Pick<UsageTarget, 'endpoints'>) => {
    const { months, first, last } = monthsShown();
    return { value: usageSeries(months, await monthlyTotalsOfEndpoints(db, target.endpoints, first, last)) };
  };

  const uninvoiced = async (target: UsageTarget) => {
    const today = ukDay(new Date());
    const first = await firstUnbilledDay(db, target.companyId, today);
    const totals = await dailyUnbilledTotals(db, target.endpoints, first, today);
    return { value: usageSeries(daysBetween(first, today), totals) };
  };

  app.get(
    '/api/endpoints/:id/monthlyUsage',
    usageRoute("A device's usage in each of the last 12 months, this one included", ACCESS.endpoint),
    async (request) => monthly(await endpointTarget(db, scopeOf(request), request.params.id)),
  );

  app.get(
    '/api/endpoints/:id/uninvoicedUsage',
    usageRoute("A device's usage on no bill yet, per day since its company's last billed period", ACCESS.endpoint),
    async (request) => uninvoiced(await endpointTarget(db, scopeOf(request), request.params.id)),
  );

  app.get(
    '/api/endpoints/:id/broadbandUsage',
    usageRoute("A broadband line's data volume per day over the last 30 days", ACCESS.broadband),
    async (request) => {
      const line = await endpointTarget(db, scopeOf(request), request.params.id);
      if (line.endpointTypeId !== ENDPOINT_TYPE.broadband) throw notFound('This endpoint is not a broadband line');
      const today = ukDay(new Date());
      const first = addDays(today, 1 - BROADBAND_DAYS_SHOWN);
      const totals = await dailyDataOfEndpoint(db, request.params.id, first, today);
      return { value: dataSeries(daysBetween(first, today), totals) };
    },
  );

  app.get(
    '/api/sites/:id/monthlyUsage',
    usageRoute("The mobile usage of a site's devices in each of the last 12 months", ACCESS.site),
    async (request) => {
      const [caller, scope] = callerOf(request);
      if (!seesWholeSitesOf(caller)) return monthly(await siteTarget(db, caller, scope, request.params.id));
      // The site's every device is the caller's: its own rollup holds them added up.
      const { months, first, last } = monthsShown();
      const totals = await monthlyTotalsOfSite(db, request.params.id, scope.sites(), ENDPOINT_TYPE.mobile, first, last);
      if (!totals) throw notFound();
      return { value: usageSeries(months, totals) };
    },
  );

  app.get(
    '/api/sites/:id/uninvoicedUsage',
    usageRoute("The mobile usage of a site's devices on no bill yet, per day", ACCESS.site),
    async (request) => uninvoiced(await siteTarget(db, ...callerOf(request), request.params.id)),
  );

  app.get(
    '/api/teams/:id/monthlyUsage',
    usageRoute("The mobile usage of a team's devices in each of the last 12 months", ACCESS.team),
    async (request) => monthly(await teamTarget(db, ...callerOf(request), request.params.id)),
  );

  app.get(
    '/api/teams/:id/uninvoicedUsage',
    usageRoute("The mobile usage of a team's devices on no bill yet, per day", ACCESS.team),
    async (request) => uninvoiced(await teamTarget(db, ...callerOf(request), request.params.id)),
  );

  app.get(
    '/api/users/monthlyUsage',
    {
      config: { access: ACCESS.user, dashToken: true },
      schema: {
        tags: ['usage'],
        summary: "The dashboard widget: mobile usage of the caller's whole estate in each of the last 12 months",
        response: { 200: UsageReply, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      // A company-level estate is its companies' every device, which the per-company rollup holds already added
      // up: 12 rows to read instead of a month of each of thousands of lines. Other estates are a few lines.
      if (!scope.companyWide) {
        return monthly({
          endpoints: db
            .selectFrom('endpoints')
            .select('endpoints.id')
            .where('endpoints.id', 'in', scope.endpoints())
            .where('endpoints.endpoint_type_id', '=', ENDPOINT_TYPE.mobile),
        });
      }
      const { months, first, last } = monthsShown();
      const totals = await monthlyTotalsOfCompanies(db, scope.companies(), ENDPOINT_TYPE.mobile, first, last);
      return { value: usageSeries(months, totals) };
    },
  );
};
