/*
 * Imported first by every entry point: npm scripts put the Node 24 that `npm ci` installs (the registry's
 * `node` package) first on PATH, but a server started by hand with an older system Node is refused here,
 * before anything else loads, with one line instead of a stack trace from some later incompatibility.
 */
import { runtimeProblem } from './runtime.ts';

const problem = runtimeProblem(process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
