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
