import { addDays, addMonths } from './calendar.js';
import {
  broadbandExtras,
  broadbandProducts,
  businessParks,
  companySuffixes,
  companyTrades,
  mobileBoltOns,
  mobileProducts,
  type PartnerSeed,
  siteKinds,
  streets,
  type Town,
  teamNames,
  towns,
} from './catalogue.js';
import type { DataSet } from './data-set.js';
import { landlineNumber, mobileNumber } from './numbering.js';
import type { SeededRandom } from './random.js';

export type BroadbandLine = { carrierId: 494 | 588; productLineId: 8 | 9 | 35 };

/** What one company's estate should hold; counts are per supplier or per broadband line. */
export type CompanyPlan = {
  name: string;
  partnerIndex: number;
  sites: number;
  teams: number;
  mobiles: Partial<Record<33 | 27 | 36, number>>;
  broadband: Array<[line: BroadbandLine, count: number]>;
  /** Sites named after these towns first, so named demo companies read naturally. */
  siteTowns?: string[];
};

/** Facts about an endpoint that later generators need but the endpoints table does not hold. */
export type EndpointFacts = {
  id: number;
  companyId: number;
  siteId: number;
  typeId: 1 | 3;
  identifier: string;
  supplierId: number | null;
  line: BroadbandLine | null;
  product: string;
  monthlyCharge: number;
  startDate: string;
  durationMonths: number;
  extras: Array<{ name: string; monthly: number }>;
  inclusive: string[];
  /** How busy the line is, scaling its call-detail records. */
  usage: number;
};

export type CompanyFacts = {
  id: number;
  partnerIndex: number;
  name: string;
  accountNumber: string;
  siteIds: number[];
  teamIds: number[];
  endpoints: EndpointFacts[];
};

export class EstateBuilder {
  private mobileIndex = 0;
  private landlineIndex = 0;
  private readonly usedCompanyNames = new Set<string>();

  constructor(
    private readonly data: DataSet,
    private readonly random: SeededRandom,
    private readonly partners: readonly PartnerSeed[],
    private readonly anchorDay: string,
  ) {}

  addCompany(plan: CompanyPlan): CompanyFacts {
    const partner = this.partners[plan.partnerIndex]!;
    const companyId = this.data.companies.add({
      partner_id: plan.partnerIndex + 1,
      name: plan.name,
      account_number: '',
    });
    const accountNumber = `${partner.accountPrefix}${String(companyId).padStart(6, '0')}`;
    this.data.companies.rows[companyId - 1]!.account_number = accountNumber;
    this.usedCompanyNames.add(`${plan.partnerIndex}:${plan.name.toLowerCase()}`);

    const siteIds: number[] = [];
    for (let s = 0; s < plan.sites; s++) {
      const town = this.townFor(plan.siteTowns?.[s]);
      const addressId = this.addAddress(companyId, town);
      const kind = s === 0 ? 'Head Office' : this.random.pick(siteKinds.slice(1));
      siteIds.push(this.data.sites.add({ company_id: companyId, name: `${town.town} ${kind}`, address_id: addressId }));
    }
    const teamIds: number[] = [];
    for (let t = 0; t < plan.teams; t++) {
      teamIds.push(this.data.teams.add({ company_id: companyId, name: teamNames[t % teamNames.length]! }));
    }

    const company: CompanyFacts = {
      id: companyId,
      partnerIndex: plan.partnerIndex,
      name: plan.name,
      accountNumber,
      siteIds,
      teamIds,
      endpoints: [],
    };
    for (const supplier of [33, 27, 36] as const) {
      for (let i = 0; i < (plan.mobiles[supplier] ?? 0); i++) company.endpoints.push(this.addMobile(company, supplier));
    }
    for (const [line, count] of plan.broadband) {
      for (let i = 0; i < count; i++) company.endpoints.push(this.addBroadband(company, line));
    }
    return company;
  }

  /** A plausible and unique company name for the partner. */
  companyName(partnerIndex: number): string {
    for (;;) {
      const name = `${this.random.lastName()} ${this.random.pick(companyTrades)} ${this.random.pick(companySuffixes)}`;
      if (!this.usedCompanyNames.has(`${partnerIndex}:${name.toLowerCase()}`)) return name;
    }
  }

  private townFor(name: string | undefined): Town {
    return towns.find((t) => t.town === name) ?? this.random.pick(towns);
  }

