import {
  type Lang,
  type OnboardingKind,
  PEOPLE_IMPORT_COLUMNS,
  PEOPLE_IMPORT_OPTIONAL_COLUMNS,
  PEOPLE_IMPORT_ROLES,
  WAREHOUSE_IMPORT_COLUMNS,
  WAREHOUSE_IMPORT_OPTIONAL_COLUMNS,
} from '@incentive/contracts';
import ExcelJS from 'exceljs';

/*
 * The template files of bulk onboarding: the columns the import reads (their first header) and
 * example rows that import as they are. The XLSX has a second sheet explaining each column; every
 * cell is text, so Excel keeps leading zeros and '+48'.
 */

const first = (table: Record<string, readonly string[]>) => Object.values(table).map((names) => names[0] as string);

export function templateHeader(kind: OnboardingKind): string[] {
  return kind === 'warehouses'
    ? [...first(WAREHOUSE_IMPORT_COLUMNS), ...first(WAREHOUSE_IMPORT_OPTIONAL_COLUMNS)]
    : [...first(PEOPLE_IMPORT_COLUMNS), ...first(PEOPLE_IMPORT_OPTIONAL_COLUMNS)];
}

export function templateRows(kind: OnboardingKind): string[][] {
  if (kind === 'warehouses') {
    return [
      ['HURT-101', 'Hurtownia Północ', 'ul. Portowa 1, 80-001 Gdańsk', '5250001009', 'biuro@polnoc.example.pl'],
      ['HURT-102', 'Hurtownia Południe', 'ul. Górska 12, 30-001 Kraków', '', ''],
    ];
  }
  return [
    [
      'PH',
      'Jan',
      'Kowalski',
      'jan.kowalski@example.pl',
      'HURT-101',
      'PH-1001',
      '600 100 200',
      '44051401359',
      'Urząd Skarbowy w Zgierzu',
      'ul. Długa 5/7',
      '95-100',
      'Zgierz',
    ],
    ['RKS', 'Anna', 'Nowak', 'anna.nowak@example.pl', 'HURT-101, HURT-102', 'RKS-2001', '', '', '', '', '', ''],
    ['Admin hurtowni', 'Piotr', 'Wiśniewski', 'piotr.wisniewski@example.pl', 'HURT-102', '', '', '', '', '', '', ''],
  ];
}

const HELP: Record<OnboardingKind, Record<Lang, [string, string][]>> = {
  warehouses: {
    pl: [
      ['Asseco ID', 'Wymagane. Kod hurtowni z systemu Asseco; hurtownia o tym kodzie zostanie zaktualizowana.'],
      ['Nazwa', 'Wymagane.'],
      ['Adres', 'Wymagane.'],
      ['NIP', 'Opcjonalne: 10 cyfr (myślniki i spacje są pomijane).'],
      ['E-mail', 'Opcjonalne. Pusta komórka niczego nie zmienia.'],
    ],
    en: [
      ['Asseco ID', 'Required. The warehouse code in Asseco; a warehouse with this code is updated.'],
      ['Nazwa', 'Required: the name.'],
      ['Adres', 'Required: the address.'],
      ['NIP', 'Optional: 10 digits (dashes and spaces are ignored).'],
      ['E-mail', 'Optional. An empty cell changes nothing.'],
    ],
  },
  people: {
    pl: [
      [
        'Rola',
        `Wymagane: ${Object.values(PEOPLE_IMPORT_ROLES)
          .map((w) => w[0])
          .join(', ')}.`,
      ],
      ['Imię', 'Wymagane.'],
      ['Nazwisko', 'Wymagane dla PH i RKS.'],
      ['E-mail', 'Wymagane. Na ten adres pójdzie link aktywacyjny.'],
      [
        'Hurtownie',
        'Wymagane: Asseco ID hurtowni; PH ma dokładnie jedną, RKS i admin hurtowni jedną lub więcej (po przecinku).',
      ],
      ['Asseco ID', 'Wymagane dla PH. Osoba o tym Asseco ID (albo, bez niego, o tym e-mailu) zostanie zaktualizowana.'],
      ['Telefon', 'Opcjonalne.'],
      ['PESEL', 'Opcjonalne, tylko PH: 11 cyfr z poprawną cyfrą kontrolną.'],
      ['Urząd skarbowy', 'Opcjonalne, tylko PH: pełna nazwa urzędu albo jego 4-cyfrowy kod.'],
      ['Ulica i numer', 'Opcjonalne, tylko PH.'],
      ['Kod pocztowy', 'Opcjonalne, tylko PH: w formacie 00-000.'],
      ['Miejscowość', 'Opcjonalne, tylko PH. Pusta komórka niczego nie zmienia.'],
    ],
    en: [
      [
        'Rola',
        `Required: ${Object.values(PEOPLE_IMPORT_ROLES)
          .map((w) => w[0])
          .join(', ')}.`,
      ],
      ['Imię', 'Required: the first name.'],
      ['Nazwisko', 'Required for PH and RKS: the surname.'],
      ['E-mail', 'Required. The activation link goes to this address.'],
      [
        'Hurtownie',
        'Required: warehouse Asseco IDs; a PH has exactly one, an RKS or warehouse admin one or more (comma-separated).',
      ],
      ['Asseco ID', 'Required for a PH. The person with this Asseco ID (or, without one, this e-mail) is updated.'],
      ['Telefon', 'Optional: the phone.'],
      ['PESEL', 'Optional, PH only: 11 digits with a valid check digit.'],
      ['Urząd skarbowy', 'Optional, PH only: the tax office’s full name or its 4-digit code.'],
      ['Ulica i numer', 'Optional, PH only: street and number.'],
      ['Kod pocztowy', 'Optional, PH only: postcode as 00-000.'],
      ['Miejscowość', 'Optional, PH only: town. An empty cell changes nothing.'],
    ],
  },
};

export async function templateXlsx(kind: OnboardingKind, lang: Lang): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(kind === 'warehouses' ? 'Hurtownie' : 'Osoby');
  const header = templateHeader(kind);
  sheet.columns = header.map((h) => ({ header: h, width: Math.max(14, h.length + 4), style: { numFmt: '@' } }));
  sheet.getRow(1).font = { bold: true };
  for (const row of templateRows(kind)) sheet.addRow(row);
  const help = book.addWorksheet(lang === 'pl' ? 'Instrukcja' : 'Instructions');
  help.columns = [
    { header: lang === 'pl' ? 'Kolumna' : 'Column', width: 18 },
    { header: lang === 'pl' ? 'Co wpisać' : 'What to write', width: 110 },
  ];
  help.getRow(1).font = { bold: true };
  for (const row of HELP[kind][lang]) help.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}
