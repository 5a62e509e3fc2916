import { addDays, parseDay, timeOnDay } from './calendar.js';
import type { DataSet } from './data-set.js';
import { type CompanyFacts, contractEnd, type EndpointFacts } from './estate.js';
import { landlineNumber, simNumber } from './numbering.js';
import type { SeededRandom } from './random.js';

type Status = 'Placed' | 'In Progress' | 'Awaiting Action' | 'Succeeded' | 'Failed';
type Stage = 'Validation' | 'Provisioning' | 'Engineer Appointment' | 'Completion';

/** Where an order in flight can be; together they cover every status and every stage. */
export const inFlightStates: ReadonlyArray<readonly [Status, Stage]> = [
  ['Placed', 'Validation'],
  ['Awaiting Action', 'Validation'],
  ['In Progress', 'Validation'],
  ['Failed', 'Validation'],
  ['In Progress', 'Provisioning'],
  ['Awaiting Action', 'Provisioning'],
  ['Failed', 'Provisioning'],
  ['In Progress', 'Engineer Appointment'],
  ['Awaiting Action', 'Engineer Appointment'],
  ['In Progress', 'Completion'],
  ['Succeeded', 'Completion'],
];

const stages: readonly Stage[] = ['Validation', 'Provisioning', 'Engineer Appointment', 'Completion'];

/** The event note of moving on to a stage (spec 2.15 events card). */
function stageNote(stage: Stage, appointment: { date: string; slot: string } | null): string {
  switch (stage) {
    case 'Validation':
      return stateNotes['In Progress'];
    case 'Provisioning':
      return 'Validation passed: the carrier is provisioning the service.';
    case 'Engineer Appointment':
      return appointment
        ? `Engineer appointment booked for ${ukDate(appointment.date)} (${appointment.slot}).`
        : 'An engineer visit is needed: the carrier is arranging an appointment.';
    case 'Completion':
      return 'Provisioning finished: waiting for the carrier to confirm completion.';
  }
}

/** 'YYYY-MM-DD' as the portal shows dates (dd/MM/yyyy). */
function ukDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

const mobileChangeTypes = ['Bolt-on Add', 'Tariff Change', 'SIM Swap', 'Port In'] as const;
const broadbandChangeTypes = ['Upgrade', 'Static IP Add', 'Regrade'] as const;

const stateNotes: Record<Status, string> = {
  Placed: 'Order received.',
  'In Progress': 'Order accepted by the carrier and in progress.',
  'Awaiting Action': 'Waiting for information from the customer.',
  Succeeded: 'Order completed.',
  Failed: 'The carrier rejected the order. Our team will contact you.',
};

export class OrderBuilder {
  private landlineIndex = 500_000;
  private simIndex = 0;

  constructor(
    private readonly data: DataSet,
    private readonly random: SeededRandom,
    private readonly anchorDay: string,
    private readonly broadbandDomain: (companyId: number) => string,
  ) {}

  /**
   * The orders that brought each endpoint into service, several lines to an order, completed long ago;
   * each endpoint's contract points at its order item.
   */
  addProvisioningOrders(company: CompanyFacts, orderedBy: number | null): void {
    for (const type of [1, 3] as const) {
      const endpoints = company.endpoints.filter((e) => e.typeId === type);
      for (let i = 0; i < endpoints.length; ) {
        const group = endpoints.slice(i, i + this.random.int(1, 5));
        i += group.length;
        // One order brings its lines live together.
        const startDate = group[0]!.startDate;
        for (const endpoint of group) endpoint.startDate = startDate;
        const leadDays = type === 1 ? this.random.int(3, 10) : this.random.int(10, 25);
        const orderId = this.addOrder(company.id, type, addDays(startDate, -leadDays), orderedBy);
        for (const endpoint of group) {
          const itemId = this.addItem(orderId, company.id, endpoint, type === 1 ? 'New Connection' : 'New Provide', {
            status: 'Succeeded',
            stage: 'Completion',
            placedDay: addDays(startDate, -leadDays),
            completedDay: startDate,
          });
          this.addContract(endpoint, itemId);
        }
      }
    }
  }

