// Static material the demo data draws from: real UK places, plausible products and prices, the partners' content.

export type Town = { town: string; county: string; postcodeArea: string; areaCode: string };

export const towns: readonly Town[] = [
  { town: 'Manchester', county: 'Greater Manchester', postcodeArea: 'M', areaCode: '0161' },
  { town: 'Leeds', county: 'West Yorkshire', postcodeArea: 'LS', areaCode: '0113' },
  { town: 'Bristol', county: 'Bristol', postcodeArea: 'BS', areaCode: '0117' },
  { town: 'Birmingham', county: 'West Midlands', postcodeArea: 'B', areaCode: '0121' },
  { town: 'Glasgow', county: 'Lanarkshire', postcodeArea: 'G', areaCode: '0141' },
  { town: 'Edinburgh', county: 'Midlothian', postcodeArea: 'EH', areaCode: '0131' },
  { town: 'Cardiff', county: 'South Glamorgan', postcodeArea: 'CF', areaCode: '029' },
  { town: 'Liverpool', county: 'Merseyside', postcodeArea: 'L', areaCode: '0151' },
  { town: 'Newcastle upon Tyne', county: 'Tyne and Wear', postcodeArea: 'NE', areaCode: '0191' },
  { town: 'Nottingham', county: 'Nottinghamshire', postcodeArea: 'NG', areaCode: '0115' },
  { town: 'Sheffield', county: 'South Yorkshire', postcodeArea: 'S', areaCode: '0114' },
  { town: 'Leicester', county: 'Leicestershire', postcodeArea: 'LE', areaCode: '0116' },
  { town: 'Reading', county: 'Berkshire', postcodeArea: 'RG', areaCode: '0118' },
  { town: 'Milton Keynes', county: 'Buckinghamshire', postcodeArea: 'MK', areaCode: '01908' },
  { town: 'Norwich', county: 'Norfolk', postcodeArea: 'NR', areaCode: '01603' },
  { town: 'Southampton', county: 'Hampshire', postcodeArea: 'SO', areaCode: '023' },
  { town: 'Exeter', county: 'Devon', postcodeArea: 'EX', areaCode: '01392' },
  { town: 'Cambridge', county: 'Cambridgeshire', postcodeArea: 'CB', areaCode: '01223' },
  { town: 'Oxford', county: 'Oxfordshire', postcodeArea: 'OX', areaCode: '01865' },
  { town: 'London', county: 'Greater London', postcodeArea: 'SE', areaCode: '020' },
  { town: 'York', county: 'North Yorkshire', postcodeArea: 'YO', areaCode: '01904' },
  { town: 'Swindon', county: 'Wiltshire', postcodeArea: 'SN', areaCode: '01793' },
  { town: 'Preston', county: 'Lancashire', postcodeArea: 'PR', areaCode: '01772' },
  { town: 'Derby', county: 'Derbyshire', postcodeArea: 'DE', areaCode: '01332' },
];

// Common British given names and surnames, so people in the demo read as a UK customer's staff.
export const firstNames = [
  'Oliver',
  'George',
  'Harry',
  'Jack',
  'Jacob',
  'Noah',
  'Charlie',
  'Thomas',
  'James',
  'William',
  'Daniel',
  'Samuel',
  'Joseph',
  'Alfie',
  'Henry',
  'Leo',
  'Oscar',
  'Arthur',
  'Mohammed',
  'Ethan',
  'Lewis',
  'Ryan',
  'Liam',
  'Callum',
  'Amelia',
  'Olivia',
  'Isla',
  'Emily',
  'Ava',
  'Jessica',
  'Sophie',
  'Grace',
  'Lily',
  'Ella',
  'Chloe',
  'Mia',
  'Charlotte',
  'Evie',
  'Hannah',
  'Freya',
  'Lucy',
  'Megan',
  'Rebecca',
  'Sarah',
  'Laura',
  'Priya',
  'Aisha',
  'Niamh',
] as const;

