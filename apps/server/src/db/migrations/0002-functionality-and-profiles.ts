import { type Kysely, sql } from 'kysely';

// The permission vocabulary and the standard profiles are product data, not demo data: every database has them.
// Literal values, not imports, so this migration means the same thing forever; later changes add migrations.
const functionality: Array<[code: string, description: string, accessTypes: string[]]> = [
  ['DownloadBill', 'Download bill PDFs', ['Read']],
  ['DownloadCDRs', 'Download call-detail files', ['Read']],
  ['ViewMyBills', 'View bills, invoices and billed usage', ['Read']],
  ['MobileUserEstate', 'Mobile devices of the estate', ['Read', 'Write']],
  ['MobileSiteEstate', 'Mobile estate by site', ['Read', 'Write']],
  ['MobileTeamEstate', 'Mobile estate by team', ['Read', 'Write']],
  ['BroadbandUserEstate', 'Broadband contracts of the estate', ['Read', 'Write']],
  ['BroadbandSiteEstate', 'Broadband estate by site', ['Read', 'Write']],
  ['EndPointSummary', 'Device and contract pages', ['Read']],
  ['EndPointCallBarring', 'Mobile call barring', ['Read', 'Write']],
  ['EndPointLiftSpendLimit', 'Lift a mobile spend limit', ['Write']],
  ['EndPointSimSwap', 'Mobile SIM swap', ['Write']],
  ['ManageSite', 'Manage sites', ['Read', 'Write', 'Delete']],
  ['ManageTeam', 'Manage teams', ['Read', 'Write', 'Delete']],
  ['ManageUser', 'Manage users', ['Read', 'Write', 'Delete']],
  ['MobileOrders', 'Mobile orders', ['Read']],
  ['BroadbandOrders', 'Broadband orders', ['Read']],
  ['BroadbandDiagnostics', 'Broadband line diagnostics', ['Read']],
  ['BroadbandReportFault', 'Report broadband faults', ['Write']],
];

const ALL = '*';
const profiles: Array<[name: string, level: string, grants: Array<[code: string, accessType: string]> | typeof ALL]> = [
  ['Company Administrator', 'Company', ALL],
  [
    'Finance',
    'Company',
    [
      ['ViewMyBills', 'Read'],
      ['DownloadBill', 'Read'],
      ['DownloadCDRs', 'Read'],
    ],
  ],
  [
    'Site Manager',
    'Site',
    [
      ['MobileSiteEstate', 'Read'],
      ['MobileSiteEstate', 'Write'],
      ['BroadbandSiteEstate', 'Read'],
      ['BroadbandSiteEstate', 'Write'],
      ['MobileOrders', 'Read'],
      ['BroadbandOrders', 'Read'],
      ['EndPointSummary', 'Read'],
    ],
  ],
  [
    'Team Leader',
    'Team',
    [
      ['MobileTeamEstate', 'Read'],
      ['EndPointSummary', 'Read'],
      ['EndPointCallBarring', 'Read'],
    ],
  ],
  [
    'Mobile User',
    'EndPoint',
    [
      ['MobileUserEstate', 'Read'],
      ['EndPointSummary', 'Read'],
      ['EndPointCallBarring', 'Read'],
    ],
  ],
  [
    'Broadband User',
    'EndPoint',
    [
      ['BroadbandUserEstate', 'Read'],
      ['EndPointSummary', 'Read'],
      ['BroadbandDiagnostics', 'Read'],
      ['BroadbandReportFault', 'Write'],
    ],
  ],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [code, description, accessTypes] of functionality) {
    for (const accessType of accessTypes) {
      await sql`INSERT INTO functionality (code, description, access_type) VALUES (${code}, ${description}, ${accessType})`.execute(
        db,
      );
    }
  }
  for (const [name, level, grants] of profiles) {
    await sql`INSERT INTO profiles (name, level) VALUES (${name}, ${level})`.execute(db);
    if (grants === ALL) {
      await sql`INSERT INTO profile_functionality (profile_id, functionality_id)
                SELECT p.id, f.id FROM profiles p CROSS JOIN functionality f WHERE p.name = ${name}`.execute(db);
      continue;
    }
    for (const [code, accessType] of grants) {
      await sql`INSERT INTO profile_functionality (profile_id, functionality_id)
                SELECT p.id, f.id FROM profiles p JOIN functionality f ON f.code = ${code} AND f.access_type = ${accessType}
                WHERE p.name = ${name}`.execute(db);
    }
  }
}
