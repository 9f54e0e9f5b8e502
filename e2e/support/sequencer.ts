import { BaseSequencer, type TestSpecification } from 'vitest/node';

/*
 * The browser files' order (decision 055): vitest's own (projects in their group order; within one,
 * failed first, then the longest, or the largest file when it has no history), except that route
 * coverage runs first in its project. It reads whatever the server lists first (the first published
 * article, the organiser's name); run first, on its worker's fresh server, it meets the demo data and
 * not what a journey file published before it (a very wide article, a renamed organiser).
 */
export class RouteCoverageFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const out: TestSpecification[] = [];
    let run: TestSpecification[] = [];
    const flush = () => {
      const isCoverage = (f: TestSpecification) => /route-coverage[^/]*\.test\.ts$/.test(f.moduleId);
      out.push(...run.filter(isCoverage), ...run.filter((f) => !isCoverage(f)));
      run = [];
    };
    for (const file of sorted) {
      if (run.length > 0 && run[0]?.project.name !== file.project.name) flush();
      run.push(file);
    }
    flush();
    return out;
  }
}
