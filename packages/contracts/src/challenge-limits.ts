// No zod here: the rep's challenge page and the home read these, and zod stays out of a phone's first download.

export const CHALLENGE_LIMITS = {
  name: 200,
  intro: 2_000,
  /** Products in one challenge. */
  products: 50,
  /** Reward per unit sold, in PLN (a guard against a typo adding zeros). */
  rewardMaxPln: 10_000,
} as const;

/** SPEC.md section 9: the back office's challenge selector loads up to 1000 challenges. */
export const CHALLENGE_DROPDOWN = 1_000;

/**
 * How long after its last day a challenge stays on the rep's list (GET /api/challenges/active):
 * sales of its last days arrive in later imports, and a rep wants to see the final result.
 */
export const CHALLENGE_RESULTS_DAYS = 30;

/** Where a challenge stands by its dates (Warsaw calendar days, both ends included). */
export const CHALLENGE_STATUSES = ['upcoming', 'running', 'ended'] as const;
export type ChallengeStatus = (typeof CHALLENGE_STATUSES)[number];

/** A sales-results import: file limits checked while it streams. */
export const SALES_IMPORT_LIMITS = {
  /** Bytes of the uploaded file (CSV or XLSX). */
  fileBytes: 50 * 1024 * 1024,
  /** Data rows (without the header). */
  rows: 200_000,
  /** Characters of one cell. */
  cell: 100,
  /*
   * Issue 28 (decision 051): a file must not be able to hurt the server. A legit 200,000-row file
   * passes each of these several times over; a hostile one is refused before memory grows.
   */
  /** Characters of one row (a CSV record with its quoted line breaks, or an XLSX row): a real one has ~100. */
  recordChars: 10_000,
  /** XLSX: parts in the ZIP (a workbook has a few dozen). */
  xlsxEntries: 10_000,
  /** XLSX: megabytes of one part once inflated, counted as it streams (declared sizes are not trusted). */
  xlsxEntryMegabytes: 400,
  /** XLSX: megabytes inflated in all (workbook, styles, shared strings and the sheets read). */
  xlsxExpandedMegabytes: 500,
  /** XLSX: entries of the shared-strings table (held in memory while the sheets are read). */
  xlsxSharedStrings: 2_000_000,
  /** XLSX: characters of the shared-strings table in all. */
  xlsxSharedChars: 30_000_000,
  /** XLSX: cells read (every sheet up to the end of the one with the sales; empty cell elements and the blanks before a value count). */
  xlsxCells: 5_000_000,
  /** XLSX: non-empty rows read (every sheet up to the end of the one with the sales). */
  xlsxRows: 250_000,
  /** XLSX: XML elements read in all parts (a cell is 2 to 4; what bounds the time a hostile file costs). */
  xlsxElements: 25_000_000,
  /** XLSX: nesting of XML elements (a worksheet needs 7). */
  xlsxDepth: 64,
  /** XLSX: characters of one XML text or attribute (Excel's own limit for one cell is 32,767). */
  xlsxText: 32_767,
} as const;

/**
 * The columns of a sales-results file, each with the headers that name it (compared without case,
 * Polish letters, spaces, dots, dashes and underscores), Polish ERP names first. Order in the file is free.
 */
export const SALES_IMPORT_COLUMNS = {
  document: ['dokument', 'nr dokumentu', 'numer dokumentu', 'document', 'document number', 'document_no'],
  line: ['pozycja', 'lp', 'linia', 'line', 'line number', 'line_no'],
  sold_on: ['data sprzedaży', 'data', 'sale date', 'date', 'sold_on'],
  warehouse: [
    'hurtownia',
    'kod hurtowni',
    'asseco hurtowni',
    'warehouse',
    'warehouse asseco id',
    'warehouse_asseco_id',
  ],
  rep: ['przedstawiciel', 'ph', 'kod ph', 'asseco ph', 'rep', 'rep asseco id', 'rep_asseco_id'],
  product: ['produkt', 'kod produktu', 'indeks', 'product', 'product code', 'product_code'],
  quantity: ['ilość', 'sztuki', 'quantity', 'qty'],
} as const;
export type SalesImportColumn = keyof typeof SALES_IMPORT_COLUMNS;

/** How the text of a CSV file is read: detected (UTF-8 when it is valid UTF-8, else Windows-1250), or chosen. */
export const SALES_IMPORT_ENCODINGS = ['auto', 'utf-8', 'windows-1250'] as const;
export type SalesImportEncoding = (typeof SALES_IMPORT_ENCODINGS)[number];

/**
 * An import's life (decision 050): the file is being read in the upload request (staging), then
 * the import is a background job: waiting its turn behind other imports (queued), its rows resolved
 * against warehouses, reps, products and challenges in short steps (checking), its money posted rep
 * by rep in short transactions (applying), done (applied), later undone by compensating entries
 * (reverted), or refused as a whole (failed: a wrong file, or interrupted before any money moved;
 * nothing of it counts). An import interrupted while applying is resumed, never left half-paid.
 */
export const SALES_IMPORT_STATUSES = [
  'staging',
  'queued',
  'checking',
  'applying',
  'applied',
  'reverted',
  'failed',
] as const;
export type SalesImportStatus = (typeof SALES_IMPORT_STATUSES)[number];
/** Statuses of an import still in progress: the page polls it until it leaves them. */
export const SALES_IMPORT_RUNNING: readonly SalesImportStatus[] = ['staging', 'queued', 'checking', 'applying'];

/**
 * Plausibility of an import (issue 28, point 4): a row above `max_row_quantity` units, or every
 * row of a rep whose rewards in one import pass `max_rep_amount`, is held for an admin's decision
 * instead of being paid. The defaults, and the bounds an admin may set them within; whatever is
 * confirmed, one import never credits one rep more than MAX_AMOUNT_GROSZE (what a withdrawal may carry).
 */
export const SALES_PLAUSIBILITY = {
  defaultMaxRowQuantity: 1_000,
  /** Grosze (10,000.00 zł). */
  defaultMaxRepAmount: 1_000_000,
  maxRowQuantity: 1_000_000,
} as const;

/** Why a row is held: its own quantity, or its rep's total in the import. */
export const SALES_HELD_REASONS = ['sales.held.quantity', 'sales.held.repTotal'] as const;
export type SalesHeldReason = (typeof SALES_HELD_REASONS)[number];

/** Why a row was refused: the message key of each (the report's 'reason' column says it in words). */
export const SALES_ROW_ERRORS = [
  'sales.row.documentRequired',
  'sales.row.lineRequired',
  'sales.row.dateInvalid',
  'sales.row.quantityInvalid',
  'sales.row.cellTooLong',
  'sales.row.warehouseUnknown',
  'sales.row.repUnknown',
  'sales.row.repNotInWarehouse',
  'sales.row.productUnknown',
  'sales.row.noChallenge',
  'sales.row.duplicateInFile',
  'sales.row.quantityFraction',
  'sales.row.regionalManager',
  'sales.row.correctionExceedsSales',
] as const;
export type SalesRowError = (typeof SALES_ROW_ERRORS)[number];
