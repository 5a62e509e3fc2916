import { REPORT_KIND_LABELS, type ReportKind } from '@portal/contract';
import type { EstateScope } from '../../scope/estate-scope.js';
import { type BillMonth, firstOfTwelveBillMonths, londonTime, thisAndLastBillMonth } from './report-period.js';
import {
  billsSince,
  companiesOfEstate,
  deviceUsage,
  type GroupUsage,
  mobileDevicesOfEstate,
  sitesOfEstate,
  siteUsage,
  teamsOfEstate,
  teamUsage,
  topSpendersOf,
  type UsageFigures,
} from './repository.js';

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
  /** The company's total rows (per month, or for the period); none where rows overlap (teams share devices). */
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

/** The devices that cost the most in each month, per company. */
export const TOP_SPENDERS = 10;

const USAGE_COLUMNS: ReportColumn[] = [
  { title: 'Month', type: 'text' },
  { title: 'Calls', type: 'count' },
  { title: 'Duration (s)', type: 'seconds' },
  { title: 'Data (bytes)', type: 'bytes' },
  { title: 'Cost (£)', type: 'money' },
];

type Company = { id: number; name: string };
type Months = { current: BillMonth; previous: BillMonth };

const num = (value: unknown) => Number(value ?? 0);

export async function buildReport(
  scope: EstateScope,
  kind: ReportKind,
  subscriberName: string,
  moment: Date,
): Promise<ReportDocument> {
  const base = { kind, title: REPORT_KIND_LABELS[kind], builtAt: londonTime(moment), subscriberName };
  const companies = await companiesOfEstate(scope);
  if (kind === 'billsSummary') return { ...base, ...(await billsSummary(scope, companies, moment)) };
  const months = thisAndLastBillMonth(moment);
  const period = `${months.current.label} (to date) and ${months.previous.label}`;
  if (kind === 'topSpenders') return { ...base, period, ...(await topSpenders(scope, companies, months)) };
  return { ...base, period, ...(await usageBy(scope, kind, companies, months)) };
}

function sectionsOf(companies: Company[], fill: (company: Company) => Omit<ReportSection, 'companyName'>) {
  return companies.map((company) => ({ companyName: company.name, ...fill(company) }));
}

/** Money added in pence, so a total is what its rows add up to on the page. */
const roundMoney = (value: number) => Math.round(value * 100) / 100;
/** Usage cost is kept to four places (numeric(_, 4)); a sum of them is kept so, without binary dust. */
const roundCost = (value: number) => Math.round(value * 10_000) / 10_000;

async function billsSummary(scope: EstateScope, companies: Company[], moment: Date) {
  const from = firstOfTwelveBillMonths(moment);
  const bills = await billsSince(scope, from);
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
    const totals: Cell[][] =
      rows.length === 0
        ? []
        : [['Total', `${rows.length} bills`, sum(2), sum(3), sum(4), roundMoney(sum(5)), roundMoney(sum(6))]];
    return { rows, totals };
  });
  const through = thisAndLastBillMonth(moment).current.label;
  const [year, month] = from.split('-');
  const since = new Date(Date.UTC(Number(year), Number(month) - 1, 1)).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return { period: `Bills dated ${since} to ${through}`, columns, sections };
}

/** A site, team or device of the report, with the cells that name it. */
type Group = { id: number; companyId: number; labels: string[] };

async function usageBy(
  scope: EstateScope,
  kind: Exclude<ReportKind, 'billsSummary' | 'topSpenders'>,
  companies: Company[],
  months: Months,
) {
  const monthList = [months.current, months.previous];
  const firsts = monthList.map((month) => month.first);
  let groups: Group[];
  let usage: GroupUsage[];
  let columns: ReportColumn[];
  let note: string | undefined;
  if (kind === 'usageBySite') {
    const sites = await sitesOfEstate(scope);
    groups = sites.map((site) => ({ id: site.id, companyId: site.companyId, labels: [site.name] }));
    usage = await siteUsage(scope, firsts);
    columns = [{ title: 'Site', type: 'text' }, ...USAGE_COLUMNS];
  } else if (kind === 'usageByTeam') {
    const teams = await teamsOfEstate(scope);
    groups = teams.map((team) => ({ id: team.id, companyId: team.companyId, labels: [team.name] }));
    usage = await teamUsage(scope, firsts);
    columns = [{ title: 'Team', type: 'text' }, ...USAGE_COLUMNS];
    note = 'A device may be in more than one team, so the teams are not added up.';
  } else {
    const devices = await mobileDevicesOfEstate(scope);
    groups = devices.map((device) => ({
      id: device.id,
      companyId: device.companyId,
      labels: [device.name, device.identifier, device.site],
    }));
    usage = await deviceUsage(scope, firsts);
    columns = [
      { title: 'Device', type: 'text' },
      { title: 'Number', type: 'text' },
      { title: 'Site', type: 'text' },
      ...USAGE_COLUMNS,
    ];
  }
  const byGroupAndMonth = new Map(usage.map((row) => [`${row.group_id}:${row.month}`, row]));
  const figuresOf = (group: Group, month: BillMonth): UsageFigures => {
    const row = byGroupAndMonth.get(`${group.id}:${month.first}`);
    return { calls: num(row?.calls), duration: num(row?.duration), bytes: num(row?.bytes), cost: num(row?.cost) };
  };
  const cells = (month: BillMonth, f: UsageFigures): Cell[] => [month.label, f.calls, f.duration, f.bytes, f.cost];
  // A device's total row leaves its number and site blank.
  const blanks = kind === 'usageByDevice' ? ['', ''] : [];
  const sections = sectionsOf(companies, (company) => {
    const own = groups.filter((group) => group.companyId === company.id);
    const rows = own.flatMap((group) => monthList.map((m) => [...group.labels, ...cells(m, figuresOf(group, m))]));
    if (kind === 'usageByTeam' || own.length === 0) return { rows, totals: [] };
    const totals = monthList.map((m) => {
      const sum = { calls: 0, duration: 0, bytes: 0, cost: 0 };
      for (const group of own) {
        const f = figuresOf(group, m);
        sum.calls += f.calls;
        sum.duration += f.duration;
        sum.bytes += f.bytes;
        sum.cost += f.cost;
      }
      return ['Total', ...blanks, ...cells(m, { ...sum, cost: roundCost(sum.cost) })];
    });
    return { rows, totals };
  });
  return { columns, sections, ...(note ? { note } : {}) };
}

async function topSpenders(scope: EstateScope, companies: Company[], months: Months) {
  const monthList = [months.current, months.previous];
  const ranked = await topSpendersOf(
    scope,
    monthList.map((m) => m.first),
    TOP_SPENDERS,
  );
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
