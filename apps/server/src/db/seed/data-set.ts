import { TableRows } from './table-rows.js';

type Id = { id: number };
type Nullable<T> = T | null;

/** Every table the demo data fills, in an order that satisfies the foreign keys when loaded top to bottom. */
export class DataSet {
  readonly partners = new TableRows<
    Id & {
      name: string;
      theme_code: string;
      logo_file_name: string;
      primary_colour: string;
      secondary_colour: string;
      line1: string;
      line2: Nullable<string>;
      line3: Nullable<string>;
      town: string;
      county: Nullable<string>;
      post_code: string;
      privacy_policy_url: string;
      show_contract_end_date: boolean;
    }
  >('partners');
  readonly partnerContacts = new TableRows<
    Id & { partner_id: number; type: string; value: string; sort_order: number }
  >('partner_contacts');
  readonly companies = new TableRows<Id & { partner_id: number; name: string; account_number: string }>('companies');
  readonly addresses = new TableRows<
    Id & {
      company_id: number;
      line1: string;
      line2: Nullable<string>;
      line3: Nullable<string>;
      town: string;
      county: string;
      post_code: string;
    }
  >('addresses');
  readonly sites = new TableRows<Id & { company_id: number; name: string; address_id: number }>('sites');
  readonly teams = new TableRows<Id & { company_id: number; name: string }>('teams');
  readonly endpoints = new TableRows<
    Id & {
      company_id: number;
      site_id: Nullable<number>;
      endpoint_type_id: number;
      name: string;
      identifier: string;
      supplier_id: Nullable<number>;
      carrier_id: Nullable<number>;
      product_line_id: Nullable<number>;
      product: string;
    }
  >('endpoints');
  readonly teamOperations = new TableRows<{ team_id: number; endpoint_id: number; company_id: number }>(
    'team_endpoints',
  );
  readonly users = new TableRows<
    Id & { partner_id: number; user_name: string; email_address: string; profile_id: number; roles: string }
  >('users');
  readonly userCredentials = new TableRows<{
    user_id: number;
    password_hash: string;
    changed_at: Date;
    expires_at: Nullable<Date>;
    reset_required: boolean;
  }>('user_credentials');
  readonly userFunctionality = new TableRows<{ user_id: number; functionality_id: number }>('user_functionality');
  readonly userCompanies = new TableRows<{ user_id: number; company_id: number; partner_id: number }>('user_companies');
  readonly userSites = new TableRows<{ user_id: number; site_id: number }>('user_sites');
  readonly userTeams = new TableRows<{ user_id: number; team_id: number }>('user_teams');
  readonly userOperations = new TableRows<{ user_id: number; endpoint_id: number; company_id: number }>(
    'user_endpoints',
  );
  readonly orders = new TableRows<
    Id & {
      company_id: number;
      order_type: 'mobile' | 'broadband';
      reference: string;
      created_date: Date;
      created_by_user_id: Nullable<number>;
    }
  >('orders');
  readonly orderItems = new TableRows<
    Id & {
      order_id: number;
      company_id: number;
      endpoint_id: Nullable<number>;
      cli: string;
      product: string;
      order_item_type: string;
      status: string;
      stage: string;
      reference: Nullable<string>;
      notification_connection_date: Nullable<string>;
      required_by: Nullable<string>;
      appointment_reference: Nullable<string>;
      appointment_date: Nullable<string>;
      appointment_slot: Nullable<string>;
      ip_address: Nullable<string>;
      username: Nullable<string>;
      password: Nullable<string>;
      sim_number: Nullable<string>;
      confirmed_date: Nullable<string>;
      notes: Nullable<string>;
      status_changed_at: Date;
    }
  >('order_items');
  readonly orderItemProducts = new TableRows<
    Id & { order_item_id: number; kind: 'Additional' | 'Inclusive'; description: string; quantity: number }
  >('order_item_products');
  readonly orderEvents = new TableRows<
    Id & { order_item_id: number; created_date: Date; user_name: string; notes: string; status: string }
  >('order_events');
  readonly contracts = new TableRows<
    Id & {
      endpoint_id: number;
      order_item_id: number;
      contract_short_status: string;
      customer_start_date: Nullable<string>;
      customer_end_date: Nullable<string>;
      customer_duration: number;
      product: string;
      username: Nullable<string>;
      password: Nullable<string>;
      ip_address: Nullable<string>;
    }
  >('contracts');
  readonly contractProducts = new TableRows<
    Id & {
      contract_id: number;
      type: 'Additional' | 'Inclusive';
      description: string;
      value: number;
      monthly_charge: number;
    }
  >('contract_products');
  readonly invoices = new TableRows<
    Id & {
      company_id: number;
      invoice_number: string;
      bill_date: string;
      period_start: string;
      period_end: string;
      fixed_charges: number;
      web_data_physical_location: string;
      pdf_file_name: string;
      cdr_file_name: string;
    }
  >('invoices');
  readonly messages = new TableRows<
    Id & { partner_id: number; text: string; start_date: Nullable<Date>; end_date: Nullable<Date> }
  >('messages');
  readonly faqs = new TableRows<Id & { partner_id: number; title: string; text: string; sort_order: number }>('faqs');

  /** The tables in load order. */
  tables(): Array<TableRows<Record<string, import('../connection.js').CopyValue>>> {
    return [
      this.partners,
      this.partnerContacts,
      this.companies,
      this.addresses,
      this.sites,
      this.teams,
      this.endpoints,
      this.teamOperations,
      this.users,
      this.userCredentials,
      this.userFunctionality,
      this.userCompanies,
      this.userSites,
      this.userTeams,
      this.userOperations,
      this.orders,
      this.orderItems,
      this.orderItemProducts,
      this.orderEvents,
      this.contracts,
      this.contractProducts,
      this.invoices,
      this.messages,
      this.faqs,
    ] as unknown as Array<TableRows<Record<string, import('../connection.js').CopyValue>>>;
  }
}
