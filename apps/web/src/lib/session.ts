/** The access token and its type, as the login response gave them. */
export const TOKEN = 'token';
const TOKEN_TYPE = 'token_type';
/**
 * A sales rep's first name, kept from their last GET /api/me: the rep home's first-load page greets
 * them with it before any script has run (decision 027). Kept only for roles whose home is the rep
 * home, forgotten with the token.
 */
export const GREETING_NAME = 'greeting_name';
/** The rep's wallet as the app last showed it, for the offline page (pwa/last-wallet.ts); forgotten with the token. */
export const LAST_WALLET = 'last_wallet';

/** Keeps (or, for `null`, forgets) the name the rep home's first-load page greets with. */
export function rememberGreetingName(name: string | null) {
  if (name === null) localStorage.removeItem(GREETING_NAME);
  else if (localStorage.getItem(GREETING_NAME) !== name) localStorage.setItem(GREETING_NAME, name);
}

export function getToken(): { token: string; type: string } | null {
  const token = localStorage.getItem(TOKEN);
  return token ? { token, type: localStorage.getItem(TOKEN_TYPE) ?? 'Bearer' } : null;
}

export function saveToken(token: string, type: string) {
  localStorage.setItem(TOKEN, token);
  localStorage.setItem(TOKEN_TYPE, type);
}

const sessionEndListeners = new Set<() => void>();

/** Runs `listener` whenever the token is forgotten: the signed-in area drops the user's cached data. */
export function onSessionEnd(listener: () => void) {
  sessionEndListeners.add(listener);
}

export function clearToken() {
  localStorage.removeItem(TOKEN);
  localStorage.removeItem(TOKEN_TYPE);
  localStorage.removeItem(GREETING_NAME);
  localStorage.removeItem(LAST_WALLET);
  for (const listener of sessionEndListeners) listener();
}
