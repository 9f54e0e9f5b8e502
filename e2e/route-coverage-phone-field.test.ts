import { describeRouteCoverage } from './support/route-coverage.ts';

/*
 * Issue 16 points 1 and 2: every route for every role at a phone's and a wide desktop's width, in
 * four files so that the suite's two workers share the work (e2e/support/route-coverage.ts says what
 * each visit checks). This one: 390 px, the field roles.
 */

describeRouteCoverage('390', 'field');