export const lastNames = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Wood',
  'Jackson',
  'Clarke',
  'Patel',
  'Khan',
  'Lewis',
  'James',
  'Phillips',
  'Mason',
  'Mitchell',
  'Rose',
  'Davis',
  'Rodriguez',
  'Cox',
  'Alexander',
  'Morgan',
  'Moore',
  'Hughes',
  'Edwards',
  'Hill',
  'Turner',
  'Cooper',
  'Ward',
  'Morris',
  'King',
  'Baker',
  'Harrison',
  'Lee',
  'Scott',
  'Campbell',
  "O'Brien",
  'Murphy',
  'Kelly',
  'Shah',
  'Begum',
  'Ali',
  'Hussain',
  'Anderson',
  'Stewart',
  'Macdonald',
] as const;

export const streets = [
  'High Street',
  'Station Road',
  'Church Lane',
  'Victoria Road',
  'Mill Lane',
  'King Street',
  'Queen Street',
  'Park Road',
  'Commercial Road',
  'Canal Street',
  'Albert Road',
  'Market Street',
  'Bridge Street',
  'Castle Street',
  'Union Street',
  'Enterprise Way',
  'Riverside Drive',
  'Wellington Road',
  'Portland Street',
  'Granby Row',
] as const;

export const businessParks = [
  'Riverside Business Park',
  'Kingsway Trading Estate',
  'Orbital Park',
  'Meridian Business Centre',
  'Lakeside Court',
  'Gateway Industrial Estate',
  'Parkway House',
  'Waterfront Quay',
  'Abbey Mill',
  'Beacon Point',
] as const;

export const companyTrades = [
  'Logistics',
  'Engineering',
  'Consulting',
  'Builders',
  'Foods',
  'Retail',
  'Haulage',
  'Solicitors',
  'Accountants',
  'Estates',
  'Media',
  'Healthcare',
  'Manufacturing',
  'Interiors',
  'Electrical',
  'Plumbing',
  'Recruitment',
  'Travel',
  'Printing',
  'Security',
  'Catering',
  'Architects',
  'Joinery',
  'Vets',
  'Dental Care',
] as const;

export const companySuffixes = ['Ltd', 'Limited', 'LLP', 'Group Ltd', 'plc'] as const;

export const siteKinds = [
  'Head Office',
  'Depot',
  'Warehouse',
  'Branch',
  'Regional Office',
  'Distribution Centre',
] as const;

export const teamNames = [
  'Sales',
  'Operations',
  'Drivers',
  'Finance',
  'Customer Service',
  'Field Engineers',
  'Management',
  'Marketing',
  'IT Support',
  'Warehouse Staff',
  'Procurement',
  'HR',
] as const;

export const mobileProducts = [
  {
    name: 'Business Unlimited 5G',
    monthly: 24.0,
    inclusive: ['Unlimited UK minutes', 'Unlimited UK texts', 'Unlimited data'],
  },
  { name: 'Business 30GB 5G', monthly: 16.5, inclusive: ['Unlimited UK minutes', 'Unlimited UK texts', '30GB data'] },
  {
    name: 'Business SIM Only 8GB',
    monthly: 11.0,
    inclusive: ['Unlimited UK minutes', 'Unlimited UK texts', '8GB data'],
  },
  { name: 'Business Voice Only', monthly: 7.5, inclusive: ['Unlimited UK minutes', 'Unlimited UK texts'] },
] as const;

export const mobileBoltOns = [
  { name: 'EU Roaming Bolt-on', monthly: 5.0 },
  { name: 'International Minutes 300', monthly: 8.0 },
  { name: 'Data Booster 10GB', monthly: 6.0 },
] as const;

/** Broadband products by product line: 8 standard, 9 fibre (both carrier 494), 35 the alternative carrier (588). */
export const broadbandProducts: Record<8 | 9 | 35, ReadonlyArray<{ name: string; monthly: number; speed: string }>> = {
  8: [{ name: 'Business Broadband 24', monthly: 27.0, speed: '24 Mb/s' }],
  9: [
    { name: 'Business Fibre 80', monthly: 35.0, speed: '80 Mb/s' },
    { name: 'Business Full Fibre 500', monthly: 55.0, speed: '500 Mb/s' },
  ],
  35: [{ name: 'Alt Full Fibre 900', monthly: 62.0, speed: '900 Mb/s' }],
} as const;

export const broadbandExtras = [
  { name: 'Static IP address', monthly: 5.0 },
  { name: 'Business Wi-Fi router', monthly: 3.5 },
  { name: '4G backup', monthly: 10.0 },
] as const;

