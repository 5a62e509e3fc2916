import type { SecondCarrierBar, SecondCarrierMobileDetails, SimRule } from '@portal/contract';
import { z } from 'zod';
import { CarrierHttp, type Refusal } from '../carrier-http.js';
import {
  type CarrierChange,
  type CarrierLine,
  type CarrierProgress,
  CarrierRefusedError,
  type SecondCarrierAdapter,
} from '../mobile-carrier.js';
import type { ResilienceTimings } from '../resilience.js';

// Vertex Wireless's replies (docs/decisions/0080): only the fields the portal reads are checked.

const LineSchema = z.object({
  simNo: z.string().regex(/^[0-9]+$/),
  bars: z.array(z.object({ networkSuffix: z.string().min(1) })),
});
const BarsSchema = z.array(z.object({ networkSuffix: z.string().min(1), description: z.string().min(1) }));
const SimValidationSchema = z.object({ pattern: z.string().min(1), message: z.string().min(1) });
const AcceptedSchema = z.object({ orderRef: z.string().min(1), state: z.string() });
const OrderSchema = z.object({
  orderRef: z.string(),
  state: z.enum(['OPEN', 'DONE', 'FAILED']),
  failureText: z.string().optional(),
});
const FaultSchema = z.object({ faultCode: z.string(), faultText: z.string() });

function vertexRefusal(body: unknown): Refusal | undefined {
  const parsed = FaultSchema.safeParse(body);
  return parsed.success ? { code: parsed.data.faultCode, message: parsed.data.faultText } : undefined;
}

/** Vertex names a line by its network (the portal's supplier id, 27 or 36) and national number. */
function linePath(line: CarrierLine): string {
  return `/networks/${line.supplierId}/lines/${encodeURIComponent(line.cli)}`;
}

export type VertexSettings = { baseUrl: string; token: string; timings: ResilienceTimings };

export class VertexAdapter implements SecondCarrierAdapter {
  readonly http: CarrierHttp;

  constructor(settings: VertexSettings) {
    this.http = new CarrierHttp({
      name: 'Vertex Wireless',
      baseUrl: settings.baseUrl,
      headers: { authorization: `Bearer ${settings.token}` },
      timings: settings.timings,
      refusalOf: vertexRefusal,
    });
  }

  async details(line: CarrierLine): Promise<SecondCarrierMobileDetails> {
    const found = await this.http.get(linePath(line), LineSchema);
    return { simNo: found.simNo, bars: found.bars.map((bar) => ({ networkSuffix: bar.networkSuffix })) };
  }

  async bars(line: CarrierLine): Promise<SecondCarrierBar[]> {
    const [offered, found] = await Promise.all([
      this.http.get(`/networks/${line.supplierId}/bars`, BarsSchema),
      this.http.get(linePath(line), LineSchema),
    ]);
    const active = new Set(found.bars.map((bar) => bar.networkSuffix));
    return offered.map((bar) => ({ ...bar, active: active.has(bar.networkSuffix) }));
  }

  async simRule(supplierId: number): Promise<SimRule> {
    const rule = await this.http.get(`/networks/${supplierId}/simValidation`, SimValidationSchema);
    return { regularExpression: rule.pattern, errorMessage: rule.message };
  }

  async send(line: CarrierLine, change: CarrierChange, idempotencyKey: string): Promise<{ reference: string }> {
    const accepted = await (() => {
      switch (change.kind) {
        case 'call_barring':
          return this.http.post(
            `${linePath(line)}/barChanges`,
            {
              clientReference: idempotencyKey,
              barsToAdd: change.add.map(String),
              barsToRemove: change.remove.map(String),
            },
            AcceptedSchema,
          );
        case 'sim_swap':
          return this.http.post(
            `${linePath(line)}/simSwaps`,
            { clientReference: idempotencyKey, newSimNo: change.simNumber },
            AcceptedSchema,
          );
        case 'spend_limit_unbar':
          // Spend limits are Halo's alone; the portal's routes never ask Vertex for this.
          throw new CarrierRefusedError('Vertex Wireless lines have no spend limit', 'unsupported_change');
      }
    })();
    return { reference: accepted.orderRef };
  }

  async progress(reference: string): Promise<CarrierProgress> {
    const order = await this.http.get(`/orders/${encodeURIComponent(reference)}`, OrderSchema);
    switch (order.state) {
      case 'OPEN':
        return { state: 'pending' };
      case 'DONE':
        return { state: 'succeeded' };
      case 'FAILED':
        return { state: 'failed', reason: order.failureText ?? 'Vertex failed the order' };
    }
  }
}
