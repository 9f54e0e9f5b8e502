/*
 * The reasons sales imports write on ledger entries (always Polish, like every ledger reason: the
 * rep's money history shows them as written). Kept here, not in the contracts' message catalogue,
 * which every rep's first page load carries.
 */

interface CorrectionParams {
  challenge: string;
  units: number;
  id: number;
}

/** A correction taken from the rep's available money. */
export const correctionReason = (p: CorrectionParams) =>
  `Korekta sprzedaży: wyzwanie „${p.challenge}”, zwrot ${p.units} szt. (import sprzedaży nr ${p.id})`;

/** The part of a correction the wallet did not cover, now owed. */
export const correctionOwedReason = (p: CorrectionParams) =>
  `${correctionReason(p)}; kwota do zwrotu, spłacą ją kolejne nagrody`;

/** A correction given back when its import is reverted. */
export const correctionReversalReason = (p: { challenge: string; id: number }) =>
  `Cofnięta korekta sprzedaży z importu nr ${p.id} (wyzwanie „${p.challenge}”)`;

/** Money taken back from a regional manager (decision 045; migration 0020 writes the same text). */
export const MANAGER_RECLAIM_REASON =
  'Środki cofnięte: kierownik regionalny nie otrzymuje nagród, nie może ich zobaczyć ani wypłacić';

/*
 * Texts only the server shows (each refused row's reason in the rejected-rows report, the import's
 * answer), in both languages: kept out of the shared catalogue for the same reason.
 */
const TEXTS = {
  pl: {
    'sales.row.documentRequired': 'Brak numeru dokumentu',
    'sales.row.lineRequired': 'Brak numeru pozycji',
    'sales.row.dateInvalid': 'Nieprawidłowa data sprzedaży (oczekiwano RRRR-MM-DD lub DD.MM.RRRR)',
    'sales.row.quantityInvalid': 'Ilość musi być liczbą całkowitą różną od zera',
    'sales.row.cellTooLong': 'Wartość w komórce jest za długa (najwyżej 100 znaków)',
    'sales.row.warehouseUnknown': 'Nieznana hurtownia (asseco id)',
    'sales.row.repUnknown': 'Nieznany przedstawiciel (asseco id)',
    'sales.row.repNotInWarehouse': 'Przedstawiciel nie należy do tej hurtowni',
    'sales.row.productUnknown': 'Nieznany kod produktu',
    'sales.row.noChallenge': 'Produkt nie był w tym dniu w żadnym wyzwaniu',
    'sales.row.duplicateInFile': 'Ta pozycja dokumentu występuje w pliku więcej niż raz',
    'sales.row.quantityFraction': 'Ilość nie może zawierać części sztuki',
    'sales.row.regionalManager': 'Kierownik regionalny nie otrzymuje nagród za sprzedaż',
    'sales.row.correctionExceedsSales': 'Korekta zwraca więcej sztuk, niż sprzedano w wyzwaniu',
    'sales.summaryRows': 'Pominięte wiersze podsumowań: {{count}}',
    'sales.row.heldRejected': 'Wiersz wstrzymany jako mało wiarygodny i odrzucony przez administratora',
  },
  en: {
    'sales.row.documentRequired': 'Document number missing',
    'sales.row.lineRequired': 'Line number missing',
    'sales.row.dateInvalid': 'Invalid sale date (YYYY-MM-DD or DD.MM.YYYY expected)',
    'sales.row.quantityInvalid': 'The quantity must be a whole number other than zero',
    'sales.row.cellTooLong': 'A cell value is too long (at most 100 characters)',
    'sales.row.warehouseUnknown': 'Unknown warehouse (asseco id)',
    'sales.row.repUnknown': 'Unknown sales rep (asseco id)',
    'sales.row.repNotInWarehouse': 'The sales rep does not belong to this warehouse',
    'sales.row.productUnknown': 'Unknown product code',
    'sales.row.noChallenge': 'The product was in no challenge on that day',
    'sales.row.duplicateInFile': 'This document line appears more than once in the file',
    'sales.row.quantityFraction': 'The quantity cannot hold a part of a unit',
    'sales.row.regionalManager': 'A regional manager is not rewarded for sales',
    'sales.row.correctionExceedsSales': 'The correction returns more units than were sold in the challenge',
    'sales.summaryRows': 'Totals rows skipped: {{count}}',
    'sales.row.heldRejected': 'Row held as implausible and rejected by an administrator',
  },
} as const;

export type SalesText = keyof (typeof TEXTS)['pl'];

/** One of these texts in the user's language (Polish when it has no English), or null for another key. */
export function salesText(lang: string, key: string, params: Record<string, string | number> = {}): string | null {
  const table: Record<string, string> = lang === 'en' ? TEXTS.en : TEXTS.pl;
  const text = table[key];
  return text === undefined ? null : text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? ''));
}
