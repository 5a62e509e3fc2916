/** Every demo account that can sign in (README); acme.expired cannot. */
export const DEMO_ACCOUNTS = [
  'acme.admin',
  'acme.finance',
  'acme.sitemanager',
  'acme.teamlead',
  'acme.mobile',
  'acme.broadband',
  'globex.admin',
  'multi.admin',
  'wayne.admin',
  'northwind.staff',
  'brightwave.staff',
] as const;
