// Vitest's file order for `npm test`: the integration files longest first, by the seconds each takes
// (the table below says which seconds), so that the two workers end together instead of
// one of them starting a 90-second file last. Vitest orders by its own cache of past durations, but a
// clean clone has none and falls back to file size: the slowest files (locate-native, the identical
// pairs) are a few lines that import their cases, so they ran last. A file not in the table (new, or
// under 3 s) runs after those in it, largest first as vitest would. Refresh the table from a whole
// clean-clone run's output (each file's line ends with its ms) on a machine otherwise idle.
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Wall seconds per file (files of 3 s and more), from the clean-clone run of 2026-11-29 06:33 (.ci/run,
 * 2 workers, the machine otherwise idle: vitest 789 s), the file running beside another as it does in
 * `npm test`. Files that wait more than they compute (frame-limits, hostile-go: timeouts they wait
 * out) are weighed by their wall seconds too, so that they are not left to the end.
 */
const SECONDS = new Map<string, number>([
  ['test/integration/locate-vm.test.ts', 133],
  ['test/integration/locate-native.test.ts', 126],
  ['test/packaging/package.test.ts', 81],
  ['test/integration/python.test.ts', 65],
  ['test/integration/identical-pairs-native.test.ts', 56],
  ['test/integration/locate-effects.test.ts', 56],
  ['test/integration/identical-pairs-vm.test.ts', 51],
  ['test/integration/hits-reached.test.ts', 46],
  ['test/integration/locate-loops.test.ts', 46],
  ['test/integration/hits-stream.test.ts', 45],
  ['test/integration/python-adapters-agree.test.ts', 44],
  ['test/integration/frame-limits.test.ts', 41],
  ['test/integration/locate-effects-returns.test.ts', 40],
  ['test/integration/baselines.test.ts', 39],
  ['test/integration/locate.test.ts', 38],
  ['test/integration/hits.test.ts', 31],
  ['test/integration/lldb.test.ts', 29],
  ['test/integration/go.test.ts', 27],
  ['test/integration/locate-stream.test.ts', 25],
  ['test/integration/node.test.ts', 23],
  ['test/integration/java.test.ts', 21],
  ['adapters/java/test/breakpoints.test.ts', 20],
  ['test/integration/redaction.test.ts', 20],
  ['adapters/python/test/steps.test.ts', 19],
  ['test/cli/cli.test.ts', 18],
  ['test/integration/python-values.test.ts', 18],
  ['test/integration/locate-ends.test.ts', 17],
  ['adapters/python/test/breakpoints.test.ts', 15],
  ['test/integration/ci-example.test.ts', 15],
  ['test/integration/gdb.test.ts', 15],
  ['test/integration/bounded.test.ts', 14],
  ['test/integration/hostile-go.test.ts', 14],
  ['adapters/java/test/processes.test.ts', 13],
  ['test/integration/python-start.test.ts', 12],
  ['test/integration/ruby.test.ts', 12],
  ['adapters/python/test/start.test.ts', 11],
  ['test/integration/identical-pairs-python.test.ts', 11],
  ['test/integration/locate-messages.test.ts', 11],
  ['test/integration/native-values.test.ts', 11],
  ['test/integration/java-sources.test.ts', 10],
  ['test/cli/hostile-inputs.test.ts', 9],
  ['adapters/java/test/class-data-archive.test.ts', 8],
  ['adapters/node/test/entry.test.ts', 8],
  ['adapters/python/test/threads-lazy.test.ts', 8],
  ['test/integration/mcp.test.ts', 8],
  ['adapters/node/test/hit-conditions.test.ts', 7],
  ['test/integration/go-values.test.ts', 7],
  ['adapters/node/test/lifecycle.test.ts', 6],
  ['adapters/node/test/typescript.test.ts', 6],
  ['test/integration/breakpoints.test.ts', 6],
  ['test/integration/languages.test.ts', 6],
  ['adapters/node/test/breakpoints.test.ts', 5],
  ['adapters/node/test/processes.test.ts', 5],
  ['adapters/python/test/depths.test.ts', 5],
  ['test/cli/output-file.test.ts', 5],
  ['test/cli/live.test.ts', 4],
  ['test/integration/adapter-config.test.ts', 4],
  ['test/integration/annotation-paths.test.ts', 4],
  ['test/integration/processes/python-repr-limit.test.ts', 4],
  ['test/integration/redaction-front-doors.test.ts', 4],
  ['adapters/java/test/returns.test.ts', 3],
  ['adapters/java/test/stepping.test.ts', 3],
  ['adapters/node/test/stepping.test.ts', 3],
  ['adapters/node/test/top-level.test.ts', 3],
  ['adapters/python/test/hits.test.ts', 3],
  ['test/cli/terminal.test.ts', 3],
  ['test/integration/c-values.test.ts', 3],
  ['test/integration/escape.test.ts', 3],
  ['test/integration/processes/run-build.test.ts', 3],
]);

export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Vitest's order (its cache's durations, else size) kept among files the table weighs alike.
    const sorted = await super.sort(files);
    const seconds = (spec: TestSpecification): number =>
      SECONDS.get(path.relative(spec.project.config.root, spec.moduleId).split(path.sep).join('/')) ?? 0;
    const groupOf = (spec: TestSpecification): number => spec.project.config.sequence.groupOrder;
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort(
        (x, y) =>
          groupOf(x.spec) - groupOf(y.spec) ||
          (x.spec.project.name === y.spec.project.name ? 0 : x.spec.project.name < y.spec.project.name ? -1 : 1) ||
          seconds(y.spec) - seconds(x.spec) ||
          x.index - y.index,
      )
      .map(({ spec }) => spec);
  }
}
