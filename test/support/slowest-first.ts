// Vitest's file order for `npm test`: the integration files longest first, by the seconds each takes
// (the table below says which seconds), so that the two workers end together instead of
// one of them starting a 90-second file last. Vitest orders by its own cache of past durations, but a
// clean clone has none and falls back to file size: the slowest files (locate-native, the identical
// pairs) are a few lines that import their cases, so they ran last. A file not in the table (new, or
// under 3 s) runs after those in it, largest first as vitest would. Refresh a file's row with
// `/usr/bin/time -f '%U user %S sys' npx vitest run FILE` (its CPU seconds) on a machine otherwise idle.
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds per file. The files of 15 s and more: CPU seconds (user + sys, children included) of
 * `/usr/bin/time npx vitest run FILE`, the file alone, 2026-11-29 (the shared machine's load made wall
 * times lie; the suite is CPU-bound, so a file's CPU is what it takes from the two workers). Three
 * files wait more than they compute (timeouts and slow reprs they wait out): frame-limits, hostile-go
 * and java keep their wall seconds of the clean-clone run of 2026-11-28 22:26 (39, 21, 18; CPU 22, 6,
 * 11), so that they are not left to the end. The rest (all under 15 s): that run's wall seconds.
 */
const SECONDS = new Map<string, number>([
  ['test/integration/locate-effects.test.ts', 72],
  ['test/integration/locate-vm.test.ts', 68],
  ['test/integration/locate-native.test.ts', 64],
  ['test/packaging/package.test.ts', 58],
  ['test/integration/python.test.ts', 41],
  ['test/integration/identical-pairs-native.test.ts', 40],
  ['test/integration/frame-limits.test.ts', 39],
  ['test/integration/hits-reached.test.ts', 39],
  ['test/integration/locate.test.ts', 38],
  ['test/integration/hits-stream.test.ts', 32],
  ['test/integration/identical-pairs-vm.test.ts', 26],
  ['test/integration/hits.test.ts', 26],
  ['test/integration/baselines.test.ts', 24],
  ['test/integration/python-adapters-agree.test.ts', 24],
  ['test/integration/lldb.test.ts', 24],
  ['test/integration/node.test.ts', 23],
  ['test/integration/locate-stream.test.ts', 22],
  ['test/integration/go.test.ts', 22],
  ['test/integration/hostile-go.test.ts', 21],
  ['test/integration/locate-ends.test.ts', 21],
  ['test/integration/redaction.test.ts', 19],
  ['test/integration/java.test.ts', 18],
  ['test/integration/identical-pairs-python.test.ts', 16],
  ['adapters/java/test/breakpoints.test.ts', 16],
  ['adapters/python/test/start.test.ts', 16],
  ['test/integration/java-sources.test.ts', 16],
  ['adapters/java/test/processes.test.ts', 15],
  ['test/integration/python-values.test.ts', 15],
  ['test/integration/gdb.test.ts', 15],
  ['test/integration/bounded.test.ts', 14],
  ['test/cli/cli.test.ts', 14],
  ['test/integration/ruby.test.ts', 13],
  ['test/integration/locate-messages.test.ts', 13],
  ['test/integration/ci-example.test.ts', 13],
  ['adapters/python/test/breakpoints.test.ts', 12],
  ['adapters/python/test/steps.test.ts', 10],
  ['test/cli/hostile-inputs.test.ts', 10],
  ['test/integration/python-start.test.ts', 10],
  ['adapters/java/test/class-data-archive.test.ts', 10],
  ['test/integration/native-values.test.ts', 9],
  ['adapters/node/test/hit-conditions.test.ts', 9],
  ['test/integration/go-values.test.ts', 9],
  ['adapters/node/test/lifecycle.test.ts', 8],
  ['test/integration/breakpoints.test.ts', 8],
  ['test/integration/languages.test.ts', 8],
  ['test/integration/mcp.test.ts', 7],
  ['test/integration/redaction-front-doors.test.ts', 7],
  ['test/cli/output-file.test.ts', 7],
  ['adapters/node/test/typescript.test.ts', 6],
  ['adapters/node/test/processes.test.ts', 5],
  ['adapters/node/test/breakpoints.test.ts', 5],
  ['adapters/python/test/threads-lazy.test.ts', 5],
  ['adapters/java/test/stepping.test.ts', 5],
  ['adapters/node/test/entry.test.ts', 5],
  ['test/cli/live.test.ts', 5],
  ['test/integration/go-exact.test.ts', 4],
  ['test/integration/processes/python-repr-limit.test.ts', 4],
  ['adapters/node/test/top-level.test.ts', 4],
  ['test/integration/hostile-live.test.ts', 3],
  ['adapters/java/test/classes-later.test.ts', 3],
  ['test/integration/escape.test.ts', 3],
  ['test/integration/adapter-config.test.ts', 3],
  ['adapters/python/test/hits.test.ts', 3],
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
