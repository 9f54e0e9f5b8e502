/*
 * Messages only the API sends (quiz activation checks and versions, docs/decisions/043). They join
 * MESSAGES in messages.ts for the server's translate(), but not MESSAGES_PL, which the web app's
 * entry carries to every rep: a rep never needs them before the server says them, and the back
 * office's own copies live in its lazy strings (locales/quiz-admin).
 */
export const QUIZ_SERVER_MESSAGES_PL = {
  'quiz.updatedLive': 'Zapisano. Do zapisania podsumowania reprezentanci widzą poprzednią wersję quizu',
  'quiz.questionNoCorrectAnswer': 'Pytanie {{number}} nie ma poprawnej odpowiedzi',
  'quiz.questionTextMissing': 'Pytanie {{number}} nie ma treści',
  'quiz.correctAnswersTooFew': 'Quiz (nie ankieta) wymaga co najmniej 1 poprawnej odpowiedzi',
  'quiz.correctAnswersAboveCount': 'Wymaganych odpowiedzi nie może być więcej niż pytań ({{count}})',
  'quiz.changed': 'Quiz się zmienił. Oto jego nowa wersja: odpowiedz jeszcze raz',
} as const;

export const QUIZ_SERVER_MESSAGES_EN: Record<keyof typeof QUIZ_SERVER_MESSAGES_PL, string> = {
  'quiz.updatedLive': 'Saved. Until the summary is saved, reps see the previous version of the quiz',
  'quiz.questionNoCorrectAnswer': 'Question {{number}} has no correct answer',
  'quiz.questionTextMissing': 'Question {{number}} has no text',
  'quiz.correctAnswersTooFew': 'A quiz (not a survey) requires at least 1 correct answer',
  'quiz.correctAnswersAboveCount': 'Required answers cannot exceed the questions ({{count}})',
  'quiz.changed': 'The quiz changed. Here is its new version: please answer again',
};

/*
 * Issue 28: what only the sales import's API says (its queue and job, held rows, plausibility
 * limits, and the limits of files that cannot hurt). The back office shows the server's message;
 * reps never see these, so they stay out of MESSAGES_PL (the rep's first load).
 */
export const SALES_SERVER_MESSAGES_PL = {
  // issue 28: pipeline
  // {{rows}}: 'sales.rows' with the count.
  'sales.queued': 'Plik został przyjęty ({{rows}}): import jest sprawdzany i zapisywany w tle',
  'sales.jobFailed': 'Import nie powiódł się z powodu błędu serwera; nic z niego nie zostało zaliczone',
  'sales.applyRetry':
    'Zapisywanie importu zostało przerwane błędem serwera; zostanie wznowione przy następnym uruchomieniu',
  'sales.held.quantity': 'Wstrzymany: ilość w wierszu przekracza limit wiarygodności',
  'sales.held.repTotal': 'Wstrzymany: nagrody przedstawiciela w tym imporcie przekraczają limit wiarygodności',
  'sales.held.overCap':
    'Nie można zatwierdzić: przedstawiciel otrzymałby z jednego importu więcej niż {{limit}} zł (najwyższa kwota jednej wypłaty)',
  'sales.held.notApplied': 'O wstrzymanych wierszach można decydować dopiero po zapisaniu importu',
  'sales.held.noneChosen': 'Żaden z wybranych wierszy nie czeka na decyzję',
  'sales.held.confirmed': 'Zatwierdzono i wypłacono wstrzymane wiersze: {{rows}}',
  'sales.held.rejected': 'Odrzucono wstrzymane wiersze: {{rows}}',
  'sales.settings.quantityInvalid': 'Limit ilości w wierszu musi być liczbą całkowitą od 1 do 1 000 000',
  'sales.settings.amountInvalid': 'Limit nagród przedstawiciela w imporcie musi wynosić od 1,00 do 1 000 000,00 zł',
  // issue 28: files (decision 051). {{count}} is the limit (grouped as people read it).
  'sales.recordTooLong': 'Wiersz {{line}} pliku ma więcej niż {{count}} znaków: to nie jest wiersz sprzedaży',
  'sales.xlsx.entries': 'Plik XLSX ma więcej niż {{count}} części',
  'sales.xlsx.entryTooBig': 'Część {{part}} pliku XLSX po rozpakowaniu przekracza {{count}} MB',
  'sales.xlsx.tooBig': 'Plik XLSX po rozpakowaniu przekracza {{count}} MB',
  'sales.xlsx.sharedStrings': 'Tabela tekstów pliku XLSX ma więcej niż {{count}} pozycji',
  'sales.xlsx.sharedChars': 'Teksty pliku XLSX mają razem więcej niż {{count}} znaków',
  'sales.xlsx.cells': 'Arkusze pliku XLSX mają więcej niż {{count}} komórek',
  'sales.xlsx.rows': 'Arkusze pliku XLSX mają więcej niż {{count}} wierszy z danymi',
  'sales.xlsx.elements': 'Plik XLSX ma więcej niż {{count}} elementów XML',
  'sales.xlsx.doctype': 'Plik XLSX zawiera deklarację DOCTYPE: encje XML są niedozwolone',
  'sales.xlsx.depth': 'XML w pliku XLSX jest zagnieżdżony zbyt głęboko (dozwolone najwyżej {{count}} poziomy)',
  'sales.xlsx.text': 'Plik XLSX zawiera tekst lub atrybut dłuższy niż {{count}} znaków',
} as const;

