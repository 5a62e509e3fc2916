import type { CopyValue } from '../connection.js';
import { addInvoices, billedMonths, callDetailRecords } from './billing.js';
import { type PartnerSeed, partners } from './catalogue.js';
import { addMessages, addPartners } from './content.js';
import { DataSet } from './data-set.js';
import { type CompanyFacts, type CompanyPlan, EstateBuilder } from './estate.js';
import { inFlightStates, OrderBuilder } from './orders.js';
import { SeededRandom } from './random.js';
import { type SeedSize, type SizeSpec, sizes } from './sizes.js';
import { emailDomainOf, type ReferenceData, UserBuilder } from './users.js';

export type GenerateOptions = {
  size: SeedSize;
  seed: number;
  /** The day the data is built around ('YYYY-MM-DD'): bills run up to the month before it. */
  anchorDay: string;
  reference: ReferenceData;
  passwordHash: string;
};

export type GeneratedData = {
  data: DataSet;
  /** Streams every call-detail record; call once. */
  callDetailRecords: () => Generator<CopyValue[]>;
};

const NORTHWIND = 0;
const BRIGHTWAVE = 1;

/** The named demo companies every size has; the demo accounts of the README live in them. */
const namedCompanies: Record<'acme' | 'globex' | 'initech' | 'initechField' | 'wayne', CompanyPlan> = {
  acme: {
    name: 'Acme Logistics Ltd',
    partnerIndex: NORTHWIND,
    sites: 4,
    teams: 4,
    siteTowns: ['Manchester', 'Leeds', 'Bristol', 'London'],
    mobiles: { 33: 30, 27: 16, 36: 14 },
    broadband: [
      [{ carrierId: 494, productLineId: 9 }, 8],
      [{ carrierId: 494, productLineId: 8 }, 6],
      [{ carrierId: 588, productLineId: 35 }, 6],
    ],
  },
  globex: {
    name: 'Globex Engineering Ltd',
    partnerIndex: NORTHWIND,
    sites: 2,
    teams: 2,
    siteTowns: ['Sheffield', 'Derby'],
    mobiles: { 33: 6, 27: 4, 36: 2 },
    broadband: [
      [{ carrierId: 494, productLineId: 9 }, 2],
      [{ carrierId: 588, productLineId: 35 }, 2],
    ],
  },
  initech: {
    name: 'Initech Holdings Ltd',
    partnerIndex: NORTHWIND,
    sites: 2,
    teams: 1,
    siteTowns: ['Reading', 'Oxford'],
    mobiles: { 33: 4, 27: 2 },
    broadband: [[{ carrierId: 494, productLineId: 8 }, 2]],
  },
  initechField: {
    name: 'Initech Field Services Ltd',
    partnerIndex: NORTHWIND,
    sites: 1,
    teams: 2,
    siteTowns: ['Swindon'],
    mobiles: { 33: 3, 36: 3 },
    broadband: [[{ carrierId: 494, productLineId: 9 }, 1]],
  },
  wayne: {
    name: 'Wayne Haulage Ltd',
    partnerIndex: BRIGHTWAVE,
    sites: 2,
    teams: 2,
    siteTowns: ['Bristol', 'Exeter'],
    mobiles: { 33: 5, 27: 5 },
    broadband: [[{ carrierId: 588, productLineId: 35 }, 3]],
  },
};

