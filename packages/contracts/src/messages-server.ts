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

/*
 * The column headers and words of the CSV exports (users, warehouses, quiz answers, challenge
 * ranking, refused sales rows): only the server writes them.
 */
export const CSV_SERVER_MESSAGES_PL = {
  'csv.yes': 'tak',
  'csv.no': 'nie',
  'csv.never': 'nigdy',
  'csv.users.id': 'ID PH',
  'csv.users.assecoId': 'Asseco ID',
  'csv.users.name': 'Imię',
  'csv.users.surname': 'Nazwisko',
  'csv.users.email': 'E-mail',
  'csv.users.card': 'Numer karty',
  'csv.users.active': 'Aktywny',
  'csv.users.completeProfile': 'Profil kompletny',
  'csv.users.lastLogin': 'Ostatnie logowanie',
  'csv.users.loginCounter_one': 'Logowania ({{count}} dzień)',
  'csv.users.loginCounter_other': 'Logowania ({{count}} dni)',
  'csv.users.challenges': 'Wyzwania',
  'csv.users.totalAmount': 'Kwota całkowita (PLN)',
  'csv.users.amountFromQuiz': 'Kwota z quizów (PLN)',
  'csv.users.inWithdrawal': 'Kwota do wypłaty (PLN)',
  'csv.users.withdrawn': 'Kwota wypłacona (PLN)',
  'csv.warehouses.assecoId': 'Asseco ID',
  'csv.warehouses.name': 'Nazwa',
  'csv.warehouses.address': 'Adres',
  'csv.warehouses.adminsCount': 'Administratorzy',
  'csv.warehouses.phCount': 'PH',
  'csv.warehouses.activeCount': 'Aktywni PH',
  'csv.warehouses.amount': 'Kwota (PLN)',
  'csv.quiz.attemptId': 'ID podejścia',
  'csv.quiz.email': 'E-mail',
  'csv.quiz.name': 'Imię i nazwisko',
  'csv.quiz.createdAt': 'Data',
  'csv.quiz.score': 'Poprawne odpowiedzi',
  'csv.quiz.required': 'Wymagane',
  'csv.quiz.passed': 'Zaliczony',
  'csv.quiz.reward': 'Nagroda (PLN)',
  'csv.ranking.place': 'Miejsce',
  'csv.ranking.id': 'ID PH',
  'csv.ranking.assecoId': 'Asseco ID',
  'csv.ranking.name': 'Imię',
  'csv.ranking.surname': 'Nazwisko',
  'csv.ranking.warehouses': 'Hurtownie',
  'csv.ranking.units': 'Sprzedane sztuki',
  'csv.ranking.amount': 'Zarobek (PLN)',
  'csv.salesRejected.row': 'Wiersz',
  'csv.salesRejected.document': 'Dokument',
  'csv.salesRejected.line': 'Pozycja',
  'csv.salesRejected.soldOn': 'Data sprzedaży',
  'csv.salesRejected.warehouse': 'Hurtownia',
  'csv.salesRejected.rep': 'Przedstawiciel',
  'csv.salesRejected.product': 'Produkt',
  'csv.salesRejected.quantity': 'Ilość',
  'csv.salesRejected.reason': 'Powód odrzucenia',
} as const;

