import { describe, expect, it } from 'vitest';
import { REQUIRED_NODE_MAJOR, runtimeProblem } from './runtime.ts';

describe('runtimeProblem', () => {
  it('accepts Node 24 and later', () => {
    expect(runtimeProblem('24.21.0')).toBeNull();
    expect(runtimeProblem('v24.0.0')).toBeNull();
    expect(runtimeProblem('26.1.0')).toBeNull();
  });

  it('refuses older or unreadable versions with one line naming the fix', () => {
    for (const version of ['20.20.2', 'v22.12.0', 'garbage']) {
      const problem = runtimeProblem(version);
      expect(problem).toContain(`needs Node ${REQUIRED_NODE_MAJOR}`);
      expect(problem).toContain('npm start');
      expect(problem).not.toContain('\n');
    }
  });

  it('is what the tests themselves run on (npm scripts put the installed Node 24 first on PATH)', () => {
    expect(runtimeProblem(process.versions.node)).toBeNull();
  });
});