export function generateDemoData(options: GenerateOptions): GeneratedData {
  const spec = sizes[options.size];
  const random = new SeededRandom(options.seed);
  const data = new DataSet();
  const now = new Date(`${options.anchorDay}T12:00:00Z`);
  addPartners(data, partners);
  addMessages(data, partners.length, now);

  const estate = new EstateBuilder(data, random, partners, options.anchorDay);
  const users = new UserBuilder(data, random, options.reference, options.passwordHash, now);
  const orders = new OrderBuilder(data, random, options.anchorDay, (companyId) =>
    broadbandDomain(partners[data.companies.rows[companyId - 1]!.partner_id - 1]!),
  );

  const named = {
    acme: estate.addCompany(namedCompanies.acme),
    globex: estate.addCompany(namedCompanies.globex),
    initech: estate.addCompany(namedCompanies.initech),
    initechField: estate.addCompany(namedCompanies.initechField),
    wayne: estate.addCompany(namedCompanies.wayne),
  };
  const adminIds = addDemoAccounts(users, named);
  const companies: CompanyFacts[] = Object.values(named);
  for (const company of companies) {
    orders.addProvisioningOrders(company, adminIds.get(company.id) ?? null);
    // Acme shows every state an order can be in; the others a few.
    orders.addChangeOrders(company, company === named.acme ? inFlightStates : inFlightStates.slice(0, 3), null);
  }
  users.addStaff(named.acme, 8, emailDomainOf(named.acme.name));

  for (const company of addGeneratedCompanies(estate, random, spec)) {
    companies.push(company);
    const staff = Math.max(3, Math.round((spec.generatedUsers * company.endpoints.length) / spec.generatedEndpoints));
    const before = data.users.rows.length;
    users.addStaff(company, staff, emailDomainOf(company.name));
    orders.addProvisioningOrders(company, before + 1);
    orders.addChangeOrders(company, [random.pick(inFlightStates), random.pick(inFlightStates)], before + 1);
  }

  const months = billedMonths(options.anchorDay, spec.invoiceMonths);
  const invoiceIds = new Map(companies.map((company) => [company.id, addInvoices(data, company, months)]));

  return {
    data,
    *callDetailRecords() {
      // A random stream of its own, so adding tables above never changes the records.
      const cdrRandom = new SeededRandom(options.seed + 1);
      for (const company of companies) {
        yield* callDetailRecords(
          cdrRandom,
          company,
          invoiceIds.get(company.id)!,
          months,
          options.anchorDay,
          spec.recordsPerEndpointMonth,
        );
      }
    },
  };
}

/** The accounts of the README table, all with the demo password. Returns each company's administrator. */
function addDemoAccounts(users: UserBuilder, named: Record<keyof typeof namedCompanies, CompanyFacts>) {
  const { acme, globex, initech, initechField, wayne } = named;
  const acmeMail = (name: string) => `${name}@acmelogistics.co.uk`;
  const firstMobileOfCarrier1 = acme.endpoints.find((e) => e.supplierId === 33)!;
  const firstFibre494 = acme.endpoints.find((e) => e.line?.carrierId === 494 && e.line.productLineId === 9)!;
  const nw = NORTHWIND;
  const acmeAdmin = users.addUser({
    userName: 'acme.admin',
    emailAddress: acmeMail('it.admin'),
    partnerIndex: nw,
    profile: 'Company Administrator',
    companyIds: [acme.id],
  });
  users.addUser({
    userName: 'acme.finance',
    emailAddress: acmeMail('accounts'),
    partnerIndex: nw,
    profile: 'Finance',
    companyIds: [acme.id],
  });
  users.addUser({
    userName: 'acme.sitemanager',
    emailAddress: acmeMail('site.manager'),
    partnerIndex: nw,
    profile: 'Site Manager',
    siteIds: acme.siteIds.slice(0, 2),
  });
  users.addUser({
    userName: 'acme.teamlead',
    emailAddress: acmeMail('team.lead'),
    partnerIndex: nw,
    profile: 'Team Leader',
    teamIds: acme.teamIds.slice(0, 1),
  });
  users.addUser({
    userName: 'acme.mobile',
    emailAddress: acmeMail('mobile.user'),
    partnerIndex: nw,
    profile: 'Mobile User',
    endpoints: [firstMobileOfCarrier1],
  });
  users.addUser({
    userName: 'acme.broadband',
    emailAddress: acmeMail('broadband.user'),
    partnerIndex: nw,
    profile: 'Broadband User',
    endpoints: [firstFibre494],
  });
  users.addUser({
    userName: 'acme.expired',
    emailAddress: acmeMail('expired.admin'),
    partnerIndex: nw,
    profile: 'Company Administrator',
    companyIds: [acme.id],
    passwordExpired: true,
  });
  const globexAdmin = users.addUser({
    userName: 'globex.admin',
    emailAddress: 'it@globexengineering.co.uk',
    partnerIndex: nw,
    profile: 'Company Administrator',
    companyIds: [globex.id],
  });
  const multiAdmin = users.addUser({
    userName: 'multi.admin',
    emailAddress: 'it@initech.co.uk',
    partnerIndex: nw,
    profile: 'Company Administrator',
    companyIds: [initech.id, initechField.id],
  });
  const wayneAdmin = users.addUser({
    userName: 'wayne.admin',
    emailAddress: 'office@waynehaulage.co.uk',
    partnerIndex: BRIGHTWAVE,
    profile: 'Company Administrator',
    companyIds: [wayne.id],
  });
  users.addUser({
    userName: 'northwind.staff',
    emailAddress: 'portal.team@northwind-comms.co.uk',
    partnerIndex: NORTHWIND,
    profile: 'Company Administrator',
    roles: ['partner-staff'],
  });
  users.addUser({
    userName: 'brightwave.staff',
    emailAddress: 'portal.team@brightwave-telecom.co.uk',
    partnerIndex: BRIGHTWAVE,
    profile: 'Company Administrator',
    roles: ['partner-staff'],
  });
  return new Map([
    [acme.id, acmeAdmin],
    [globex.id, globexAdmin],
    [initech.id, multiAdmin],
    [initechField.id, multiAdmin],
    [wayne.id, wayneAdmin],
  ]);
}

