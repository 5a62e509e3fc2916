import { faqs, type PartnerSeed } from './catalogue.js';
import type { DataSet } from './data-set.js';

const DAY = 86_400_000;

export function addPartners(data: DataSet, partners: readonly PartnerSeed[]): void {
  for (const partner of partners) {
    const partnerId = data.partners.add({
      name: partner.name,
      theme_code: partner.themeCode,
      logo_file_name: partner.logoFileName,
      primary_colour: partner.primaryColour,
      secondary_colour: partner.secondaryColour,
      line1: partner.address.line1,
      line2: partner.address.line2,
      line3: partner.address.line3,
      town: partner.address.town,
      county: partner.address.county,
      post_code: partner.address.postCode,
      privacy_policy_url: partner.privacyPolicyUrl,
      show_contract_end_date: partner.showContractEndDate,
    });
    partner.contacts.forEach(([type, value], index) => {
      data.partnerContacts.add({ partner_id: partnerId, type, value, sort_order: index });
    });
    faqs.forEach(([title, text], index) => {
      data.faqs.add({ partner_id: partnerId, title, text, sort_order: index });
    });
  }
}

/** Per partner: a current message, an open-ended one, an expired one and one not yet started. */
export function addMessages(data: DataSet, partnerCount: number, now: Date): void {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  for (let partnerId = 1; partnerId <= partnerCount; partnerId++) {
    data.messages.add({
      partner_id: partnerId,
      text: 'Planned maintenance: bill downloads may be unavailable this Sunday between 01:00 and 05:00.',
      start_date: at(-2),
      end_date: at(5),
    });
    data.messages.add({
      partner_id: partnerId,
      text: 'You can now report broadband faults online from the contract page.',
      start_date: null,
      end_date: null,
    });
    data.messages.add({
      partner_id: partnerId,
      text: 'Our offices were closed on Monday for the bank holiday.',
      start_date: at(-60),
      end_date: at(-45),
    });
    data.messages.add({
      partner_id: partnerId,
      text: 'New 5G business tariffs are coming next month.',
      start_date: at(10),
      end_date: at(40),
    });
  }
}
