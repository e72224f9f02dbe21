/**
 * The order the files of a run start in. vitest's own order runs the projects by name, so the e2e specs, the longest
 * files and mostly waiting on a browser, would start last and leave one worker finishing them alone. They start first
 * here, beside the API suites, which fill the other worker; within a project vitest's order holds (the longest or
 * largest first).
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const FIRST = ['e2e'];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = FIRST.indexOf(f.project.name);
      return i < 0 ? FIRST.length : i;
    };
    // a stable sort: the base order stays within each rank
    return sorted.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map(({ f }) => f);
  }
}