export const CSV_SERVER_MESSAGES_EN: Record<keyof typeof CSV_SERVER_MESSAGES_PL, string> = {
  'csv.yes': 'yes',
  'csv.no': 'no',
  'csv.never': 'never',
  'csv.users.id': 'Rep ID',
  'csv.users.assecoId': 'Asseco ID',
  'csv.users.name': 'First name',
  'csv.users.surname': 'Last name',
  'csv.users.email': 'E-mail',
  'csv.users.card': 'Card number',
  'csv.users.active': 'Active',
  'csv.users.completeProfile': 'Complete profile',
  'csv.users.lastLogin': 'Last login',
  'csv.users.loginCounter_one': 'Logins ({{count}} day)',
  'csv.users.loginCounter_other': 'Logins ({{count}} days)',
  'csv.users.challenges': 'Challenges',
  'csv.users.totalAmount': 'Total amount (PLN)',
  'csv.users.amountFromQuiz': 'Amount from quizzes (PLN)',
  'csv.users.inWithdrawal': 'Amount to withdraw (PLN)',
  'csv.users.withdrawn': 'Amount withdrawn (PLN)',
  'csv.warehouses.assecoId': 'Asseco ID',
  'csv.warehouses.name': 'Name',
  'csv.warehouses.address': 'Address',
  'csv.warehouses.adminsCount': 'Admins',
  'csv.warehouses.phCount': 'Sales reps',
  'csv.warehouses.activeCount': 'Active sales reps',
  'csv.warehouses.amount': 'Amount (PLN)',
  'csv.quiz.attemptId': 'Attempt ID',
  'csv.quiz.email': 'E-mail',
  'csv.quiz.name': 'Name',
  'csv.quiz.createdAt': 'Date',
  'csv.quiz.score': 'Correct answers',
  'csv.quiz.required': 'Required',
  'csv.quiz.passed': 'Passed',
  'csv.quiz.reward': 'Reward (PLN)',
  'csv.ranking.place': 'Place',
  'csv.ranking.id': 'Rep ID',
  'csv.ranking.assecoId': 'Asseco ID',
  'csv.ranking.name': 'Name',
  'csv.ranking.surname': 'Surname',
  'csv.ranking.warehouses': 'Warehouses',
  'csv.ranking.units': 'Units sold',
  'csv.ranking.amount': 'Earned (PLN)',
  'csv.salesRejected.row': 'Row',
  'csv.salesRejected.document': 'Document',
  'csv.salesRejected.line': 'Line',
  'csv.salesRejected.soldOn': 'Sale date',
  'csv.salesRejected.warehouse': 'Warehouse',
  'csv.salesRejected.rep': 'Sales rep',
  'csv.salesRejected.product': 'Product',
  'csv.salesRejected.quantity': 'Quantity',
  'csv.salesRejected.reason': 'Reason',
};

/*
 * Issue 30 point 2: a rep's profile and tax data. The web app's profile tab shows the same keys
 * from its lazy strings (it registers this table: apps/web/src/features/team-admin/components/
 * tax-data-strings.ts), so the rep's first load never carries them.
 */
export const TAX_DATA_MESSAGES_PL = {
  'taxData.peselInvalid': 'Nieprawidłowy numer PESEL: sprawdź 11 cyfr',
  'taxData.taxOfficeInvalid': 'Wybierz urząd skarbowy z listy',
  'taxData.postcodeInvalid': 'Kod pocztowy w formacie 00-000',
  'taxData.phoneInvalid': 'Nieprawidłowy numer telefonu',
  'taxData.saved': 'Dane profilu zostały zapisane',
  'taxData.onlyReps': 'Profil z danymi podatkowymi mają tylko przedstawiciele handlowi',
  'taxData.requiredForWithdrawal':
    'Uzupełnij dane podatkowe w profilu (PESEL, urząd skarbowy, adres), aby wypłacić środki',
} as const;

export const TAX_DATA_MESSAGES_EN: Record<keyof typeof TAX_DATA_MESSAGES_PL, string> = {
  'taxData.peselInvalid': 'Invalid PESEL number: check the 11 digits',
  'taxData.taxOfficeInvalid': 'Choose a tax office from the list',
  'taxData.postcodeInvalid': 'Postcode in the format 00-000',
  'taxData.phoneInvalid': 'Invalid phone number',
  'taxData.saved': 'Your profile was saved',
  'taxData.onlyReps': 'Only sales reps have a profile with tax data',
  'taxData.requiredForWithdrawal':
    'Fill in your tax data on your profile (PESEL, tax office, address) to withdraw money',
};

/* Issue 30 point 3: consent to the rules. */
export const CONSENT_MESSAGES_PL = {
  'consent.accepted': 'Dziękujemy, regulamin został zaakceptowany',
  'consent.versionStale': 'Regulamin zmienił się w międzyczasie: przeczytaj jego nową wersję',
  'consent.versionUnknown': 'Nie ma takiej wersji regulaminu',
  'consent.csv.version': 'Wersja regulaminu',
  'consent.csv.acceptedAt': 'Zaakceptowano',
  'consent.csv.notAccepted': 'nie zaakceptowano',
} as const;

export const CONSENT_MESSAGES_EN: Record<keyof typeof CONSENT_MESSAGES_PL, string> = {
  'consent.accepted': 'Thank you, the rules were accepted',
  'consent.versionStale': 'The rules changed meanwhile: read their new version',
  'consent.versionUnknown': 'There is no such version of the rules',
  'consent.csv.version': 'Rules version',
  'consent.csv.acceptedAt': 'Accepted',
  'consent.csv.notAccepted': 'not accepted',
};

