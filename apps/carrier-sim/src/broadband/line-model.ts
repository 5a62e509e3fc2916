import { drawsOf, lineHash } from '../line-seed.js';

// What both simulated broadband carriers know of a line (docs/decisions/0097): its condition and access technology,
// drawn from the number's hash like the mobile lines (decision 0084), and the readings that follow from them.

export const LINE_CONDITIONS = ['healthy', 'noisy', 'dropping', 'disconnected', 'suspended'] as const;
export type LineCondition = (typeof LINE_CONDITIONS)[number];

/** Copper ADSL and fibre to the cabinet (Keystone), fibre to the premises (Skylark). */
export type AccessTechnology = 'adsl' | 'fttc' | 'fttp';

/** A UK geographic number, as the seed makes the broadband lines' numbers (01 or 02, 11 digits). */
export const UK_LANDLINE = /^0[12][0-9]{9}$/;

// Out of ten lines: five healthy, two noisy, one of each of the others.
const CONDITION_WEIGHTS: readonly LineCondition[] = [
  'healthy',
  'healthy',
  'healthy',
  'healthy',
  'healthy',
  'noisy',
  'noisy',
  'dropping',
  'disconnected',
  'suspended',
];

/** The condition a line starts in: a pure function of its number. */
export function startingCondition(number: string): LineCondition {
  return CONDITION_WEIGHTS[drawsOf(`condition/65:${number}`)(CONDITION_WEIGHTS.length)]!;
}

/** Keystone's lines are copper ADSL or FTTC by their number; Skylark builds only full fibre. */
export function technologyOf(number: string, fullFibre: boolean): AccessTechnology {
  if (fullFibre) return 'fttp';
  return lineHash(`technology:${number}`) % 3 === 0 ? 'adsl' : 'fttc';
}

/** Whether the line carries a WLR3 voice service (two Keystone lines in three; Skylark's fibre has none). */
export function hasVoiceService(number: string, fullFibre: boolean): boolean {
  return !fullFibre && lineHash(`voice:${number}`) % 3 !== 1;
}

/** The lines whose condition a test set by hand (the control API); the rest keep their starting one. */
export class LineConditions {
  readonly #overrides = new Map<string, LineCondition>();

  of(number: string): LineCondition {
    return this.#overrides.get(number) ?? startingCondition(number);
  }

  set(number: string, condition: LineCondition): void {
    this.#overrides.set(number, condition);
  }

  clear(): void {
    this.#overrides.clear();
  }
}

const PROFILE = {
  adsl: { maxDown: 24_000, maxUp: 1_300, name: 'ADSL2+ Max 24M' },
  fttc: { maxDown: 80_000, maxUp: 20_000, name: 'FTTC 80/20 Standard' },
  fttp: { maxDown: 900_000, maxUp: 110_000, name: 'FTTP 900/110' },
} as const;

export function profileOf(technology: AccessTechnology) {
  return PROFILE[technology];
}

/** The line's sync as the carrier's equipment reads it now. */
export type SyncReading = {
  inSync: boolean;
  secondsInSync: number;
  downKbps: number;
  upKbps: number;
  maxDownKbps: number;
  maxUpKbps: number;
  snrMarginDb: number;
  attenuationDb: number;
};

/** How long the current session has lasted: days on a good line, minutes on one that keeps dropping. */
function secondsInSync(number: string, condition: LineCondition): number {
  const draw = drawsOf(`sync-age:${number}`);
  if (condition === 'dropping') return 60 + draw(40 * 60);
  if (condition === 'disconnected' || condition === 'suspended') return 0;
  return 86_400 * (1 + draw(30)) + draw(86_400);
}

export function syncReading(number: string, condition: LineCondition, technology: AccessTechnology): SyncReading {
  const draw = drawsOf(`sync:${number}`);
  const profile = PROFILE[technology];
  const attenuationDb = technology === 'fttp' ? 0 : Math.round((8 + draw(400) / 10) * 10) / 10;
  if (condition === 'disconnected' || condition === 'suspended') {
    return {
      inSync: false,
      secondsInSync: 0,
      downKbps: 0,
      upKbps: 0,
      maxDownKbps: 0,
      maxUpKbps: 0,
      snrMarginDb: 0,
      attenuationDb,
    };
  }
  // A noisy line trains at a fraction of what the profile allows and keeps little margin.
  const share = condition === 'noisy' ? 0.3 + draw(20) / 100 : condition === 'dropping' ? 0.55 : 0.8 + draw(18) / 100;
  const maxDownKbps = Math.round(profile.maxDown * (0.85 + draw(15) / 100));
  const maxUpKbps = Math.round(profile.maxUp * (0.85 + draw(15) / 100));
  const snrMarginDb =
    condition === 'noisy' ? 0.5 + draw(20) / 10 : condition === 'dropping' ? 2.5 + draw(15) / 10 : 6 + draw(60) / 10;
  return {
    inSync: true,
    secondsInSync: secondsInSync(number, condition),
    downKbps: Math.round(maxDownKbps * share),
    upKbps: Math.round(maxUpKbps * share),
    maxDownKbps,
    maxUpKbps,
    snrMarginDb: Math.round(snrMarginDb * 10) / 10,
    attenuationDb,
  };
}

