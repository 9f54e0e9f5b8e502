/** The Node major the product runs, tests and builds on (decision 012). */
export const REQUIRED_NODE_MAJOR = 24;

/** One line that says why this Node cannot run the server and how to start it, or null when it can. */
export function runtimeProblem(version: string): string | null {
  const major = Number(version.replace(/^v/, '').split('.')[0]);
  if (Number.isInteger(major) && major >= REQUIRED_NODE_MAJOR) return null;
  return (
    `Node ${version} is too old: this server needs Node ${REQUIRED_NODE_MAJOR}. ` +
    'Start it with `npm start` (npm runs the Node 24 that `npm ci` installed into node_modules).'
  );
}
