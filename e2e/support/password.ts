import { ACCOUNTS } from './accounts.ts';
import { api, apiLogin } from './api.ts';
import { linkIn, waitForMail } from './mail.ts';

/** Has an admin e-mail a fresh set-password link to `email` (POST /api/resend-set-password); returns the link. */
export async function mailSetPasswordLink(email: string): Promise<URL> {
  const adminToken = await apiLogin(ACCOUNTS.admin.email);
  const sentAt = Date.now();
  const res = await api('POST', '/api/resend-set-password', { token: adminToken, body: { email } });
  if (res.status !== 200)
    throw new Error(`resend-set-password for ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return linkIn(await waitForMail(email, sentAt), '/register');
}

/** Sets an account's password through an e-mailed link and the API, e.g. to restore a demo password. */
export async function setPasswordByMail(email: string, password: string) {
  const link = await mailSetPasswordLink(email);
  const res = await api('POST', '/api/set-password', {
    body: {
      password,
      password_confirmation: password,
      token: link.searchParams.get('token'),
      email: link.searchParams.get('email'),
      rules: true,
    },
  });
  if (res.status !== 200) throw new Error(`set-password for ${email}: ${res.status} ${JSON.stringify(res.body)}`);
}