/**
 * Companies of very different sizes, as a reseller's book really is: the endpoints are shared out by weight,
 * and the first company is made the largest on purpose so benchmarks have a worst case to measure. The next ones
 * have the scale curve's exact sizes.
 */
function* addGeneratedCompanies(estate: EstateBuilder, random: SeededRandom, spec: SizeSpec): Generator<CompanyFacts> {
  const { generatedCompanies: count, generatedEndpoints: endpointTotal, scaleCurveSizes } = spec;
  if (count === 0) return;
  const weights = Array.from({ length: count }, (_, i) => (i === 0 ? 60 : 0.3 + 3 * random.next() ** 2));
  const weightSum = weights.reduce((sum, w) => sum + w, 0);
  let assigned = 0;
  for (let i = 0; i < count; i++) {
    const endpoints =
      i === count - 1
        ? endpointTotal - assigned
        : (scaleCurveSizes[i - 1] ?? Math.max(2, Math.round((endpointTotal * weights[i]!) / weightSum)));
    assigned += endpoints;
    const partnerIndex = random.chance(0.7) ? NORTHWIND : BRIGHTWAVE;
    // A one-line company has a mobile: the scale curve measures the device list from one device up.
    const broadbandCount = endpoints < 3 ? 0 : Math.max(1, Math.round(endpoints * 0.3));
    const mobileCount = endpoints - broadbandCount;
    const fibre = Math.round(broadbandCount * 0.5);
    const alt = Math.round(broadbandCount * 0.2);
    yield estate.addCompany({
      name: estate.companyName(partnerIndex),
      partnerIndex,
      sites: clamp(Math.round(endpoints / 40), 1, 60),
      teams: clamp(Math.round(endpoints / 30), 1, 12),
      mobiles: {
        33: Math.round(mobileCount * 0.5),
        27: Math.round(mobileCount * 0.3),
        36: mobileCount - Math.round(mobileCount * 0.5) - Math.round(mobileCount * 0.3),
      },
      broadband: [
        [{ carrierId: 494, productLineId: 9 }, fibre],
        [{ carrierId: 494, productLineId: 8 }, broadbandCount - fibre - alt],
        [{ carrierId: 588, productLineId: 35 }, alt],
      ],
    });
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function broadbandDomain(partner: PartnerSeed): string {
  return `bb.${partner.emailDomain}`;
}