/*
 * Issue 30 point 1: bulk onboarding and the activation e-mails' queue. Only the back office reads
 * them (the server's messages and the preview's reasons, translated by the server).
 */
export const ONBOARDING_MESSAGES_PL = {
  'onboarding.kindInvalid': 'Wybierz, co importujesz: hurtownie albo osoby',
  'onboarding.formatInvalid': 'Wybierz format CSV albo XLSX',
  'onboarding.actionInvalid': 'Nieznany rodzaj wiersza podglądu',
  'onboarding.statusInvalid': 'Nieznany stan e-maila',
  'onboarding.fileRequired': 'Wybierz plik do importu',
  'onboarding.fileTooLarge': 'Plik jest za duży: najwyżej {{count}} MB',
  'onboarding.empty': 'Plik nie zawiera żadnego wiersza do importu',
  'onboarding.tooManyRows': 'Plik ma za dużo wierszy: w jednym imporcie może być najwyżej {{count}}',
  'onboarding.columnsMissing': 'W pliku brakuje kolumn: {{columns}}',
  'onboarding.recordTooLong': 'Wiersz {{line}} pliku ma więcej niż {{count}} znaków',
  'onboarding.warehousesAdminOnly': 'Hurtownie importuje tylko administrator',
  'onboarding.notFound': 'Nie ma takiego importu',
  'onboarding.notPreviewed': 'Ten import został już zastosowany albo anulowany',
  'onboarding.changed': 'Dane w programie zmieniły się od podglądu: sprawdź nowy podgląd i zastosuj import ponownie',
  'onboarding.nothingToApply': 'W tym imporcie nie ma nic do zapisania',
  'onboarding.previewed': 'Plik sprawdzony: przejrzyj podgląd i zastosuj import',
  'onboarding.applied': 'Import zastosowany: dodano {{created}}, zmieniono {{updated}}',
  'onboarding.cancelled': 'Import anulowany: nic nie zostało zapisane',
  'onboarding.resent': 'E-maile aktywacyjne wróciły do kolejki: {{count}}',
  'onboarding.invitationNotFound': 'Nie ma takiego e-maila aktywacyjnego',
  'onboarding.invitationNotFailed': 'Ten e-mail nie czeka na ponowne wysłanie',
  'onboarding.row.required': 'Pole {{column}} jest wymagane',
  'onboarding.row.tooLong': 'Pole {{column}} ma więcej niż {{count}} znaków',
  'onboarding.row.roleUnknown': 'Nieznana rola „{{value}}”: wpisz PH, RKS albo Admin hurtowni',
  'onboarding.row.roleNotYours': 'Nie możesz dodawać osób z rolą {{role}}',
  'onboarding.row.emailInvalid': 'Nieprawidłowy adres e-mail',
  'onboarding.row.nipInvalid': 'NIP musi mieć 10 cyfr',
  'onboarding.row.duplicate': '{{column}} „{{value}}” powtarza się w pliku (wiersze {{rows}})',
  'onboarding.row.emailTaken': 'Ten e-mail ma już inna osoba w programie',
  'onboarding.row.emailOfDeleted': 'Ten e-mail należał do osoby usuniętej z programu',
  'onboarding.row.assecoTaken': 'To Asseco ID ma już inna osoba w programie',
  'onboarding.row.assecoDiffers': 'Ta osoba ma w programie inne Asseco ID ({{value}})',
  'onboarding.row.emailDiffers':
    'Osoba o tym Asseco ID ma w programie e-mail {{value}}: e-mail zmienisz w formularzu osoby',
  'onboarding.row.roleDiffers': 'Ta osoba ma w programie rolę {{role}}: rolę zmienisz w formularzu osoby',
  'onboarding.row.outOfScope': 'Ta osoba jest poza twoim zakresem',
  'onboarding.row.warehouseUnknown': 'Nie ma hurtowni o Asseco ID {{value}}',
  'onboarding.row.warehouseOutOfScope': 'Hurtownia {{value}} jest poza twoim zakresem',
  'onboarding.row.oneWarehouse': 'Przedstawiciel handlowy należy do dokładnie jednej hurtowni',
  'onboarding.row.warehouseRequired': 'Podaj co najmniej jedną hurtownię',
  'onboarding.row.tooManyWarehouses': 'W jednym wierszu może być najwyżej {{count}} hurtowni',
  'onboarding.row.moveRefused': 'Ta osoba należy do innej hurtowni: przeniesienie zrobisz w formularzu osoby',
  'onboarding.row.taxOnlyReps': 'Dane podatkowe podaje się tylko dla przedstawicieli handlowych (PH)',
  'onboarding.role.seller': 'PH',
  'onboarding.role.seller_reg': 'RKS',
  'onboarding.role.wholesaler': 'Admin hurtowni',
  'onboarding.role.admin': 'Administrator',
  'onboarding.role.provider_admin': 'Admin dostawcy',
  'onboarding.role.root': 'Root',
  'onboarding.csv.row': 'Wiersz',
  'onboarding.csv.reason': 'Powód odrzucenia',
  'mail.invitation.sendFailed': 'Nie udało się wysłać e-maila',
} as const;