/** Whether the line is in service, has a session, and since when. */
export function liveState(number: string, condition: LineCondition, technology: AccessTechnology, now: Date) {
  const sync = syncReading(number, condition, technology);
  const connected = condition !== 'disconnected' && condition !== 'suspended';
  return {
    active: condition !== 'suspended',
    connected,
    connectedSince: connected ? new Date(now.getTime() - sync.secondsInSync * 1000) : null,
  };
}

const EXCHANGES = ['Manchester Central', 'Leeds Park', 'Bristol Redcliffe', 'London Wood Street', 'Sheffield Central'];

export function exchangeOf(number: string) {
  const draw = drawsOf(`exchange:${number}`);
  return {
    exchangeName: EXCHANGES[draw(EXCHANGES.length)]!,
    frame: `MDF-${String.fromCharCode(65 + draw(6))}`,
    card: String(1 + draw(16)),
    port: String(1 + draw(48)),
    lineLengthMetres: 150 + draw(4_500),
  };
}

export const TEST_KINDS = ['sync', 'exchange', 'broadband', 'line', 'fibre'] as const;
export type TestKind = (typeof TEST_KINDS)[number];

/** The outcome of a broadband, line or fibre test, in neither carrier's words. */
export type TestFinding = {
  outcome: 'pass' | 'fail' | 'inconclusive';
  faultLocation: string | null;
  faultDescription: string | null;
  diagnosisCode: string;
};

const PASS: TestFinding = { outcome: 'pass', faultLocation: null, faultDescription: null, diagnosisCode: 'TST000' };

/** What a broadband, line or fibre test finds on a line in this condition (suspended lines are never tested). */
export function findingOf(
  kind: 'broadband' | 'line' | 'fibre',
  condition: LineCondition,
  intrusive: boolean,
): TestFinding {
  switch (condition) {
    case 'healthy':
    case 'suspended':
      return PASS;
    case 'noisy':
      if (kind === 'fibre' && !intrusive) {
        return {
          outcome: 'inconclusive',
          faultLocation: null,
          faultDescription: 'The fibre section is clear; run the intrusive test to check the copper',
          diagnosisCode: 'TST210',
        };
      }
      return {
        outcome: 'fail',
        faultLocation: 'Network',
        faultDescription: kind === 'line' ? 'Noise on the voice line' : 'Noise on the copper pair: low SNR margin',
        diagnosisCode: 'TST310',
      };
    case 'dropping':
      return kind === 'line'
        ? PASS
        : {
            outcome: 'fail',
            faultLocation: 'Customer premises',
            faultDescription: 'The line loses sync repeatedly: check the router and microfilters',
            diagnosisCode: 'TST420',
          };
    case 'disconnected':
      return {
        outcome: 'fail',
        faultLocation: kind === 'line' ? 'Network' : 'Customer premises',
        faultDescription:
          kind === 'line' ? 'No dial tone on the line' : 'No sync: no equipment is connected to the line',
        diagnosisCode: 'TST500',
      };
  }
}

/** What a finished test found, in neither carrier's words. */
export type NeutralResult =
  | { kind: 'sync'; sync: SyncReading }
  | { kind: 'exchange'; exchange: ReturnType<typeof exchangeOf> }
  | { kind: 'broadband' | 'line' | 'fibre'; finding: TestFinding };

export function resultOf(
  kind: TestKind,
  intrusive: boolean,
  line: { number: string; condition: LineCondition; technology: AccessTechnology },
): NeutralResult {
  switch (kind) {
    case 'sync':
      return { kind, sync: syncReading(line.number, line.condition, line.technology) };
    case 'exchange':
      return { kind, exchange: exchangeOf(line.number) };
    default:
      return { kind, finding: findingOf(kind, line.condition, intrusive) };
  }
}
