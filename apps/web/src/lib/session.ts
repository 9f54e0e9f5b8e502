/** The access token and its type, as the login response gave them. */
const TOKEN = 'token';
const TOKEN_TYPE = 'token_type';

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
  for (const listener of sessionEndListeners) listener();
}
