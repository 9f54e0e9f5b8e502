/** API paths shared by the server and the web client. */
export const API = {
  login: '/api/login',
  logout: '/api/logout',
  me: '/api/me',
  setPassword: '/api/set-password',
  resendSetPassword: '/api/resend-set-password',
  health: '/api/health',
} as const;
