import {
  FirstCarrierAddonSchema,
  type FirstCarrierBar,
  type FirstCarrierMobileDetails,
  isSpendLimitBarApplied,
  type SimRule,
  SpendLimitSchema,
  type SpendLimitStatus,
} from '@portal/contract';
import { z } from 'zod';
import { CarrierHttp, type Refusal } from '../carrier-http.js';
import {
  type CarrierChange,
  type CarrierLine,
  type CarrierProgress,
  CarrierRefusedError,
  type FirstCarrierAdapter,
} from '../mobile-carrier.js';
import type { ResilienceTimings } from '../resilience.js';

// Halo Mobile's replies (docs/decisions/0080): only the fields the portal reads are checked.

const SubscriptionSchema = z.object({
  serial_number: z.object({ number: z.string().regex(/^[0-9]+$/) }),
  addons: z.array(FirstCarrierAddonSchema),
  monitoring_settings: z.object({ spend_limit: SpendLimitSchema.optional() }),
  spend_limit_lifted: z.boolean(),
});
type Subscription = z.infer<typeof SubscriptionSchema>;

const AddonPageSchema = z.object({ items: z.array(FirstCarrierAddonSchema) });
const SimValidationSchema = z.object({ regular_expression: z.string().min(1), error_message: z.string().min(1) });
const AcceptedSchema = z.object({ request_id: z.string().min(1), status: z.string() });
const RequestSchema = z.object({
  request_id: z.string(),
  status: z.enum(['pending', 'completed', 'rejected']),
  reason: z.string().optional(),
});
const ErrorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

function haloRefusal(body: unknown): Refusal | undefined {
  const parsed = ErrorSchema.safeParse(body);
  return parsed.success ? parsed.data.error : undefined;
}

/** Halo names lines by MSISDN: the national 07… number in international form, 447…. */
function msisdnOf(line: CarrierLine): string {
  return encodeURIComponent(line.cli.startsWith('0') ? `44${line.cli.slice(1)}` : line.cli);
}

export type HaloSettings = { baseUrl: string; apiKey: string; timings: ResilienceTimings };

export class HaloAdapter implements FirstCarrierAdapter {
  readonly http: CarrierHttp;

  constructor(settings: HaloSettings) {
    this.http = new CarrierHttp({
      name: 'Halo Mobile',
      baseUrl: settings.baseUrl,
      headers: { 'x-api-key': settings.apiKey },
      timings: settings.timings,
      refusalOf: haloRefusal,
    });
  }

  #subscription(line: CarrierLine): Promise<Subscription> {
    return this.http.get(`/subscriptions/${msisdnOf(line)}`, SubscriptionSchema);
  }

  async details(line: CarrierLine): Promise<FirstCarrierMobileDetails> {
    const subscription = await this.#subscription(line);
    return {
      serial_number: subscription.serial_number,
      addons: subscription.addons,
      monitoring_settings: subscription.monitoring_settings,
      lifted: subscription.spend_limit_lifted,
      barApplied: isSpendLimitBarApplied(subscription.addons.map((addon) => addon.id)),
    };
  }

  async spendLimitStatus(line: CarrierLine): Promise<SpendLimitStatus> {
    const subscription = await this.#subscription(line);
    return {
      lifted: subscription.spend_limit_lifted,
      barApplied: isSpendLimitBarApplied(subscription.addons.map((addon) => addon.id)),
      spendLimit: subscription.monitoring_settings.spend_limit ?? null,
    };
  }

  async simRule(): Promise<SimRule> {
    const rule = await this.http.get('/sim-validation', SimValidationSchema);
    return { regularExpression: rule.regular_expression, errorMessage: rule.error_message };
  }

  async tariffAddons(line: CarrierLine, type: number, pageSize: number): Promise<FirstCarrierBar[]> {
    const query = new URLSearchParams({ type: String(type), page_size: String(pageSize) });
    const [page, subscription] = await Promise.all([
      this.http.get(`/tariff-addons?${query}`, AddonPageSchema),
      this.#subscription(line),
    ]);
    const active = new Set(subscription.addons.map((addon) => addon.id));
    return page.items.map((addon) => ({ id: addon.id, name: addon.name, active: active.has(addon.id) }));
  }

  async send(line: CarrierLine, change: CarrierChange, idempotencyKey: string): Promise<{ reference: string }> {
    const path = `/subscriptions/${msisdnOf(line)}`;
    const headers = { 'idempotency-key': idempotencyKey };
    const accepted = await (() => {
      switch (change.kind) {
        case 'call_barring':
          return this.http.post(
            `${path}/bars`,
            { add: change.add.map(addonId), remove: change.remove.map(addonId) },
            AcceptedSchema,
            headers,
          );
        case 'sim_swap':
          return this.http.post(`${path}/sim-swap`, { serial_number: change.simNumber }, AcceptedSchema, headers);
        case 'spend_limit_unbar':
          return this.http.post(`${path}/spend-limit/unbar`, {}, AcceptedSchema, headers);
      }
    })();
    return { reference: accepted.request_id };
  }

  async progress(reference: string): Promise<CarrierProgress> {
    const request = await this.http.get(`/requests/${encodeURIComponent(reference)}`, RequestSchema);
    switch (request.status) {
      case 'pending':
        return { state: 'pending' };
      case 'completed':
        return { state: 'succeeded' };
      case 'rejected':
        return { state: 'failed', reason: request.reason ?? 'Halo rejected the change' };
    }
  }
}

/** Halo's add-ons are numbered; a bar named otherwise is none of Halo's, so it is refused before any call. */
function addonId(bar: number | string): number {
  const id = typeof bar === 'number' ? bar : /^[0-9]+$/.test(bar) ? Number(bar) : Number.NaN;
  if (!Number.isSafeInteger(id)) throw new CarrierRefusedError(`Halo has no add-on ${bar}`, 'unknown_addon');
  return id;
}
