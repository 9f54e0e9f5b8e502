/*
 * Messages that the server sends and the forms show. Keys are what the zod schemas carry;
 * the API translates them per accept-language and the web app loads them into i18next.
 * Polish is the product's language; English is the fallback.
 */
export const MESSAGES = {
  pl: {
    'errors.unauthenticated': 'Sesja wygasła lub jest nieprawidłowa. Zaloguj się ponownie.',
    'errors.forbidden': 'Nie posiadasz uprawnień, akcja nieautoryzowana',
    'errors.notFound': 'Nie znaleziono zasobu',
    'errors.routeNotFound': 'Nie ma takiego adresu API',
    'errors.validation': 'Przesłane dane są nieprawidłowe',
    'errors.invalidJson': 'Nieprawidłowy format danych: oczekiwano poprawnego JSON',
    'errors.unsupportedMediaType': 'Nieobsługiwany typ danych',
    'errors.payloadTooLarge': 'Przesłane dane są zbyt duże',
    'errors.tooManyRequests': 'Zbyt wiele żądań. Spróbuj ponownie za chwilę.',
    'errors.internal': 'Coś poszło nie tak',
    'login.errorLogin': 'Błędny email lub hasło',
    'auth.throttled': 'Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za kilka minut.',
    'auth.loggedOut': 'Wylogowano',
    'auth.userNotFound': 'Nie znaleziono użytkownika',
    'auth.activationLinkSent': 'Link aktywacyjny został wysłany',
    'register.success': 'Konto zaktualizowane pomyślnie, możesz teraz zalogować się',
    'register.failed': 'Nie można ustawić hasła',
    'register.tokenInvalid': 'Nie można ustawić hasła. Link jest nieprawidłowy, został już użyty lub wygasł.',
    'register.passwordRequired': 'Pole hasło jest wymagane',
    'register.passwordConfirmationRequired': 'Pole powtórz hasło jest wymagane',
    'register.passwordsDiffer': 'Hasła różnią się od siebie',
    'register.rulesRequired': 'Zaznacz wszystkie potrzebne zgody',
    'register.passwordTooShort': 'Hasło musi mieć co najmniej 8 znaków',
    'validation.emailRequired': 'Pole e-mail jest wymagane',
    'validation.emailInvalid': 'Podaj poprawny adres e-mail, np. jan.kowalski@example.com',
    'validation.emailTooLong': 'Adres e-mail może mieć najwyżej 254 znaki',
    'validation.passwordRequired': 'Pole hasło jest wymagane',
    'validation.passwordTooLong': 'Hasło może mieć najwyżej 128 znaków',
    'validation.required': 'To pole jest wymagane',
    'validation.tooLong': 'Wartość jest za długa',
    'validation.invalid': 'Nieprawidłowa wartość',
    'validation.pageInvalid': 'Numer strony musi być liczbą całkowitą od 1 do 100000',
    'validation.perPageInvalid': 'Liczba wierszy na stronie musi wynosić 10, 25, 50 lub 100',
    'validation.sortInvalid': 'Nie można sortować po tym polu',
    'validation.orderInvalid': 'Kierunek sortowania musi być asc lub desc',
    'validation.searchTooLong': 'Wyszukiwana fraza może mieć najwyżej 100 znaków',
    'validation.idInvalid': 'Nieprawidłowy identyfikator',
    'validation.roleInvalid': 'Nieprawidłowa rola',
    'validation.nameRequired': 'Pole imię jest wymagane',
    'validation.loginRequired': 'Pole login jest wymagane',
    'validation.surnameRequired': 'Pole nazwisko jest wymagane',
    'validation.assecoIdRequired': 'Pole asseco id jest wymagane',
    'validation.addressRequired': 'Pole adres jest wymagane',
    'validation.warehouseNameRequired': 'Pole nazwa jest wymagane',
    'validation.warehouseRequired': 'Wybierz hurtownię',
    'validation.oneWarehouseRequired': 'Przedstawiciel handlowy musi być przypisany do dokładnie jednej hurtowni',
    'validation.noWarehouseForAdmin': 'Administrator i administrator dostawcy nie są przypisani do hurtowni',
    'validation.nipInvalid': 'NIP musi mieć 10 cyfr',
    'card.numberInvalid': 'Numer karty musi mieć 16 cyfr',
    'card.added': 'Karta została dodana',
    'users.notFound': 'Nie znaleziono użytkownika',
    'users.emailTaken': 'Użytkownik z tym adresem e-mail już istnieje',
    'users.assecoIdTaken': 'Przedstawiciel z tym asseco id już istnieje',
    'users.created': 'Użytkownik został utworzony. Wysłaliśmy mu e-mail z linkiem do ustawienia hasła.',
    'users.updated': 'Dane użytkownika zostały zapisane',
    'users.deleted': 'Użytkownik został usunięty',
    'users.cannotDeleteSelf': 'Nie możesz usunąć własnego konta',
    'users.warehouseOutOfScope': 'Nie możesz przypisać użytkownika do tej hurtowni',
    'warehouses.notFound': 'Nie znaleziono hurtowni',
    'warehouses.assecoIdTaken': 'Hurtownia z tym asseco id już istnieje',
    'warehouses.created': 'Hurtownia została utworzona',
    'warehouses.updated': 'Hurtownia została zapisana',
    'warehouses.deleted': 'Hurtownia została usunięta',
    'warehouses.hasReps':
      'Nie można usunąć hurtowni, do której są przypisani przedstawiciele handlowi. Najpierw przenieś ich lub usuń.',
    'warehouses.hasMoney': 'Nie można usunąć hurtowni, której przedstawiciele mają środki w portfelu lub w wypłacie.',
    'mail.setPassword.subject': 'Ustaw hasło do Programu motywacyjnego',
    'mail.setPassword.body':
      'Dzień dobry {{name}},\n\naby ustawić hasło i aktywować konto, otwórz link:\n{{link}}\n\nLink jest ważny {{hours}} godz. i działa jeden raz. Jeśli to nie Ty, zignoruj tę wiadomość.',
  },
  en: {
    'errors.unauthenticated': 'Your session has expired or is invalid. Please sign in again.',
    'errors.forbidden': 'You are not allowed to do this',
    'errors.notFound': 'Not found',
    'errors.routeNotFound': 'No such API address',
    'errors.validation': 'The data sent is invalid',
    'errors.invalidJson': 'Invalid data: well-formed JSON expected',
    'errors.unsupportedMediaType': 'Unsupported content type',
    'errors.payloadTooLarge': 'The data sent is too large',
    'errors.tooManyRequests': 'Too many requests. Try again shortly.',
    'errors.internal': 'Something went wrong',
    'login.errorLogin': 'Wrong e-mail or password',
    'auth.throttled': 'Too many failed sign-in attempts. Try again in a few minutes.',
    'auth.loggedOut': 'Signed out',
    'auth.userNotFound': 'User not found',
    'auth.activationLinkSent': 'The activation link has been sent',
    'register.success': 'Account updated, you can sign in now',
    'register.failed': 'The password could not be set',
    'register.tokenInvalid': 'The password could not be set. The link is invalid, already used or expired.',
    'register.passwordRequired': 'Password is required',
    'register.passwordConfirmationRequired': 'Repeat password is required',
    'register.passwordsDiffer': 'Passwords do not match',
    'register.rulesRequired': 'Tick all the required consents',
    'register.passwordTooShort': 'The password must have at least 8 characters',
    'validation.emailRequired': 'E-mail is required',
    'validation.emailInvalid': 'Enter a valid e-mail address, e.g. john.smith@example.com',
    'validation.emailTooLong': 'An e-mail address may have at most 254 characters',
    'validation.passwordRequired': 'Password is required',
    'validation.passwordTooLong': 'A password may have at most 128 characters',
    'validation.required': 'This field is required',
    'validation.tooLong': 'The value is too long',
    'validation.invalid': 'Invalid value',
    'validation.pageInvalid': 'The page must be a whole number from 1 to 100000',
    'validation.perPageInvalid': 'Rows per page must be 10, 25, 50 or 100',
    'validation.sortInvalid': 'This field cannot be sorted by',
    'validation.orderInvalid': 'The sort order must be asc or desc',
    'validation.searchTooLong': 'The search may have at most 100 characters',
    'validation.idInvalid': 'Invalid id',
    'validation.roleInvalid': 'Invalid role',
    'validation.nameRequired': 'First name is required',
    'validation.loginRequired': 'Login is required',
    'validation.surnameRequired': 'Last name is required',
    'validation.assecoIdRequired': 'Asseco id is required',
    'validation.addressRequired': 'Address is required',
    'validation.warehouseNameRequired': 'Name is required',
    'validation.warehouseRequired': 'Select a warehouse',
    'validation.oneWarehouseRequired': 'A sales rep belongs to exactly one warehouse',
    'validation.noWarehouseForAdmin': 'Admins and provider admins are not assigned to warehouses',
    'validation.nipInvalid': 'A tax number (NIP) has 10 digits',
    'card.numberInvalid': 'The card number must have 16 digits',
    'card.added': 'The card was added',
    'users.notFound': 'User not found',
    'users.emailTaken': 'A user with this e-mail already exists',
    'users.assecoIdTaken': 'A sales rep with this asseco id already exists',
    'users.created': 'The user was created. We e-mailed them a link to set their password.',
    'users.updated': 'The user was saved',
    'users.deleted': 'The user was deleted',
    'users.cannotDeleteSelf': 'You cannot delete your own account',
    'users.warehouseOutOfScope': 'You cannot assign a user to this warehouse',
    'warehouses.notFound': 'Warehouse not found',
    'warehouses.assecoIdTaken': 'A warehouse with this asseco id already exists',
    'warehouses.created': 'The warehouse was created',
    'warehouses.updated': 'The warehouse was saved',
    'warehouses.deleted': 'The warehouse was deleted',
    'warehouses.hasReps': 'A warehouse with sales reps cannot be deleted. Move or delete them first.',
    'warehouses.hasMoney': 'A warehouse whose reps have money in their wallets or in withdrawal cannot be deleted.',
    'mail.setPassword.subject': 'Set your password for the incentive programme',
    'mail.setPassword.body':
      'Hello {{name}},\n\nto set your password and activate your account, open:\n{{link}}\n\nThe link is valid for {{hours}} hours and works once. If this was not you, ignore this message.',
  },
} as const;

export type Lang = keyof typeof MESSAGES;
export type MessageKey = keyof (typeof MESSAGES)['pl'];
export const LANGS = ['pl', 'en'] as const satisfies readonly Lang[];

export function isMessageKey(s: string): s is MessageKey {
  return s in MESSAGES.pl;
}

/** Translates a key with {{param}} interpolation; unknown keys are returned as they are. */
export function translate(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  const table: Record<string, string> = MESSAGES[lang];
  const text = table[key] ?? (MESSAGES.pl as Record<string, string>)[key] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params[p] ?? ''));
}

/** Picks the best supported language from an Accept-Language header; Polish by default. */
export function pickLang(header: string | undefined): Lang {
  if (!header) return 'pl';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((r) => r.trim().startsWith('q='));
      return { tag: tag.toLowerCase().slice(0, 2), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) if (tag === 'pl' || tag === 'en') return tag;
  return 'pl';
}
