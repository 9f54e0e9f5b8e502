import type { Config } from '../config.ts';
import { DEMO_PASSWORD } from '../seed/demo-accounts.ts';
import type { RootAccount } from './root-account.ts';

export interface BannerFacts {
  config: Config;
  database: 'pglite' | 'postgres';
  /** Where mail goes (mailer.target). */
  mailTarget: string;
  demo: 'seeded' | 'kept' | 'none';
  /** Demo accounts that sign in with the demo password now. */
  demoAccounts: { email: string; role: string }[];
  root: RootAccount;
}

/** What the console shows once the server listens. Demo credentials only when they work. */
export function banner(f: BannerFacts): string {
  const { config } = f;
  const url = `http://localhost:${config.PORT}`;
  const lines = [
    '',
    `  Program motywacyjny is running at ${url}`,
    `  API docs: ${url}/api/docs`,
    `  Database: ${f.database === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}/db` : 'PostgreSQL (DATABASE_URL)'}`,
    `  E-mail:   ${
      config.SMTP_URL
        ? f.mailTarget
        : `NOT SENT: no SMTP_URL, so no e-mail leaves this machine; each message is written to ${f.mailTarget}`
    }`,
    `  Demo data: ${
      f.demo === 'seeded'
        ? 'seeded now into the empty database'
        : f.demo === 'kept'
          ? 'present (seeded on an earlier start)'
          : config.production
            ? 'none (production: set SEED_DEMO=true to seed an empty database)'
            : 'none'
    }`,
  ];
  if (f.demoAccounts.length > 0) {
    lines.push('', `  Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of f.demoAccounts) lines.push(`    ${a.email.padEnd(24)} ${a.role}`);
    if (config.production) {
      lines.push('  WARNING: these accounts sign in with a published password. Do not keep them in production.');
    }
  }
  if (f.root.state === 'created') {
    lines.push(
      '',
      `  Root account created for ${f.root.email}: its set-password link was e-mailed${config.SMTP_URL ? '' : ` (to ${f.mailTarget})`}.`,
    );
  } else if (f.root.state === 'missing') {
    lines.push('', '  No root account yet: set ROOT_EMAIL=you@example.com and restart to create one.');
  }
  lines.push('');
  return lines.join('\n');
}
