import { ENDPOINT_TYPE, REPORT_KIND_LABELS, type ReportKind } from '@portal/contract';
import { sql } from 'kysely';
import { endpointsInEstate, sitesInEstate, teamMembershipsInEstate, teamsInEstate } from '../../scope/conditions.js';
import type { EstateScope } from '../../scope/estate-scope.js';
import { type BillMonth, firstOfTwelveBillMonths, londonTime, thisAndLastBillMonth } from './report-period.js';

/*
 * What a report holds (docs/decisions/0216), read through its subscriber's estate scope as their pages read it: one
 * section per company, each labelled with the company's name and with its own totals, never a sum across companies.
 * Figures stay raw here (seconds, bytes, pounds); report-files.ts formats them for PDF and CSV.
 */

export type ColumnType = 'text' | 'date' | 'count' | 'seconds' | 'bytes' | 'money';
export type ReportColumn = { title: string; type: ColumnType };
export type Cell = string | number;

export type ReportSection = {
  companyName: string;
  rows: Cell[][];
  /** Per month (or for the whole period), the company's total row; none where rows overlap (teams share devices). */
  totals: Cell[][];
};

export type ReportDocument = {
  kind: ReportKind;
  title: string;
  /** The period in words: 'November 2026 (to date) and October 2026'. */
  period: string;
  /** When it was built, in London time, in words. */
  builtAt: string;
  subscriberName: string;
  /** The columns after the company's. */
  columns: ReportColumn[];
  sections: ReportSection[];
  /** A note the reader needs to read the figures right, if any. */
  note?: string;
};

type UsageFigures = { calls: number; duration: number; bytes: number; cost: number };

const USAGE_COLUMNS: ReportColumn[] = [
  { title: 'Month', type: 'text' },
  { title: 'Calls', type: 'count' },
  { title: 'Duration (s)', type: 'seconds' },
  { title: 'Data (bytes)', type: 'bytes' },
  { title: 'Cost (£)', type: 'money' },
];

const usageCells = (month: BillMonth, figures: UsageFigures | undefined): Cell[] => [
  month.label,
  figures?.calls ?? 0,
  figures?.duration ?? 0,
  figures?.bytes ?? 0,
  figures?.cost ?? 0,
];

const num = (value: unknown) => Number(value ?? 0);

export async function buildReport(
  scope: EstateScope,
  kind: ReportKind,
  subscriberName: string,
  moment: Date,
): Promise<ReportDocument> {
  const base = { kind, title: REPORT_KIND_LABELS[kind], builtAt: londonTime(moment), subscriberName };
  const companies = await scope.db
    .selectFrom('companies')
    .select(['companies.id', 'companies.name'])
    .where('companies.id', 'in', scope.companyIds())
    .orderBy('companies.name')
    .orderBy('companies.id')
    .execute();
  if (kind === 'billsSummary') return { ...base, ...(await billsSummary(scope, companies, moment)) };
  const months = thisAndLastBillMonth(moment);
  const period = `${months.current.label} (to date) and ${months.previous.label}`;
  if (kind === 'topSpenders') return { ...base, period, ...(await topSpenders(scope, companies, months)) };
  return { ...base, period, ...(await usageBy(scope, kind, companies, months)) };
}

type Company = { id: number; name: string };

function sectionsOf(companies: Company[], fill: (company: Company) => Omit<ReportSection, 'companyName'>) {
  return companies.map((company) => ({ companyName: company.name, ...fill(company) }));
}

async function billsSummary(scope: EstateScope, companies: Company[], moment: Date) {
  const from = firstOfTwelveBillMonths(moment);
  const bills = await scope.db
    .selectFrom('invoices')
    .select([
      'company_id',
      sql<string>`to_char(bill_date, 'YYYY-MM-DD')`.as('bill_date'),
      'invoice_number',
      'calls',
      'duration',
      'bytes',
      'fixed_charges',
      'invoice_amount',
    ])
    .where('invoices.company_id', 'in', scope.companyIds())
    .where('bill_date', '>=', from)
    .orderBy('bill_date')
    .orderBy('invoice_number')
    .execute();
  const columns: ReportColumn[] = [
    { title: 'Bill date', type: 'date' },
    { title: 'Invoice number', type: 'text' },
    { title: 'Calls', type: 'count' },
    { title: 'Duration (s)', type: 'seconds' },
    { title: 'Data (bytes)', type: 'bytes' },
    { title: 'Fixed charges (£)', type: 'money' },
    { title: 'Invoice amount (£)', type: 'money' },
  ];
  const sections = sectionsOf(companies, (company) => {
    const rows = bills
      .filter((bill) => bill.company_id === company.id)
      .map((bill): Cell[] => [
        bill.bill_date,
        bill.invoice_number,
        num(bill.calls),
        num(bill.duration),
        num(bill.bytes),
        num(bill.fixed_charges),
        num(bill.invoice_amount),
      ]);
    const sum = (index: number) => rows.reduce((total, row) => total + num(row[index]), 0);
    const totals = rows.length === 0 ? [] : [['Total', `${rows.length} bills`, sum(2), sum(3), sum(4), sum(5), sum(6)]];
    return {
      rows,
      totals: totals.map((row) => row.map((cell) => (typeof cell === 'number' ? roundMoney(cell) : cell))),
    };
  });
  const last = thisAndLastBillMonth(moment).current.label;
  return { period: `Bills dated from ${from} to ${last}`, columns, sections };
}

