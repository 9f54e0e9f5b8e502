/*
 * `node apps/api/server.js`: the server's entry for a start by hand. Plain JavaScript with no static
 * import, so that any Node can read it: an older Node is told so in one line (the line of
 * src/runtime.ts) before anything loads that it cannot run. `node apps/api/src/server.ts` on Node 20
 * never reaches the project's code: Node itself stops on the `.ts` extension with a stack trace.
 */
const version = process.versions.node;
if (!(Number(version.split('.')[0]) >= 24)) {
  console.error(
    `Node ${version} is too old: this server needs Node 24. Start it with \`npm start\` (npm runs the Node 24 that \`npm ci\` installed into node_modules).`,
  );
  process.exit(1);
} else {
  // tsx runs the TypeScript sources, as `node --import tsx` does.
  import('tsx')
    .then(() => import('./src/server.ts'))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
