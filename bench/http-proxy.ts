import http from 'node:http';

/**
 * The scale-out bench's first load balancer, kept to compare (`SCALE_PROXY=http`): a round-robin
 * HTTP proxy on loopback, each request to the next API process over keep-alive connections. It
 * parses every request and answer, so it costs about three times the CPU per request of the TCP
 * one (bench/round-robin-proxy.ts, the default). It runs in its own process (forked by bench/scale-out.ts), so
 * the load generator and the proxy do not share one event loop. The parent sends
 * `{ upstreams: string[] }` to choose the API processes; the proxy answers `{ ready: port }` once
 * and `{ upstreams: n }` after each change.
 */
let upstreams: URL[] = [];
let next = 0;
// One keep-alive pool per process; as many sockets as the load generator opens connections.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 256 });

const server = http.createServer((req, res) => {
  const target = upstreams[next++ % Math.max(1, upstreams.length)];
  if (!target) {
    res.writeHead(503).end();
    return;
  }
  const upstream = http.request(
    {
      agent,
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: req.headers,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
});
server.keepAliveTimeout = 30_000;

process.on('message', (msg: { upstreams?: string[] }) => {
  if (!msg.upstreams) return;
  upstreams = msg.upstreams.map((u) => new URL(u));
  next = 0;
  process.send?.({ upstreams: upstreams.length });
});
// The bench's end (or its crash) closes the channel: the proxy goes with it.
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ ready: typeof address === 'object' && address ? address.port : 0 });
});