/** Money added in pence, so a total is what its rows add up to on the page. */
function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A site, team or device of the report, with the cells that name it. */
type Group = { id: number; companyId: number; labels: string[] };
type GroupUsage = { group_id: number; month: string } & UsageFigures;

async function usageBy(
  scope: EstateScope,
  kind: Exclude<ReportKind, 'billsSummary' | 'topSpenders'>,
  companies: Company[],
  months: { current: BillMonth; previous: BillMonth },
) {
  const monthList = [months.current, months.previous];
  const monthFirsts = monthList.map((month) => month.first);
  const totals = [
    sql<number>`sum(u.calls)`.as('calls'),
    sql<number>`sum(u.duration)`.as('duration'),
    sql<number>`sum(u.bytes)`.as('bytes'),
    sql<number>`sum(u.cost)`.as('cost'),
  ] as const;
  const month = sql<string>`to_char(u.month, 'YYYY-MM-DD')`;
  let groups: Group[];
  let usage: GroupUsage[];
  let columns: ReportColumn[];
  let note: string | undefined;
  if (kind === 'usageBySite') {
    groups = await scope.db
      .selectFrom('sites')
      .select(['sites.id', 'sites.company_id as companyId', 'sites.name'])
      .where((eb) => sitesInEstate(eb, scope))
      .orderBy('sites.name')
      .orderBy('sites.id')
      .execute()
      .then((rows) => rows.map((row) => ({ id: row.id, companyId: row.companyId, labels: [row.name] })));
    // The caller's mobile devices on each site: at Team and EndPoint level a site is seen through some of its lines.
    usage = await scope.db
      .selectFrom('endpoints')
      .innerJoin('usage_monthly as u', 'u.endpoint_id', 'endpoints.id')
      .select(['endpoints.site_id as group_id', month.as('month'), ...totals])
      .where((eb) => endpointsInEstate(eb, scope))
      .where('endpoints.endpoint_type_id', '=', ENDPOINT_TYPE.mobile)
      .where('endpoints.site_id', 'is not', null)
      .where('u.month', 'in', monthFirsts)
      .groupBy(['endpoints.site_id', 'u.month'])
      .execute()
      .then((rows) => rows as GroupUsage[]);
    columns = [{ title: 'Site', type: 'text' }, ...USAGE_COLUMNS];
  } else if (kind === 'usageByTeam') {
    groups = await scope.db
      .selectFrom('teams')
      .select(['teams.id', 'teams.company_id as companyId', 'teams.name'])
      .where((eb) => teamsInEstate(eb, scope))
      .orderBy('teams.name')
      .orderBy('teams.id')
      .execute()
      .then((rows) => rows.map((row) => ({ id: row.id, companyId: row.companyId, labels: [row.name] })));
    usage = await scope.db
      .selectFrom('team_endpoints')
      .innerJoin('endpoints', 'endpoints.id', 'team_endpoints.endpoint_id')
      .innerJoin('usage_monthly as u', 'u.endpoint_id', 'endpoints.id')
      .select(['team_endpoints.team_id as group_id', month.as('month'), ...totals])
      .where((eb) => teamMembershipsInEstate(eb, scope))
      .where('endpoints.endpoint_type_id', '=', ENDPOINT_TYPE.mobile)
      .where('u.month', 'in', monthFirsts)
      .groupBy(['team_endpoints.team_id', 'u.month'])
      .execute();
    columns = [{ title: 'Team', type: 'text' }, ...USAGE_COLUMNS];
    note = 'A device may be in more than one team, so the teams are not added up.';
  } else {
    const devices = await scope.db
      .selectFrom('endpoints')
      .leftJoin('sites', 'sites.id', 'endpoints.site_id')
      .select(['endpoints.id', 'endpoints.company_id as companyId', 'endpoints.name', 'endpoints.identifier'])
      .select(sql<string>`coalesce(sites.name, '')`.as('site'))
      .where((eb) => endpointsInEstate(eb, scope))
      .where('endpoints.endpoint_type_id', '=', ENDPOINT_TYPE.mobile)
      .orderBy('endpoints.name')
      .orderBy('endpoints.id')
      .execute();
    usage = await scope.db
      .selectFrom('endpoints')
      .innerJoin('usage_monthly as u', 'u.endpoint_id', 'endpoints.id')
      .select(['endpoints.id as group_id', month.as('month'), ...totals])
      .where((eb) => endpointsInEstate(eb, scope))
      .where('endpoints.endpoint_type_id', '=', ENDPOINT_TYPE.mobile)
      .where('u.month', 'in', monthFirsts)
      .groupBy(['endpoints.id', 'u.month'])
      .execute();
    groups = devices.map((device) => ({
      id: device.id,
      companyId: device.companyId,
      labels: [device.name, device.identifier, device.site],
    }));
    columns = [
      { title: 'Device', type: 'text' },
      { title: 'Number', type: 'text' },
      { title: 'Site', type: 'text' },
      ...USAGE_COLUMNS,
    ];
  }
  const byGroupAndMonth = new Map(usage.map((row) => [`${row.group_id}:${row.month}`, row]));
  const figures = (row: GroupUsage | undefined): UsageFigures | undefined =>
    row && { calls: num(row.calls), duration: num(row.duration), bytes: num(row.bytes), cost: num(row.cost) };
  const blanks = kind === 'usageByDevice' ? ['', ''] : [];
  const sections = sectionsOf(companies, (company) => {
    const own = groups.filter((group) => group.companyId === company.id);
    const rows = own.flatMap((group) =>
      monthList.map((m) => [...group.labels, ...usageCells(m, figures(byGroupAndMonth.get(`${group.id}:${m.first}`)))]),
    );
    if (kind === 'usageByTeam' || own.length === 0) return { rows, totals: [] };
    const totalsRows = monthList.map((m) => {
      const sum = { calls: 0, duration: 0, bytes: 0, cost: 0 };
      for (const group of own) {
        const f = figures(byGroupAndMonth.get(`${group.id}:${m.first}`));
        if (!f) continue;
        sum.calls += f.calls;
        sum.duration += f.duration;
        sum.bytes += f.bytes;
        sum.cost += f.cost;
      }
      return ['Total', ...blanks, ...usageCells(m, { ...sum, cost: roundCost(sum.cost) })];
    });
    return { rows, totals: totalsRows };
  });
  return { columns, sections, ...(note ? { note } : {}) };
}