export const SALES_SERVER_MESSAGES_EN: Record<keyof typeof SALES_SERVER_MESSAGES_PL, string> = {
  // issue 28: pipeline
  'sales.queued': 'File received ({{rows}}): the import is checked and applied in the background',
  'sales.jobFailed': 'The import failed on a server error; nothing of it was counted',
  'sales.applyRetry': 'Applying the import was interrupted by a server error; it resumes at the next start',
  'sales.held.quantity': 'Held: the quantity of the row is above the plausibility limit',
  'sales.held.repTotal': "Held: the rep's rewards in this import are above the plausibility limit",
  'sales.held.overCap':
    'Cannot confirm: the rep would be credited more than {{limit}} PLN by one import (the largest single withdrawal)',
  'sales.held.notApplied': 'Held rows can be decided only once the import is applied',
  'sales.held.noneChosen': 'None of the chosen rows is waiting for a decision',
  'sales.held.confirmed': 'Held rows confirmed and paid: {{rows}}',
  'sales.held.rejected': 'Held rows rejected: {{rows}}',
  'sales.settings.quantityInvalid': 'The row quantity limit must be a whole number from 1 to 1,000,000',
  'sales.settings.amountInvalid': "The limit of a rep's rewards per import must be from 1.00 to 1,000,000.00 PLN",
  // issue 28: files (decision 051). {{count}} is the limit (grouped as people read it).
  'sales.recordTooLong': 'Row {{line}} of the file has more than {{count}} characters: it is not a sales row',
  'sales.xlsx.entries': 'The XLSX file has more than {{count}} parts',
  'sales.xlsx.entryTooBig': 'The part {{part}} of the XLSX file exceeds {{count}} MB unpacked',
  'sales.xlsx.tooBig': 'The XLSX file exceeds {{count}} MB unpacked',
  'sales.xlsx.sharedStrings': 'The shared-strings table of the XLSX file has more than {{count}} entries',
  'sales.xlsx.sharedChars': 'The shared strings of the XLSX file have more than {{count}} characters in all',
  'sales.xlsx.cells': 'The sheets of the XLSX file have more than {{count}} cells',
  'sales.xlsx.rows': 'The sheets of the XLSX file have more than {{count}} rows with data',
  'sales.xlsx.elements': 'The XLSX file has more than {{count}} XML elements',
  'sales.xlsx.doctype': 'The XLSX file contains a DOCTYPE declaration: XML entities are not allowed',
  'sales.xlsx.depth': 'The XML in the XLSX file is nested too deep (at most {{count}} levels)',
  'sales.xlsx.text': 'The XLSX file contains a text or attribute longer than {{count}} characters',
};
