import type { DataSet } from './data-set.js';
import type { CompanyFacts, EndpointFacts } from './estate.js';
import type { SeededRandom } from './random.js';

/** Profiles and functionality as migration 0002 created them, read from the database before generating. */
export type ReferenceData = {
  profiles: Map<string, { id: number; level: string }>;
  /** Default functionality ids of each profile id. */
  profileFunctionality: Map<number, number[]>;
};

export type ProfileName =
  | 'Company Administrator'
  | 'Finance'
  | 'Site Manager'
  | 'Team Leader'
  | 'Mobile User'
  | 'Broadband User';

export type UserPlan = {
  userName: string;
  emailAddress: string;
  partnerIndex: number;
  profile: ProfileName;
  companyIds?: number[];
  siteIds?: number[];
  teamIds?: number[];
  endpoints?: Array<Pick<EndpointFacts, 'id' | 'companyId'>>;
  passwordExpired?: boolean;
  /** Default: a customer's user. */
  roles?: Array<'customer' | 'partner-staff'>;
};

export class UserBuilder {
  private readonly usedNames = new Set<string>();

  constructor(
    private readonly data: DataSet,
    private readonly random: SeededRandom,
    private readonly reference: ReferenceData,
    private readonly passwordHash: string,
    private readonly now: Date,
  ) {}

  addUser(plan: UserPlan): number {
    const profile = this.reference.profiles.get(plan.profile);
    if (!profile) throw new Error(`Profile ${plan.profile} is missing: did migrations run?`);
    const partnerId = plan.partnerIndex + 1;
    this.usedNames.add(plan.userName.toLowerCase());
    const userId = this.data.users.add({
      partner_id: partnerId,
      user_name: plan.userName,
      email_address: plan.emailAddress,
      profile_id: profile.id,
      // A PostgreSQL array literal, as COPY reads it.
      roles: `{${(plan.roles ?? ['customer']).join(',')}}`,
    });
    const changedAt = new Date(this.now.getTime() - (plan.passwordExpired ? 400 : 20) * 86_400_000);
    this.data.userCredentials.push({
      user_id: userId,
      password_hash: this.passwordHash,
      changed_at: changedAt,
      expires_at: plan.passwordExpired ? new Date(this.now.getTime() - 5 * 86_400_000) : null,
      reset_required: false,
    });
    for (const functionalityId of this.reference.profileFunctionality.get(profile.id) ?? []) {
      this.data.userFunctionality.push({ user_id: userId, functionality_id: functionalityId });
    }
    for (const companyId of plan.companyIds ?? []) {
      this.data.userCompanies.push({ user_id: userId, company_id: companyId, partner_id: partnerId });
    }
    for (const siteId of plan.siteIds ?? []) this.data.userSites.push({ user_id: userId, site_id: siteId });
    for (const teamId of plan.teamIds ?? []) this.data.userTeams.push({ user_id: userId, team_id: teamId });
    for (const endpoint of plan.endpoints ?? []) {
      this.data.userOperations.push({ user_id: userId, endpoint_id: endpoint.id, company_id: endpoint.companyId });
    }
    return userId;
  }

  /** Staff of a company with a mix of profiles that matches its size. */
  addStaff(company: CompanyFacts, count: number, emailDomain: string): void {
    const mobiles = company.endpoints.filter((e) => e.typeId === 1);
    const broadband = company.endpoints.filter((e) => e.typeId === 3);
    for (let i = 0; i < count; i++) {
      const userName = this.personalUserName();
      const base = { userName, emailAddress: `${userName}@${emailDomain}`, partnerIndex: company.partnerIndex };
      const role =
        i === 0 ? 'admin' : i === 1 ? 'finance' : this.random.pick(['site', 'team', 'mobile', 'mobile', 'broadband']);
      if (role === 'admin') this.addUser({ ...base, profile: 'Company Administrator', companyIds: [company.id] });
      else if (role === 'finance') this.addUser({ ...base, profile: 'Finance', companyIds: [company.id] });
      else if (role === 'site')
        this.addUser({ ...base, profile: 'Site Manager', siteIds: this.some(company.siteIds, 2) });
      else if (role === 'team' && company.teamIds.length > 0) {
        this.addUser({ ...base, profile: 'Team Leader', teamIds: this.some(company.teamIds, 1) });
      } else if (role === 'broadband' && broadband.length > 0) {
        this.addUser({ ...base, profile: 'Broadband User', endpoints: [this.random.pick(broadband)] });
      } else if (mobiles.length > 0) {
        this.addUser({ ...base, profile: 'Mobile User', endpoints: [this.random.pick(mobiles)] });
      } else {
        this.addUser({ ...base, profile: 'Finance', companyIds: [company.id] });
      }
    }
  }

  personalUserName(): string {
    const stem = `${this.random.firstName()}.${this.random.lastName()}`.toLowerCase().replace(/[^a-z.]/g, '');
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? stem : `${stem}${n}`;
      if (!this.usedNames.has(candidate)) return candidate.slice(0, 50);
    }
  }

  private some(ids: number[], max: number): number[] {
    const chosen = new Set<number>();
    const want = Math.min(max, ids.length);
    while (chosen.size < want) chosen.add(this.random.pick(ids));
    return [...chosen];
  }
}

/** A company's e-mail domain from its name: 'Acme Logistics Ltd' gives 'acmelogistics.co.uk'. */
export function emailDomainOf(companyName: string): string {
  const stem = companyName
    .toLowerCase()
    .replace(/\b(ltd|limited|llp|plc|group)\b/g, '')
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 30);
  return `${stem || 'company'}.co.uk`;
}