  private addAddress(companyId: number, town: Town): number {
    const onPark = this.random.chance(0.4);
    const district = this.random.int(1, 28);
    return this.data.addresses.add({
      company_id: companyId,
      line1: onPark ? `Unit ${this.random.int(1, 40)}` : `${this.random.int(1, 240)} ${this.random.pick(streets)}`,
      line2: onPark ? this.random.pick(businessParks) : null,
      line3: null,
      town: town.town,
      county: town.county,
      post_code: `${town.postcodeArea}${district} ${this.random.int(1, 9)}${this.random.faker.string.alpha({ length: 2, casing: 'upper', exclude: ['C', 'I', 'K', 'M', 'O', 'V'] })}`,
    });
  }

  private contractStart(): string {
    // Most lines are long-standing; a few arrived in the last months so estates change over time.
    const daysAgo = this.random.chance(0.9) ? this.random.int(760, 1400) : this.random.int(30, 700);
    return addDays(this.anchorDay, -daysAgo);
  }

  private addMobile(company: CompanyFacts, supplierId: 33 | 27 | 36): EndpointFacts {
    const product = this.random.weighted(mobileProducts.map((p, i) => [p, [3, 4, 3, 1][i] ?? 1] as const));
    const extras = this.random.chance(0.3) ? [this.random.pick(mobileBoltOns)] : [];
    const name = this.random.chance(0.85) ? this.random.fullName() : `Pool Phone ${this.mobileIndex + 1}`;
    const identifier = mobileNumber(this.mobileIndex++);
    const siteId = this.random.pick(company.siteIds);
    const id = this.data.endpoints.add({
      company_id: company.id,
      site_id: siteId,
      endpoint_type_id: 1,
      name,
      identifier,
      supplier_id: supplierId,
      carrier_id: null,
      product_line_id: null,
      product: product.name,
    });
    this.joinTeams(company, id);
    return {
      id,
      companyId: company.id,
      siteId,
      typeId: 1,
      identifier,
      supplierId,
      line: null,
      product: product.name,
      monthlyCharge: product.monthly + extras.reduce((sum, e) => sum + e.monthly, 0),
      startDate: this.contractStart(),
      durationMonths: this.random.pick([12, 24, 36]),
      extras: [...extras],
      inclusive: [...product.inclusive],
      usage: 0.3 + this.random.next() * 1.7,
    };
  }

  private addBroadband(company: CompanyFacts, line: BroadbandLine): EndpointFacts {
    const product = this.random.pick(broadbandProducts[line.productLineId]);
    const extras = broadbandExtras.filter(() => this.random.chance(0.35));
    const siteId = this.random.pick(company.siteIds);
    const siteName = this.data.sites.rows[siteId - 1]!.name;
    const identifier = landlineNumber(this.landlineIndex++);
    const id = this.data.endpoints.add({
      company_id: company.id,
      site_id: siteId,
      endpoint_type_id: 3,
      name: `${siteName} ${line.productLineId === 8 ? 'Broadband' : 'Fibre'} ${identifier.slice(-4)}`,
      identifier,
      supplier_id: null,
      carrier_id: line.carrierId,
      product_line_id: line.productLineId,
      product: product.name,
    });
    return {
      id,
      companyId: company.id,
      siteId,
      typeId: 3,
      identifier,
      supplierId: null,
      line,
      product: product.name,
      monthlyCharge: product.monthly + extras.reduce((sum, e) => sum + e.monthly, 0),
      startDate: this.contractStart(),
      durationMonths: this.random.pick([12, 24, 36]),
      extras: [...extras],
      inclusive: [`${product.speed} download`, 'Unlimited usage', 'UK business support'],
      usage: 0.5 + this.random.next(),
    };
  }

  private joinTeams(company: CompanyFacts, endpointId: number): void {
    if (company.teamIds.length === 0) return;
    const memberships = this.random.weighted([
      [0, 1],
      [1, 6],
      [2, 2],
    ] as const);
    const teams = new Set<number>();
    while (teams.size < Math.min(memberships, company.teamIds.length)) teams.add(this.random.pick(company.teamIds));
    for (const teamId of teams)
      this.data.teamOperations.push({ team_id: teamId, endpoint_id: endpointId, company_id: company.id });
  }
}

/** The contract end date that follows from a start and a term. */
export function contractEnd(endpoint: EndpointFacts): string {
  return addDays(addMonths(endpoint.startDate, endpoint.durationMonths), -1);
}
