/** The demo accounts the server seeds on first start (apps/api/src/seed/demo-accounts.ts). */
export const DEMO_PASSWORD = 'Demo1234!';

export type DemoRole = 'root' | 'admin' | 'provider_admin' | 'wholesaler' | 'seller_reg' | 'seller';

export interface DemoAccount {
  email: string;
  role: DemoRole;
  name: string;
  surname: string;
}

export const ACCOUNTS = {
  root: { email: 'root@example.com', role: 'root', name: 'Root', surname: 'Systemu' },
  admin: { email: 'admin@example.com', role: 'admin', name: 'Anna', surname: 'Administratorka' },
  provider: { email: 'provider@example.com', role: 'provider_admin', name: 'Piotr', surname: 'Dostawca' },
  wholesaler: { email: 'wholesaler@example.com', role: 'wholesaler', name: 'Waldemar', surname: 'Hurtowy' },
  rks: { email: 'rks@example.com', role: 'seller_reg', name: 'Renata', surname: 'Regionalna' },
  seller: { email: 'seller@example.com', role: 'seller', name: 'Szymon', surname: 'Sprzedawca' },
} as const satisfies Record<string, DemoAccount>;
