import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Hosts outside the product (YouTube and Vimeo frames in articles and quizzes, YouTube's stills) are
 * unreachable from the test machine. The browser resolves every host but 127.0.0.1 to this stand-in,
 * which answers any HTTPS request with an empty page (the product links outside hosts over HTTPS only), so no frame waits on the network and
 * no image logs a failed load.
 *
 * Why not Playwright's `context.route()`: a route of any pattern makes Playwright intercept every
 * request of the context through the test process and turn the HTTP cache off, so each page load
 * fetched and compiled the whole app again (decision 055, "Where the time went"). A test that needs a
 * host's answer (a still's bytes, a failure) still routes that host on its own page.
 *
 * The certificate is a self-signed one made for this stand-in only (`stand-in/`, CN
 * e2e-stand-in.invalid); the browser is told to accept any certificate, since every outside host
 * lands here.
 */

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'stand-in');

function answer(_req: IncomingMessage, res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'max-age=3600' });
  res.end('<!doctype html><title>video</title>');
}

let started: Promise<number> | undefined;

/** Starts this worker's stand-in once; resolves to its port. It ends with the worker (unref'd). */
function standIn(): Promise<number> {
  started ??= new Promise<number>((resolve, reject) => {
    const server = createServer(
      { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) },
      answer,
    );
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.unref();
      const address = server.address();
      if (address && typeof address === 'object') resolve(address.port);
      else reject(new Error('outside-hosts stand-in: no port'));
    });
  });
  return started;
}

/** The Chromium flags that send every host but the product's (127.0.0.1) to the stand-in. */
export async function outsideHostFlags(): Promise<string[]> {
  const port = await standIn();
  return [`--host-resolver-rules=MAP * 127.0.0.1:${port}, EXCLUDE 127.0.0.1`, '--ignore-certificate-errors'];
}
