import { inject } from 'vitest';
import type { E2eServer } from '../global-setup.ts';

/**
 * The server of this file's worker: e2e/global-setup.ts starts one per worker, and a worker's files
 * run one after another, so a file never shares its server with a file running at the same time.
 */
function server(): E2eServer {
  const servers = inject('e2eServers');
  if (!servers?.length) {
    throw new Error(
      "e2e: 'e2eServers' was not provided by e2e/global-setup.ts: run the suite as `npm run test:e2e` " +
        '(or `vitest run --project e2e` after `npm run build`).',
    );
  }
  // VITEST_POOL_ID numbers the workers from 1 to maxWorkers.
  const pool = Number(process.env.VITEST_POOL_ID ?? '1');
  const found = servers[(pool - 1) % servers.length];
  if (!found) throw new Error(`e2e: no server for worker ${pool}`);
  return found;
}

/** The real server's address, from e2e/global-setup.ts. */
export const baseUrl = (): string => server().baseUrl;

/** Where the test SMTP server of this file's server stores received messages. */
export const mailDir = (): string => server().mailDir;
