import net from 'node:net';

/**
 * The scale-out bench's load balancer: the cheapest fair round-robin, at the TCP level (L4). Each
 * incoming connection (the load generator keeps them alive) goes to the next API process in turn
 * and is piped both ways; no HTTP is parsed, so it costs far less CPU than an HTTP proxy, and N
 * connections spread exactly N/k over k processes. Loopback only. It runs in its own process
 * (forked by bench/scale-out.ts). The parent sends `{ upstreams: string[] }` to choose the API
 * processes for the connections that open next; the proxy answers `{ ready: port }` once and
 * `{ upstreams: n }` after each change.
 */
let upstreams: { host: string; port: number }[] = [];
let next = 0;

const server = net.createServer((client) => {
  const target = upstreams[next++ % Math.max(1, upstreams.length)];
  if (!target) {
    client.destroy();
    return;
  }
  const upstream = net.connect(target);
  client.setNoDelay(true);
  upstream.setNoDelay(true);
  // Either side closing or failing closes the other: the client sees a reset, as with a dead backend.
  const close = () => {
    client.destroy();
    upstream.destroy();
  };
  client.on('error', close).on('close', close);
  upstream.on('error', close).on('close', close);
  client.pipe(upstream);
  upstream.pipe(client);
});

process.on('message', (msg: { upstreams?: string[] }) => {
  if (!msg.upstreams) return;
  upstreams = msg.upstreams.map((u) => {
    const url = new URL(u);
    return { host: url.hostname, port: Number(url.port) };
  });
  next = 0;
  process.send?.({ upstreams: upstreams.length });
});
// The bench's end (or its crash) closes the channel: the proxy goes with it.
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ ready: typeof address === 'object' && address ? address.port : 0 });
});