export const ONBOARDING_MESSAGES_EN: Record<keyof typeof ONBOARDING_MESSAGES_PL, string> = {
  'onboarding.kindInvalid': 'Choose what you import: warehouses or people',
  'onboarding.formatInvalid': 'Choose CSV or XLSX',
  'onboarding.actionInvalid': 'Unknown kind of preview row',
  'onboarding.statusInvalid': 'Unknown e-mail status',
  'onboarding.fileRequired': 'Choose a file to import',
  'onboarding.fileTooLarge': 'The file is too large: at most {{count}} MB',
  'onboarding.empty': 'The file has no row to import',
  'onboarding.tooManyRows': 'The file has too many rows: one import takes at most {{count}}',
  'onboarding.columnsMissing': 'The file lacks columns: {{columns}}',
  'onboarding.recordTooLong': 'Row {{line}} of the file has more than {{count}} characters',
  'onboarding.warehousesAdminOnly': 'Only an administrator imports warehouses',
  'onboarding.notFound': 'There is no such import',
  'onboarding.notPreviewed': 'This import was already applied or cancelled',
  'onboarding.changed': 'The programme’s data changed since the preview: check the new preview and apply it again',
  'onboarding.nothingToApply': 'This import has nothing to save',
  'onboarding.previewed': 'File checked: review the preview and apply the import',
  'onboarding.applied': 'Import applied: {{created}} added, {{updated}} changed',
  'onboarding.cancelled': 'Import cancelled: nothing was saved',
  'onboarding.resent': 'Activation e-mails back in the queue: {{count}}',
  'onboarding.invitationNotFound': 'There is no such activation e-mail',
  'onboarding.invitationNotFailed': 'This e-mail is not waiting to be sent again',
  'onboarding.row.required': 'The field {{column}} is required',
  'onboarding.row.tooLong': 'The field {{column}} has more than {{count}} characters',
  'onboarding.row.roleUnknown': 'Unknown role “{{value}}”: write PH, RKS or Admin hurtowni',
  'onboarding.row.roleNotYours': 'You cannot add people with the role {{role}}',
  'onboarding.row.emailInvalid': 'Invalid e-mail address',
  'onboarding.row.nipInvalid': 'A NIP has 10 digits',
  'onboarding.row.duplicate': '{{column}} “{{value}}” repeats in the file (rows {{rows}})',
  'onboarding.row.emailTaken': 'Another person in the programme has this e-mail',
  'onboarding.row.emailOfDeleted': 'This e-mail belonged to a person removed from the programme',
  'onboarding.row.assecoTaken': 'Another person in the programme has this Asseco ID',
  'onboarding.row.assecoDiffers': 'This person has another Asseco ID in the programme ({{value}})',
  'onboarding.row.emailDiffers':
    'The person with this Asseco ID has the e-mail {{value}}: change the e-mail in the person’s form',
  'onboarding.row.roleDiffers': 'This person has the role {{role}}: change the role in the person’s form',
  'onboarding.row.outOfScope': 'This person is outside your scope',
  'onboarding.row.warehouseUnknown': 'There is no warehouse with Asseco ID {{value}}',
  'onboarding.row.warehouseOutOfScope': 'The warehouse {{value}} is outside your scope',
  'onboarding.row.oneWarehouse': 'A sales rep belongs to exactly one warehouse',
  'onboarding.row.warehouseRequired': 'Give at least one warehouse',
  'onboarding.row.tooManyWarehouses': 'One row names at most {{count}} warehouses',
  'onboarding.row.moveRefused': 'This person belongs to another warehouse: move them in the person’s form',
  'onboarding.row.taxOnlyReps': 'Tax data is given for sales reps (PH) only',
  'onboarding.role.seller': 'PH',
  'onboarding.role.seller_reg': 'RKS',
  'onboarding.role.wholesaler': 'Warehouse admin',
  'onboarding.role.admin': 'Administrator',
  'onboarding.role.provider_admin': 'Provider admin',
  'onboarding.role.root': 'Root',
  'onboarding.csv.row': 'Row',
  'onboarding.csv.reason': 'Reason refused',
  'mail.invitation.sendFailed': 'The e-mail could not be sent',
};

