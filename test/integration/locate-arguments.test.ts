// A call whose arguments differ (fixtures-locate-effects/python/arguments.py): both walks stop at the
// callee's first line, where its values first differ, and say that the line before, whose call
// entered it, passed them.
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeWithTool, locateBothModes } from './helpers.js';
import { PYTHON_ADAPTERS } from './python-adapters.js';

const PYTHON = path.join(import.meta.dirname, 'fixtures-locate-effects/python');
const adapter = PYTHON_ADAPTERS[0]!;

describeWithTool('locate: a call given other arguments (Python)', adapter.tool, adapter.available, () => {
  it("stops at the callee's first line and names the line that passed the values, both ways", async () => {
    await locateBothModes(['--env-b', 'PART=B'], ['python3', 'arguments.py'], PYTHON, (run) => {
      expect(run.doc!.analysis_hints[0]).toMatch(
        /^the runs part ways at arguments\.py:7 in b\(\) \(.*step \d+\): x is 1 in A and 2 in B$/,
      );
      expect(run.doc!.analysis_hints[1]).toBe(
        'the step before, both runs were at arguments.py:13, whose call entered b() with these values: what differs is what that line passed it',
      );
    });
  });
});
