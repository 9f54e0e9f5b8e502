import { inject } from 'vitest';

function provided(key: 'e2eBaseUrl' | 'e2eMailDir'): string {
  const value = inject(key);
  if (!value) {
    throw new Error(
      `e2e: '${key}' was not provided by e2e/global-setup.ts: run the suite as \`npm run test:e2e\` ` +
        '(or `vitest run --project e2e` after `npm run build`).',
    );
  }
  return value;
}

/** The real server's address, from e2e/global-setup.ts. */
export const baseUrl = (): string => provided('e2eBaseUrl');

/** Where the test SMTP server stores received messages. */
export const mailDir = (): string => provided('e2eMailDir');