/* Issue 30 point 4: the year-end tax report and the rep's yearly statement. */
export const TAX_REPORT_MESSAGES_PL = {
  'taxReport.yearInvalid': 'Podaj rok od 2020 do 2100',
  'taxReport.unbalanced': 'Zestawienie nie zgadza się z księgą: nie pobieraj go i zgłoś to administratorowi systemu',
  'taxReport.noRewards': 'W roku {{year}} nie było nagród',
  'taxReport.kind.quiz': 'Quizy',
  'taxReport.kind.survey': 'Ankiety',
  'taxReport.kind.challenge': 'Wyzwania sprzedażowe',
  'taxReport.kind.corrections': 'Korekty',
  'taxReport.kind.total': 'Razem',
  'taxReport.col.assecoId': 'Asseco ID',
  'taxReport.col.name': 'Imię',
  'taxReport.col.surname': 'Nazwisko',
  'taxReport.col.email': 'E-mail',
  'taxReport.col.role': 'Rola',
  'taxReport.col.pesel': 'PESEL',
  'taxReport.col.taxOfficeCode': 'Kod urzędu skarbowego',
  'taxReport.col.taxOffice': 'Urząd skarbowy',
  'taxReport.col.street': 'Ulica i numer',
  'taxReport.col.postcode': 'Kod pocztowy',
  'taxReport.col.city': 'Miejscowość',
  'taxReport.col.taxData': 'Dane podatkowe',
  'taxReport.complete': 'kompletne',
  'taxReport.missingFields': 'brak: {{fields}}',
  'taxReport.sheet.all': 'Zestawienie {{year}}',
  'taxReport.sheet.missing': 'Brak danych podatkowych',
  'taxReport.pdf.title': 'Zestawienie roczne nagród za {{year}} rok',
  'taxReport.pdf.organiser': 'Organizator programu',
  'taxReport.pdf.recipient': 'Uczestnik',
  'taxReport.pdf.address': 'Adres',
  'taxReport.pdf.kind': 'Rodzaj nagrody',
  'taxReport.pdf.amount': 'Kwota',
  'taxReport.pdf.note':
    'Zestawienie ma charakter informacyjny: podaje nagrody otrzymane w programie w danym roku kalendarzowym, według zapisów w księdze programu. Podstawą rozliczenia podatkowego jest informacja PIT-11 przekazana przez organizatora.',
  'taxReport.pdf.generated': 'Wygenerowano {{date}}',
  'taxReport.pdf.noTaxData': 'Brak kompletnych danych podatkowych: uzupełnij je w profilu (zakładka „Dane podatkowe”).',
} as const;

export const TAX_REPORT_MESSAGES_EN: Record<keyof typeof TAX_REPORT_MESSAGES_PL, string> = {
  'taxReport.yearInvalid': 'Give a year from 2020 to 2100',
  'taxReport.unbalanced': 'The report does not agree with the ledger: do not use it and tell the system administrator',
  'taxReport.noRewards': 'There were no rewards in {{year}}',
  'taxReport.kind.quiz': 'Quizzes',
  'taxReport.kind.survey': 'Surveys',
  'taxReport.kind.challenge': 'Sales challenges',
  'taxReport.kind.corrections': 'Corrections',
  'taxReport.kind.total': 'Total',
  'taxReport.col.assecoId': 'Asseco ID',
  'taxReport.col.name': 'First name',
  'taxReport.col.surname': 'Surname',
  'taxReport.col.email': 'E-mail',
  'taxReport.col.role': 'Role',
  'taxReport.col.pesel': 'PESEL',
  'taxReport.col.taxOfficeCode': 'Tax office code',
  'taxReport.col.taxOffice': 'Tax office',
  'taxReport.col.street': 'Street and number',
  'taxReport.col.postcode': 'Postcode',
  'taxReport.col.city': 'Town',
  'taxReport.col.taxData': 'Tax data',
  'taxReport.complete': 'complete',
  'taxReport.missingFields': 'missing: {{fields}}',
  'taxReport.sheet.all': 'Report {{year}}',
  'taxReport.sheet.missing': 'Tax data missing',
  'taxReport.pdf.title': 'Yearly statement of rewards for {{year}}',
  'taxReport.pdf.organiser': 'Programme organiser',
  'taxReport.pdf.recipient': 'Participant',
  'taxReport.pdf.address': 'Address',
  'taxReport.pdf.kind': 'Kind of reward',
  'taxReport.pdf.amount': 'Amount',
  'taxReport.pdf.note':
    'This statement is for information: it lists the rewards received in the programme in the calendar year, as the programme’s ledger records them. The tax settlement rests on the PIT-11 the organiser provides.',
  'taxReport.pdf.generated': 'Generated {{date}}',
  'taxReport.pdf.noTaxData': 'Your tax data is incomplete: fill it in on your profile (tab “Dane podatkowe”).',
};

