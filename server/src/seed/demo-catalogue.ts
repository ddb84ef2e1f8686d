/**
 * The demo programme: which features play where, and at what prices.
 * Prices are agorot. Everything here is data; demo-seed.ts writes it.
 */
export interface DemoFeature {
  key: string;
  name: string;
  nameEn: string;
  categoryId: number;
  category: string;
  categoryEn: string;
  description: string;
  descriptionEn: string;
  durationMinutes: number;
  posterColors: string;
}

export const DEMO_FEATURES: DemoFeature[] = [
  {
    key: 'desert-light',
    name: 'אור במדבר',
    nameEn: 'Desert Light',
    categoryId: 1,
    category: 'סרט',
    categoryEn: 'Movie',
    description: 'דרמה על משפחה בנגב.',
    descriptionEn: 'A family drama set in the Negev.',
    durationMinutes: 118,
    posterColors: '#264653,#e9c46a',
  },
  {
    key: 'tel-aviv-nights',
    name: 'לילות תל אביב',
    nameEn: 'Tel Aviv Nights',
    categoryId: 1,
    category: 'סרט',
    categoryEn: 'Movie',
    description: 'קומדיה רומנטית.',
    descriptionEn: 'A romantic comedy.',
    durationMinutes: 104,
    posterColors: '#3a0ca3,#f72585',
  },
  {
    key: 'galaxy-kids',
    name: 'הגלקסיה של הילדים',
    nameEn: 'Galaxy Kids',
    categoryId: 1,
    category: 'סרט',
    categoryEn: 'Movie',
    description: 'הרפתקת אנימציה לכל המשפחה.',
    descriptionEn: 'An animated adventure for the whole family.',
    durationMinutes: 92,
    posterColors: '#0077b6,#90e0ef',
  },
  {
    key: 'dybbuk',
    name: 'הדיבוק',
    nameEn: 'The Dybbuk',
    categoryId: 2,
    category: 'תיאטרון',
    categoryEn: 'Theatre',
    description: 'הפקה חדשה לקלאסיקה.',
    descriptionEn: 'A new staging of the classic.',
    durationMinutes: 140,
    posterColors: '#370617,#dc2f02',
  },
  {
    key: 'summer-concert',
    name: 'הופעת הקיץ',
    nameEn: 'The Summer Concert',
    categoryId: 3,
    category: 'הופעה',
    categoryEn: 'Concert',
    description: 'ערב של שירים ישראליים.',
    descriptionEn: 'An evening of Israeli songs.',
    durationMinutes: 150,
    posterColors: '#ff6d00,#240046',
  },
  {
    key: 'derby',
    name: 'דרבי הבירה',
    nameEn: 'The Capital Derby',
    categoryId: 4,
    category: 'ספורט',
    categoryEn: 'Sport',
    description: 'משחק הכדורגל של העונה.',
    descriptionEn: 'The football match of the season.',
    durationMinutes: 110,
    posterColors: '#2b9348,#eeef20',
  },
];

export interface DemoTicket {
  name: string;
  nameEn: string;
  price: number;
  oldPrice?: number;
  serviceCharge?: number;
  multiplyFactor?: number;
  code?: string;
  balance?: number;
  isVoucher?: boolean;
}

/** Base prices per zone code; each zone gets regular, reduced, and (cinema) couple tickets. */
export function demoTickets(venueKind: 'cinema' | 'theatre' | 'arena' | 'stadium', zoneIndex: number): DemoTicket[] {
  const base = { cinema: 4200, theatre: 18900, arena: 24900, stadium: 12000 }[venueKind] - zoneIndex * 3000;
  const price = Math.max(base, 2500);
  const tickets: DemoTicket[] = [
    { name: 'כרטיס רגיל', nameEn: 'Regular', price, serviceCharge: 300 },
    {
      name: 'סטודנט / חייל',
      nameEn: 'Student / Soldier',
      price: Math.round(price * 0.8),
      oldPrice: price,
      serviceCharge: 300,
    },
    {
      name: 'אזרח ותיק',
      nameEn: 'Senior citizen',
      price: Math.round(price * 0.5),
      oldPrice: price,
      serviceCharge: 300,
    },
  ];
  if (venueKind === 'cinema') {
    tickets.push({
      name: 'כרטיס זוגי',
      nameEn: 'Couple ticket',
      price: price * 2 - 1000,
      serviceCharge: 500,
      multiplyFactor: 2,
    });
  }
  // Coded tickets: not in public lists, fetched by code (the coupon and voucher flow).
  tickets.push({
    name: 'קופון 10% הנחה',
    nameEn: '10% off coupon',
    price: Math.round(price * 0.9),
    oldPrice: price,
    serviceCharge: 300,
    code: 'HOTLINE10',
    balance: 200,
  });
  tickets.push({
    name: 'שובר מנוי',
    nameEn: 'Member voucher',
    price: 0,
    oldPrice: price,
    serviceCharge: 0,
    code: 'MEMBER2026',
    balance: 50,
    isVoucher: true,
  });
  return tickets;
}

export const DEMO_PRODUCTS = [
  { name: 'פופקורן גדול', nameEn: 'Large popcorn', price: 2800, emoji: '🍿', color: '#f4a261' },
  { name: 'שתייה קלה', nameEn: 'Soft drink', price: 1400, emoji: '🥤', color: '#2a9d8f' },
  { name: 'תוכניית ערב', nameEn: 'Programme booklet', price: 2000, emoji: '📖', color: '#e76f51' },
  { name: 'חולצת הופעה', nameEn: 'Tour T-shirt', price: 9000, emoji: '👕', color: '#264653' },
];

/** Which features play in which venue (by venue code prefix) and at what local times. */
export const DEMO_SCHEDULE: {
  venue: string;
  kind: 'cinema' | 'theatre' | 'arena' | 'stadium';
  features: string[];
  times: string[];
  everyNthDay: number;
}[] = [
  {
    venue: 'cinema',
    kind: 'cinema',
    features: ['desert-light', 'tel-aviv-nights', 'galaxy-kids'],
    times: ['17:00', '19:30', '22:00'],
    everyNthDay: 1,
  },
  { venue: 'theatre', kind: 'theatre', features: ['dybbuk'], times: ['20:30'], everyNthDay: 1 },
  { venue: 'arena', kind: 'arena', features: ['summer-concert'], times: ['21:00'], everyNthDay: 3 },
  { venue: 'stadium', kind: 'stadium', features: ['derby'], times: ['20:00'], everyNthDay: 7 },
];