export const voiceDestinations = [
  ['UK Mobile', 0.0, 45],
  ['UK Landline', 0.0, 35],
  ['Non-Geographic 03', 0.0, 8],
  ['Non-Geographic 08', 0.12, 6],
  ['International', 0.45, 4],
  ['Premium Rate', 1.5, 2],
] as const;

export type PartnerSeed = {
  name: string;
  themeCode: string;
  logoFileName: string;
  primaryColour: string;
  secondaryColour: string;
  address: {
    line1: string;
    line2: string | null;
    line3: string | null;
    town: string;
    county: string;
    postCode: string;
  };
  privacyPolicyUrl: string;
  showContractEndDate: boolean;
  contacts: Array<[type: string, value: string]>;
  emailDomain: string;
  accountPrefix: string;
};

export const partners: readonly PartnerSeed[] = [
  {
    name: 'Northwind Communications',
    themeCode: 'northwind',
    logoFileName: 'logo.svg',
    primaryColour: '#0b4f8a',
    secondaryColour: '#f59e0b',
    address: {
      line1: 'Northwind House',
      line2: '12 Granby Row',
      line3: null,
      town: 'Manchester',
      county: 'Greater Manchester',
      postCode: 'M1 7AR',
    },
    privacyPolicyUrl: 'https://www.northwind-comms.co.uk/privacy',
    showContractEndDate: true,
    contacts: [
      ['Customer Services', '0161 496 0000'],
      ['Technical Support', '0161 496 0123'],
      ['Email', 'support@northwind-comms.co.uk'],
      ['Opening Hours', 'Monday to Friday, 8am to 6pm'],
    ],
    emailDomain: 'northwind-comms.co.uk',
    accountPrefix: 'NW',
  },
  {
    name: 'Brightwave Telecom',
    themeCode: 'brightwave',
    logoFileName: 'logo.svg',
    primaryColour: '#0f766e',
    secondaryColour: '#e11d48',
    address: {
      line1: 'Unit 4, Beacon Point',
      line2: 'Harbour Way',
      line3: null,
      town: 'Bristol',
      county: 'Bristol',
      postCode: 'BS1 5TY',
    },
    privacyPolicyUrl: 'https://www.brightwave-telecom.co.uk/privacy-notice',
    showContractEndDate: false,
    contacts: [
      ['Sales', '0117 496 0500'],
      ['Support', '0117 496 0555'],
      ['Email', 'help@brightwave-telecom.co.uk'],
    ],
    emailDomain: 'brightwave-telecom.co.uk',
    accountPrefix: 'BW',
  },
];

export const faqs: ReadonlyArray<[title: string, text: string]> = [
  [
    'When will my bill be available?',
    'Bills are produced on the 5th of each month for the previous calendar month and appear under My Bills as soon as they are ready. You can download the PDF and the call-detail file from there.',
  ],
  [
    'Why is my latest usage not on my bill yet?',
    'Calls, texts and data used since your last bill are shown as billable (uninvoiced) usage. They are added to your next bill.',
  ],
  [
    'How do I bar international or premium-rate calls on a mobile?',
    'Open the device from the Mobile estate and choose CALL BARRING. Tick the bars you need and save; most changes complete within a few minutes.',
  ],
  [
    'A SIM card has been lost or stolen. What should I do?',
    'Apply a bar on all calls straight away from the device page, then order a replacement SIM and use SIM SWAP to move the number onto it.',
  ],
  [
    'My broadband is slow or keeps dropping. How do I report it?',
    'Open the broadband contract and choose DIAGNOSTICS. Run the tests; if a fault is found you can report it from the Report Fault tab with the results attached.',
  ],
  [
    'How do I give a colleague access to the portal?',
    'Administrators can add users under Admin, Manage Users. Choose a profile and the sites, teams or devices the person may see.',
  ],
  [
    'I have forgotten my password.',
    'Choose FORGOT YOUR PASSWORD? on the login page and enter your username and email address. A temporary password is emailed to you and must be changed when you next log in.',
  ],
  [
    'What does the spend limit do?',
    'A spend limit stops chargeable usage above the agreed amount each month. An administrator can lift the limit from the device page; charges above the limit are then billed.',
  ],
];

export const PASSWORD_FOR_DEMO_ACCOUNTS = 'Demo-Portal-2026!';