/* Issue 30 point 5: personal data on request. */
export const PRIVACY_MESSAGES_PL = {
  'privacy.searchTooShort': 'Wpisz co najmniej 2 znaki',
  'privacy.notDeactivated': 'Zanonimizować można tylko osobę usuniętą z programu (dezaktywowaną)',
  'privacy.alreadyAnonymised': 'Ta osoba została już zanonimizowana',
  'privacy.anonymised': 'Dane osobowe zostały zastąpione; historia finansowa została zachowana',
  'privacy.notFound': 'Nie ma takiej osoby',
  'privacy.html.title': 'Dane osobowe: {{name}}',
  'privacy.html.intro':
    'Wszystkie dane, które program przechowuje o tej osobie, według stanu na {{date}}. Wygenerowano na żądanie; eksport został zapisany w dzienniku.',
  'privacy.section.account': 'Konto',
  'privacy.section.profile': 'Dane podatkowe',
  'privacy.section.warehouses': 'Hurtownie',
  'privacy.section.cards': 'Karty',
  'privacy.section.wallet': 'Portfel',
  'privacy.section.ledger': 'Księga: nagrody i ruchy środków',
  'privacy.section.withdrawals': 'Wypłaty',
  'privacy.section.quiz_attempts': 'Quizy i ankiety',
  'privacy.section.logins': 'Logowania',
  'privacy.section.rules_acceptances': 'Akceptacje regulaminu',
  'privacy.section.activation_emails': 'E-maile aktywacyjne',
  'privacy.section.requests': 'Eksporty i anonimizacja (dziennik)',
  'privacy.none': 'brak',
} as const;

export const PRIVACY_MESSAGES_EN: Record<keyof typeof PRIVACY_MESSAGES_PL, string> = {
  'privacy.searchTooShort': 'Type at least 2 characters',
  'privacy.notDeactivated': 'Only a person removed from the programme (deactivated) can be anonymised',
  'privacy.alreadyAnonymised': 'This person was anonymised already',
  'privacy.anonymised': 'The personal data was replaced; the financial history was kept',
  'privacy.notFound': 'There is no such person',
  'privacy.html.title': 'Personal data: {{name}}',
  'privacy.html.intro':
    'All the data the programme holds about this person, as of {{date}}. Generated on request; the export was recorded in the log.',
  'privacy.section.account': 'Account',
  'privacy.section.profile': 'Tax data',
  'privacy.section.warehouses': 'Warehouses',
  'privacy.section.cards': 'Cards',
  'privacy.section.wallet': 'Wallet',
  'privacy.section.ledger': 'Ledger: rewards and money moves',
  'privacy.section.withdrawals': 'Withdrawals',
  'privacy.section.quiz_attempts': 'Quizzes and surveys',
  'privacy.section.logins': 'Sign-ins',
  'privacy.section.rules_acceptances': 'Rules accepted',
  'privacy.section.activation_emails': 'Activation e-mails',
  'privacy.section.requests': 'Exports and anonymisation (log)',
  'privacy.none': 'none',
};

/* Issue 31 point 1: the audit trail's refusals (the page's own texts are in the web's locales/audit). */
export const AUDIT_MESSAGES_PL = {
  'audit.notFound': 'Nie ma takiego zdarzenia',
  'audit.actorInvalid': 'Nieprawidłowa osoba',
  'audit.objectInvalid': 'Nieprawidłowy obiekt',
  'audit.kindInvalid': 'Nieprawidłowy rodzaj zmiany',
  'audit.dateInvalid': 'Podaj datę w formacie RRRR-MM-DD',
  'audit.rangeInvalid': 'Data „do” nie może być wcześniejsza niż data „od”',
} as const;

