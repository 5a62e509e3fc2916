/**
 * The carriers the portal integrates, as data (docs/decisions/0165): the one place their supplier and carrier ids
 * are written. The database, the operation table, the server's routes and adapters, the simulators and the web app
 * read this; a carrier on an existing API family is one entry here.
 *
 * - `kind`: a mobile carrier serves mobile lines (endpoint type 1) named by their supplier id; a broadband carrier
 *   serves broadband lines (type 3) named by their carrier id.
 * - `family`: the shape of the portal's API for it (spec 7): the first mobile shape `/api/mobile{X}/{id}`, the
 *   second `/api/mobile{X}/{supplierId}/{id}`, or the broadband line diagnostics `/api/{bbservice}/{id}/...`.
 * - `pathSegment`: the `{X}`/`{bbservice}` of its paths, which the spec's clients call, so it never changes.
 * - `adapter`: the server adapter (apps/server/src/carriers/<adapter>/) and simulator
 *   (apps/carrier-sim/src/<adapter>/) that speak the carrier's own API.
 */

export type CarrierKind = 'mobile' | 'broadband';
export type MobileApiFamily = 'mobileFirst' | 'mobileSecond';
export type BroadbandApiFamily = 'broadbandDiagnostics';
export type ApiFamily = MobileApiFamily | BroadbandApiFamily;

/** The server adapters (and simulators) of each API family: an entry names one of its family's. */
export const ADAPTERS_OF_FAMILY = {
  mobileFirst: ['halo'],
  mobileSecond: ['vertex'],
  broadbandDiagnostics: ['keystone', 'skylark'],
} as const satisfies Record<ApiFamily, readonly string[]>;
export type AdapterOf<F extends ApiFamily> = (typeof ADAPTERS_OF_FAMILY)[F][number];
export type CarrierAdapterName = AdapterOf<ApiFamily>;

/**
 * The bars a spend alert places on a device that crossed its threshold (decision 0213), as the network names them
 * (Halo's add-on ids, Vertex's network suffixes): `data` stops mobile data, `calls` chargeable calls.
 */
export type AlertBars = { readonly data: number | string; readonly calls: number | string };

/** How many digits a new SIM number has on the carrier (spec 9). */
export type SimLength = { readonly min: number; readonly max: number };

type EntryOf<F extends ApiFamily> = {
  readonly family: F;
  /** As users and e-mails name it. */
  readonly name: string;
  readonly pathSegment: string;
  readonly adapter: AdapterOf<F>;
};

/** A mobile carrier of each family (a union, so testing `family` narrows `adapter`). */
export type MobileCarrierEntry<F extends MobileApiFamily = MobileApiFamily> = F extends MobileApiFamily
  ? MobileEntryOf<F>
  : never;

type MobileEntryOf<F extends MobileApiFamily> = EntryOf<F> & {
  readonly kind: 'mobile';
  /** Its networks, as the portal's supplier ids (spec 9). */
  readonly supplierIds: readonly [number, ...number[]];
  /** The suppliers that confirm bar changes and SIM swaps by e-mail, so their users are told to expect one (spec 8). */
  readonly emailConfirmingSupplierIds: readonly number[];
  readonly simLength: SimLength;
  /** Each network's spend alert bars, by supplier id: every supplier id of the entry has its pair. */
  readonly alertBars: { readonly [supplierId: number]: AlertBars };
};

export type BroadbandCarrierEntry = EntryOf<BroadbandApiFamily> & {
  readonly kind: 'broadband';
  readonly carrierId: number;
  /**
   * The product lines that are this carrier's own broadband: on them the diagnostics keep only Live Status and the
   * fibre tests (spec 9).
   */
  readonly ownProductLineIds: readonly number[];
};

export type CarrierEntry = MobileCarrierEntry | BroadbandCarrierEntry;
export type CarrierRegistry = Readonly<Record<string, CarrierEntry>>;

export const CARRIER_REGISTRY = {
  halo: {
    kind: 'mobile',
    name: 'Halo Mobile',
    supplierIds: [33],
    emailConfirmingSupplierIds: [],
    family: 'mobileFirst',
    pathSegment: 'mobileHalo',
    adapter: 'halo',
    simLength: { min: 11, max: 11 },
    // 'Spend limit: mobile data' and 'Spend limit: chargeable calls': the add-ons Halo's own spend limit bars with.
    alertBars: { 33: { data: 44, calls: 14 } },
  },
  vertex: {
    kind: 'mobile',
    name: 'Vertex Wireless',
    supplierIds: [27, 36],
    emailConfirmingSupplierIds: [36],
    family: 'mobileSecond',
    pathSegment: 'mobileVertex',
    adapter: 'vertex',
    simLength: { min: 15, max: 20 },
    alertBars: { 27: { data: 'DATA', calls: 'CHRG' }, 36: { data: 'MDT', calls: 'CHC' } },
  },
  keystone: {
    kind: 'broadband',
    name: 'Keystone Networks',
    carrierId: 494,
    ownProductLineIds: [],
    family: 'broadbandDiagnostics',
    pathSegment: 'broadbandKeystone',
    adapter: 'keystone',
  },
  skylark: {
    kind: 'broadband',
    name: 'Skylark Fibre',
    carrierId: 588,
    ownProductLineIds: [35, 36],
    family: 'broadbandDiagnostics',
    pathSegment: 'broadbandSkylark',
    adapter: 'skylark',
  },
} as const satisfies CarrierRegistry;

export type Carriers = typeof CARRIER_REGISTRY;
export type CarrierKey = keyof Carriers;
