import { inject } from 'vitest';

function provided(key: 'e2eBaseUrl' | 'e2eMailDir'): string {
  const value = inject(key);
  if (!value) {
    throw new Error(
      `e2e: '${key}' was not provided: the e2e project needs globalSetup e2e/global-setup.ts ` +
        '(run `npx vitest run --config e2e/vitest.config.ts`, or add it to the root vitest.config.ts e2e project).',
    );
  }
  return value;
}

/** The real server's address, from e2e/global-setup.ts. */
export const baseUrl = (): string => provided('e2eBaseUrl');

/** Where the test SMTP server stores received messages. */
export const mailDir = (): string => provided('e2eMailDir');