  /** Recent change orders; the given states are spread over the last days so pending checks have ages to test. */
  addChangeOrders(
    company: CompanyFacts,
    states: ReadonlyArray<readonly [Status, Stage]>,
    orderedBy: number | null,
  ): void {
    for (const type of [1, 3] as const) {
      const endpoints = company.endpoints.filter((e) => e.typeId === type);
      if (endpoints.length === 0) continue;
      states.forEach(([status, stage], index) => {
        if (type === 1 && stage === 'Engineer Appointment') return;
        const placedDay = addDays(this.anchorDay, -index);
        const orderId = this.addOrder(company.id, type, placedDay, orderedBy);
        const newLine = type === 3 && index % 4 === 3;
        // Never the company's first line of a kind: the single-line demo accounts (acme.mobile, acme.broadband) get
        // it, and a change in flight would hide the very actions those accounts exist to show.
        const slot = endpoints.length > 1 ? 1 + ((index * 7) % (endpoints.length - 1)) : 0;
        const endpoint = newLine ? null : endpoints[slot]!;
        this.addItem(
          orderId,
          company.id,
          endpoint,
          newLine
            ? 'New Provide'
            : type === 1
              ? this.random.pick(mobileChangeTypes)
              : this.random.pick(broadbandChangeTypes),
          { status, stage, placedDay, completedDay: status === 'Succeeded' ? this.anchorDay : null },
        );
      });
    }
  }

  private addOrder(companyId: number, type: 1 | 3, placedDay: string, orderedBy: number | null): number {
    const id = this.data.orders.rows.length + 1;
    return this.data.orders.add({
      company_id: companyId,
      order_type: type === 1 ? 'mobile' : 'broadband',
      reference: `${type === 1 ? 'MOB' : 'BB'}-${String(100_000 + id)}`,
      created_date: timeOnDay(placedDay, this.random.next()),
      created_by_user_id: orderedBy,
    });
  }

  private addItem(
    orderId: number,
    companyId: number,
    endpoint: EndpointFacts | null,
    orderItemType: string,
    state: { status: Status; stage: Stage; placedDay: string; completedDay: string | null },
  ): number {
    const mobile = endpoint?.typeId === 1;
    const line = endpoint?.line ?? { carrierId: 494 as const, productLineId: 9 as const };
    const cli = endpoint?.identifier ?? landlineNumber(this.landlineIndex++);
    const dueDay = state.completedDay ?? addDays(state.placedDay, mobile ? 5 : 14);
    const needsEngineer = !mobile && line.productLineId !== 8 && orderItemType === 'New Provide';
    const appointmentBooked = needsEngineer && (state.stage !== 'Validation' || state.status === 'Succeeded');
    // Drawn before the row, where the slot used to be drawn, so the random sequence and the data stay the same.
    const appointment = appointmentBooked
      ? { date: addDays(dueDay, -1), slot: this.random.pick(['AM', 'PM'] as const) }
      : null;
    const itemId = this.data.orderItems.rows.length + 1;
    const statusChanged = state.completedDay ?? addDays(state.placedDay, state.status === 'Placed' ? 0 : 1);
    this.data.orderItems.add({
      order_id: orderId,
      company_id: companyId,
      endpoint_id: endpoint?.id ?? null,
      cli,
      product: endpoint?.product ?? 'Business Full Fibre 500',
      order_item_type: orderItemType,
      status: state.status,
      stage: state.stage,
      reference: `${mobile ? 'NWM' : 'OR'}${String(10_000_000 + itemId * 37)}`,
      notification_connection_date: mobile ? null : dueDay,
      required_by: dueDay,
      appointment_reference: appointmentBooked ? `APT${String(400_000 + itemId)}` : null,
      appointment_date: appointment?.date ?? null,
      appointment_slot: appointment?.slot ?? null,
      ip_address:
        !mobile && endpoint?.extras.some((e) => e.name === 'Static IP address') ? staticIp(endpoint.id) : null,
      username: mobile ? null : `${cli}@${this.broadbandDomain(companyId)}`,
      password: mobile ? null : this.random.faker.string.alphanumeric({ length: 10 }),
      sim_number:
        mobile || orderItemType === 'SIM Swap' ? simNumber(this.simIndex++, endpoint?.supplierId ?? 33) : null,
      confirmed_date: state.completedDay,
      notes: state.status === 'Awaiting Action' ? 'Please confirm the site contact for access.' : null,
      status_changed_at: timeOnDay(statusChanged, 0.5),
    });
    this.addEvents(itemId, state, appointment);
    if (endpoint) this.addItemProducts(itemId, endpoint);
    return itemId;
  }

