/** Halo's add-on types: 1 bolt-ons, 3 bars. */
export const HALO_BAR_TYPE = 3;

export type HaloAddon = { id: number; name: string; type: number };

/** Halo's tariff add-ons. 14, 44 and 374 together are the spend-limit bar (spec 4); 374 is never offered alone. */
export const HALO_ADDONS: readonly HaloAddon[] = [
  { id: 12, name: 'Premium rate numbers', type: HALO_BAR_TYPE },
  { id: 14, name: 'Spend limit: chargeable calls', type: HALO_BAR_TYPE },
  { id: 21, name: 'International calls', type: HALO_BAR_TYPE },
  { id: 30, name: 'Roaming', type: HALO_BAR_TYPE },
  { id: 44, name: 'Spend limit: mobile data', type: HALO_BAR_TYPE },
  { id: 52, name: 'Adult content', type: HALO_BAR_TYPE },
  { id: 67, name: 'Gambling sites', type: HALO_BAR_TYPE },
  { id: 374, name: 'Spend limit: account bar', type: HALO_BAR_TYPE },
  { id: 101, name: 'EU Roaming Pass', type: 1 },
  { id: 102, name: '5GB Data Bolt-on', type: 1 },
  { id: 103, name: 'International Minutes 100', type: 1 },
];

export const SPEND_LIMIT_BAR_IDS = [14, 44, 374] as const;

export function haloAddon(id: number): HaloAddon | undefined {
  return HALO_ADDONS.find((addon) => addon.id === id);
}

/** Halo SIM serials: 11 digits starting 894, as printed on its SIM cards. */
export const HALO_SIM_RULE = {
  regular_expression: '^894[0-9]{8}$',
  error_message: 'Enter the 11-digit serial number printed on the Halo SIM card; it starts 894.',
} as const;