/** Usage cost is kept to four places (numeric(_, 4)); a sum of them is kept so, without binary dust. */
function roundCost(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/** The devices that cost the most in each month, per company. */
export const TOP_SPENDERS = 10;

async function topSpenders(
  scope: EstateScope,
  companies: Company[],
  months: { current: BillMonth; previous: BillMonth },
) {
  const monthList = [months.current, months.previous];
  const rankedInEstate = scope.db
    .selectFrom('usage_monthly as u')
    .innerJoin('endpoints', 'endpoints.id', 'u.endpoint_id')
    .select([
      'endpoints.company_id',
      'endpoints.name',
      'endpoints.identifier',
      sql<string>`to_char(u.month, 'YYYY-MM-DD')`.as('month'),
      'u.calls',
      'u.duration',
      'u.bytes',
      'u.cost',
      sql<number>`row_number() OVER (PARTITION BY endpoints.company_id, u.month ORDER BY u.cost DESC, endpoints.id)`.as(
        'rank',
      ),
    ])
    .where((eb) => endpointsInEstate(eb, scope))
    .where('endpoints.endpoint_type_id', '=', ENDPOINT_TYPE.mobile)
    .where(
      'u.month',
      'in',
      monthList.map((m) => m.first),
    )
    .where('u.cost', '>', 0);
  const ranked = await scope.db
    .selectFrom(rankedInEstate.as('r'))
    .selectAll()
    .where('r.rank', '<=', TOP_SPENDERS)
    .execute();
  const columns: ReportColumn[] = [
    { title: 'Month', type: 'text' },
    { title: 'Rank', type: 'count' },
    { title: 'Device', type: 'text' },
    { title: 'Number', type: 'text' },
    { title: 'Calls', type: 'count' },
    { title: 'Duration (s)', type: 'seconds' },
    { title: 'Data (bytes)', type: 'bytes' },
    { title: 'Cost (£)', type: 'money' },
  ];
  const sections = sectionsOf(companies, (company) => ({
    rows: monthList.flatMap((m) =>
      ranked
        .filter((row) => row.company_id === company.id && row.month === m.first)
        .sort((a, b) => num(a.rank) - num(b.rank))
        .map((row): Cell[] => [
          m.label,
          num(row.rank),
          row.name,
          row.identifier,
          num(row.calls),
          num(row.duration),
          num(row.bytes),
          num(row.cost),
        ]),
    ),
    totals: [],
  }));
  return {
    columns,
    sections,
    note: `The ${TOP_SPENDERS} mobile devices of each company that cost the most in each month.`,
  };
}