  /**
   * The item's history as the events list shows it: placed, accepted, one entry per stage it has moved on to
   * (the engineer stage only for lines that needed or are waiting for a visit) and, if it has one, its final or
   * waiting status. One step a day from the day after placing, never past completion or the anchor day.
   */
  private addEvents(
    itemId: number,
    state: { status: Status; stage: Stage; placedDay: string; completedDay: string | null },
    appointment: { date: string; slot: string } | null,
  ) {
    const trail: Array<[Status, string, string]> = [['Placed', state.placedDay, stateNotes.Placed]];
    if (state.status !== 'Placed') {
      const lastDay = state.completedDay ?? this.anchorDay;
      const dayOfStep = (step: number) => {
        const day = addDays(state.placedDay, step);
        return parseDay(day) < parseDay(lastDay) ? day : lastDay;
      };
      trail.push(['In Progress', dayOfStep(1), stageNote('Validation', appointment)]);
      const passed = stages
        .slice(1, stages.indexOf(state.stage) + 1)
        .filter((stage) => stage !== 'Engineer Appointment' || appointment || state.stage === stage);
      passed.forEach((stage, index) => {
        trail.push(['In Progress', dayOfStep(index + 2), stageNote(stage, appointment)]);
      });
      if (state.status !== 'In Progress') {
        const day = state.completedDay ?? trail[trail.length - 1]![1];
        trail.push([state.status, day, stateNotes[state.status]]);
      }
    }
    trail.forEach(([status, day, notes], index) => {
      this.data.orderEvents.add({
        order_item_id: itemId,
        created_date: timeOnDay(day, (index + 1) / (trail.length + 1)),
        user_name: index === 0 ? 'Portal' : 'System',
        notes,
        status,
      });
    });
  }

  private addItemProducts(itemId: number, endpoint: EndpointFacts): void {
    for (const description of endpoint.inclusive) {
      this.data.orderItemProducts.add({ order_item_id: itemId, kind: 'Inclusive', description, quantity: 1 });
    }
    for (const extra of endpoint.extras) {
      this.data.orderItemProducts.add({
        order_item_id: itemId,
        kind: 'Additional',
        description: extra.name,
        quantity: 1,
      });
    }
  }

  private addContract(endpoint: EndpointFacts, orderItemId: number): void {
    const item = this.data.orderItems.rows[orderItemId - 1]!;
    const started = parseDay(endpoint.startDate) <= parseDay(this.anchorDay);
    const contractId = this.data.contracts.add({
      endpoint_id: endpoint.id,
      order_item_id: orderItemId,
      contract_short_status: started ? 'Active' : 'Pending',
      customer_start_date: endpoint.startDate,
      customer_end_date: contractEnd(endpoint),
      customer_duration: endpoint.durationMonths,
      product: endpoint.product,
      username: item.username,
      password: item.password,
      ip_address: item.ip_address ?? (endpoint.typeId === 3 ? staticIp(endpoint.id) : null),
    });
    for (const description of endpoint.inclusive) {
      this.data.contractProducts.add({
        contract_id: contractId,
        type: 'Inclusive',
        description,
        value: 1,
        monthly_charge: 0,
      });
    }
    for (const extra of endpoint.extras) {
      this.data.contractProducts.add({
        contract_id: contractId,
        type: 'Additional',
        description: extra.name,
        value: 1,
        monthly_charge: extra.monthly,
      });
    }
  }
}

/** Addresses from the shared address space 100.64.0.0/10, which never routes on the internet. */
function staticIp(index: number): string {
  const n = index % 4_194_304;
  return `100.${64 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}