export const AUDIT_MESSAGES_EN: Record<keyof typeof AUDIT_MESSAGES_PL, string> = {
  'audit.notFound': 'There is no such event',
  'audit.actorInvalid': 'Invalid person',
  'audit.objectInvalid': 'Invalid object',
  'audit.kindInvalid': 'Invalid kind of change',
  'audit.dateInvalid': 'Enter the date as YYYY-MM-DD',
  'audit.rangeInvalid': 'The “to” date cannot be before the “from” date',
};

/* Issue 31 point 2: notices (the mails' texts and the unsubscribe page; the settings page's own are in locales/notices). */
export const NOTICE_MESSAGES_PL = {
  'notices.langInvalid': 'Wybierz język: polski albo angielski',
  'notices.kindInvalid': 'Nieznany rodzaj powiadomienia',
  'notices.kindNotYours': 'Tego rodzaju powiadomień Twoja rola nie dostaje',
  'notices.statusInvalid': 'Nieprawidłowy stan wiadomości',
  'notices.linkInvalid': 'Ten link jest nieważny albo wygasł. Nic nie zostało zmienione.',
  'notices.saved': 'Zapisano ustawienia powiadomień',
  'notices.kind.quiz.started': 'nowe quizy',
  'notices.kind.challenge.started': 'nowe wyzwania sprzedażowe',
  'notices.kind.money.digest': 'dzienne podsumowanie nagród',
  'notices.kind.withdrawal.paid': 'zrealizowane wypłaty',
  'notices.kind.withdrawal.failed': 'nieudane wypłaty',
  'notices.kind.salesImport.failed': 'nieudane importy sprzedaży',
  'notices.kind.payoutBatch.returned': 'wyniki paczek wypłat',
  'notices.mail.greeting': 'Dzień dobry {{name}},',
  'notices.mail.signature': 'Zespół programu motywacyjnego',
  'notices.mail.unsubscribe':
    'Nie chcesz dostawać wiadomości o tym ({{kind}})? Wypisz się jednym kliknięciem: {{link}}',
  'notices.mail.settings': 'Wszystkie powiadomienia ustawisz tutaj: {{link}}',
  'notices.mail.open': 'Otwórz w aplikacji',
  'notices.mail.quiz.started.subject': 'Nowy quiz: {{name}}',
  'notices.mail.quiz.started.body':
    'Możesz już rozwiązać quiz „{{name}}”. Nagroda: {{reward}}. Quiz jest dostępny do {{until}}.',
  'notices.mail.challenge.started.subject': 'Nowe wyzwanie: {{name}}',
  'notices.mail.challenge.started.body':
    'Ruszyło wyzwanie sprzedażowe „{{name}}” ({{from}} – {{to}}). Sprawdź produkty i nagrody za sprzedaż.',
  'notices.mail.money.digest.subject': 'Nagrody z dnia {{day}}: {{amount}}',
  'notices.mail.money.digest.body': 'W dniu {{day}} na Twój portfel wpłynęło {{amount}} (wpłat: {{count}}).',
  'notices.mail.withdrawal.paid.subject': 'Wypłata zrealizowana: {{amount}}',
  'notices.mail.withdrawal.paid.body': 'Twoja wypłata {{amount}} (nr {{id}}) została przekazana na kartę {{card}}.',
  'notices.mail.withdrawal.failed.subject': 'Wypłata nieudana: {{amount}}',
  'notices.mail.withdrawal.failed.body':
    'Wypłata {{amount}} (nr {{id}}) nie powiodła się: {{reason}}. Pieniądze wróciły do Twojego portfela.',
  'notices.mail.salesImport.failed.subject': 'Import sprzedaży nie powiódł się: {{file}}',
  'notices.mail.salesImport.failed.body': 'Import pliku „{{file}}” (nr {{id}}) zakończył się błędem: {{error}}.',
  'notices.mail.payoutBatch.returned.subject': 'Wynik paczki wypłat nr {{id}}',
  'notices.mail.payoutBatch.returned.body':
    'Wczytano wynik paczki wypłat nr {{id}}: opłacone {{paid}}, nieudane {{failed}}, bez zmian {{unchanged}}.',
  'notices.page.title': 'Wypisanie z powiadomień',
  'notices.page.confirm': 'Czy na pewno nie chcesz już dostawać wiadomości: {{kind}}?',
  'notices.page.button': 'Wypisz mnie',
  'notices.page.done':
    'Wypisano. Nie będziesz już dostawać wiadomości: {{kind}}. Możesz to zmienić w ustawieniach powiadomień.',
  'notices.page.settings': 'Ustawienia powiadomień',
} as const;

