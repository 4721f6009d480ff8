// Vitest's file order for `npm test`: the integration files longest first, by the seconds each takes
// (the table below says which seconds), so that the workers end together instead of
// one of them starting a 90-second file last. Vitest orders by its own cache of past durations, but a
// clean clone has none and falls back to file size: the slowest files (locate-native, the identical
// pairs) are a few lines that import their cases, so they ran last. A file not in the table (new, or
// under 3 s) runs after those in it, largest first as vitest would. Refresh the table from a whole
// clean-clone run's output (each file's line ends with its ms) on a machine otherwise idle.
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Wall seconds per file (files of 3 s and more), from the clean-clone run of 2026-11-29 21:28 (.ci/run,
 * 3 workers, the machine otherwise idle: vitest 527 s), the file running beside two others as it does in
 * `npm test`. Files that wait more than they compute (frame-limits, hostile-go: timeouts they wait
 * out) are weighed by their wall seconds too, so that they are not left to the end.
 */
const SECONDS = new Map<string, number>([
  ['test/integration/locate-native.test.ts', 95],
  ['test/integration/locate-vm.test.ts', 71],
  ['test/integration/locate-effects.test.ts', 71],
  ['test/integration/python.test.ts', 57],
  ['test/integration/locate-loops.test.ts', 49],
  ['test/integration/identical-pairs-native.test.ts', 49],
  ['test/integration/frame-limits.test.ts', 48],
  ['test/integration/identical-pairs-vm.test.ts', 45],
  ['test/integration/hits-reached.test.ts', 41],
  ['test/integration/python-adapters-agree.test.ts', 40],
  ['test/integration/baselines.test.ts', 38],
  ['test/integration/locate-effects-returns.test.ts', 38],
  ['test/integration/locate.test.ts', 38],
  ['test/packaging/package.test.ts', 37],
  ['test/integration/hits-stream.test.ts', 37],
  ['test/integration/hits.test.ts', 36],
  ['test/integration/locate-stream.test.ts', 35],
  ['test/integration/go.test.ts', 31],
  ['test/integration/redaction.test.ts', 30],
  ['test/integration/lldb.test.ts', 30],
  ['test/cli/cli.test.ts', 23],
  ['test/integration/node.test.ts', 22],
  ['test/integration/java.test.ts', 22],
  ['adapters/java/test/breakpoints.test.ts', 21],
  ['adapters/python/test/steps.test.ts', 20],
  ['test/integration/locate-ends.test.ts', 19],
  ['test/integration/hostile-go.test.ts', 18],
  ['test/integration/bounded.test.ts', 17],
  ['test/integration/python-values.test.ts', 17],
  ['test/integration/locate-messages.test.ts', 16],
  ['test/integration/gdb.test.ts', 16],
  ['test/cli/hostile-inputs.test.ts', 14],
  ['adapters/python/test/breakpoints.test.ts', 14],
  ['test/integration/ci-example.test.ts', 14],
  ['adapters/node/test/lifecycle.test.ts', 14],
  ['test/integration/identical-pairs-python.test.ts', 14],
  ['adapters/java/test/processes.test.ts', 13],
  ['test/integration/cpu-count.test.ts', 12],
  ['test/integration/java-sources.test.ts', 10],
  ['adapters/node/test/hit-conditions.test.ts', 10],
  ['test/integration/locate-rust.test.ts', 10],
  ['test/integration/python-start.test.ts', 9],
  ['test/integration/ruby.test.ts', 9],
  ['adapters/python/test/start.test.ts', 9],
  ['test/integration/mcp.test.ts', 8],
  ['adapters/java/test/class-data-archive.test.ts', 8],
  ['adapters/node/test/entry.test.ts', 7],
  ['test/integration/languages.test.ts', 7],
  ['test/integration/native-values.test.ts', 7],
  ['adapters/node/test/breakpoints.test.ts', 7],
  ['test/cli/output-file.test.ts', 7],
  ['test/integration/go-values.test.ts', 6],
  ['test/integration/breakpoints.test.ts', 6],
  ['adapters/python/test/threads-lazy.test.ts', 6],
  ['adapters/python/test/depths.test.ts', 6],
  ['adapters/node/test/processes.test.ts', 6],
  ['test/integration/redaction-front-doors.test.ts', 5],
  ['adapters/java/test/stepping.test.ts', 5],
  ['adapters/node/test/typescript.test.ts', 5],
  ['adapters/java/test/classes-later.test.ts', 4],
  ['test/integration/annotation-paths.test.ts', 4],
  ['test/integration/processes/python-repr-limit.test.ts', 4],
  ['test/cli/terminal.test.ts', 4],
  ['test/cli/live.test.ts', 3],
  ['test/integration/escape.test.ts', 3],
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