export const NOTICE_MESSAGES_EN: Record<keyof typeof NOTICE_MESSAGES_PL, string> = {
  'notices.langInvalid': 'Choose a language: Polish or English',
  'notices.kindInvalid': 'Unknown kind of notice',
  'notices.kindNotYours': 'Your role does not receive this kind of notice',
  'notices.statusInvalid': 'Invalid message status',
  'notices.linkInvalid': 'This link is invalid or has expired. Nothing was changed.',
  'notices.saved': 'Notice settings saved',
  'notices.kind.quiz.started': 'new quizzes',
  'notices.kind.challenge.started': 'new sales challenges',
  'notices.kind.money.digest': 'the daily summary of rewards',
  'notices.kind.withdrawal.paid': 'paid withdrawals',
  'notices.kind.withdrawal.failed': 'failed withdrawals',
  'notices.kind.salesImport.failed': 'failed sales imports',
  'notices.kind.payoutBatch.returned': 'payout batch results',
  'notices.mail.greeting': 'Hello {{name}},',
  'notices.mail.signature': 'The incentive programme team',
  'notices.mail.unsubscribe': 'Don’t want messages about this ({{kind}})? Unsubscribe with one click: {{link}}',
  'notices.mail.settings': 'Set all your notices here: {{link}}',
  'notices.mail.open': 'Open in the app',
  'notices.mail.quiz.started.subject': 'New quiz: {{name}}',
  'notices.mail.quiz.started.body':
    'You can now take the quiz “{{name}}”. Reward: {{reward}}. It is open until {{until}}.',
  'notices.mail.challenge.started.subject': 'New challenge: {{name}}',
  'notices.mail.challenge.started.body':
    'The sales challenge “{{name}}” has started ({{from}} – {{to}}). See its products and rewards.',
  'notices.mail.money.digest.subject': 'Rewards of {{day}}: {{amount}}',
  'notices.mail.money.digest.body': 'On {{day}} your wallet received {{amount}} ({{count}} credits).',
  'notices.mail.withdrawal.paid.subject': 'Withdrawal paid: {{amount}}',
  'notices.mail.withdrawal.paid.body': 'Your withdrawal of {{amount}} (no. {{id}}) was paid to the card {{card}}.',
  'notices.mail.withdrawal.failed.subject': 'Withdrawal failed: {{amount}}',
  'notices.mail.withdrawal.failed.body':
    'Your withdrawal of {{amount}} (no. {{id}}) failed: {{reason}}. The money is back in your wallet.',
  'notices.mail.salesImport.failed.subject': 'Sales import failed: {{file}}',
  'notices.mail.salesImport.failed.body': 'The import of “{{file}}” (no. {{id}}) ended with an error: {{error}}.',
  'notices.mail.payoutBatch.returned.subject': 'Result of payout batch no. {{id}}',
  'notices.mail.payoutBatch.returned.body':
    'The result of payout batch no. {{id}} was read: paid {{paid}}, failed {{failed}}, unchanged {{unchanged}}.',
  'notices.page.title': 'Unsubscribe from notices',
  'notices.page.confirm': 'Stop receiving messages about: {{kind}}?',
  'notices.page.button': 'Unsubscribe me',
  'notices.page.done':
    'Done. You will no longer receive messages about: {{kind}}. You can change this in your notice settings.',
  'notices.page.settings': 'Notice settings',
};

/* Issue 31 point 3: the programme's figures (the page's own texts are in the web's locales/programme). */
export const STATS_MESSAGES_PL = {
  'stats.dateInvalid': 'Podaj datę w formacie RRRR-MM-DD',
  'stats.rangeInvalid': 'Data „do” nie może być wcześniejsza niż data „od”',
  'stats.rangeTooLong': 'Okres może mieć najwyżej dwa lata',
  'stats.bucketInvalid': 'Wybierz podział: miesiące, tygodnie albo dni',
  'stats.figureInvalid': 'Nieznane zestawienie',
} as const;

export const STATS_MESSAGES_EN: Record<keyof typeof STATS_MESSAGES_PL, string> = {
  'stats.dateInvalid': 'Enter the date as YYYY-MM-DD',
  'stats.rangeInvalid': 'The “to” date cannot be before the “from” date',
  'stats.rangeTooLong': 'A period can be two years at most',
  'stats.bucketInvalid': 'Choose months, weeks or days',
  'stats.figureInvalid': 'Unknown figure',
};
