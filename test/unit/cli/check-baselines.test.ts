// The committed baseline's form (src/cli/check-baselines.ts): a run capture, stable and diff-friendly.
import { describe, expect, it } from 'vitest';
import { baselineDocument, isCi, shownPath } from '../../../src/cli/check-baselines.js';
import { validateCapture } from '../../../src/core/schemas.js';
import { formatJson } from '../../../src/report/json.js';
import { makeCapture } from '../fixtures/captures.js';

describe('a committed baseline', () => {
  const capture = {
    ...makeCapture({ label: 'B', variables: { zeta: '1', alpha: "'a'", 'cart[0]': '2' } }),
    cwd: '/home/someone/project',
    frames: [
      { name: 'price', file: 'src/pricing.py', line: 30 },
      { name: '_run_code', file: '/usr/lib/python3.11/runpy.py', line: 88 },
    ],
  };
  const document = baselineDocument(capture);

  it('is a run capture the schema accepts, with no timing, working directory or path outside the checkout', () => {
    expect(validateCapture(document).errors).toEqual([]);
    expect(document).not.toHaveProperty('timing');
    expect(document).not.toHaveProperty('cwd');
    expect(document['frames']).toEqual([{ file: 'src/pricing.py', line: 30, name: 'price' }]);
    expect(formatJson(document)).not.toMatch(/"\/(home|usr)\//);
  });

  it('has its keys sorted at every level and one value per line, the run named "baseline"', () => {
    const text = formatJson(document);
    expect(Object.keys(document)).toEqual([...Object.keys(document)].sort());
    const run = document['run'] as { label: string; variables: Record<string, string> };
    expect(run.label).toBe('baseline');
    expect(Object.keys(run.variables)).toEqual(['alpha', 'cart[0]', 'zeta']);
    expect(text).toContain('\n      "alpha": "\'a\'",\n      "cart[0]": "2",\n      "zeta": "1"\n');
    // The same capture twice gives the same bytes, whatever order its keys came in.
    expect(
      formatJson(
        baselineDocument({
          ...capture,
          run: { ...capture.run, variables: { 'cart[0]': '2', zeta: '1', alpha: "'a'" } },
        }),
      ),
    ).toBe(text);
  });

  it('CI is on when CI is set to anything but nothing, 0 or false; paths are shown from where bpdiff runs', () => {
    expect([{ CI: 'true' }, { CI: '1' }, { CI: 'false' }, { CI: '' }, { CI: '0' }, {}].map((env) => isCi(env))).toEqual(
      [true, true, false, false, false, false],
    );
    expect(shownPath('/p/.bpdiff/baselines/x.json', '/p')).toBe('.bpdiff/baselines/x.json');
    expect(shownPath('/elsewhere/x.json', '/p')).toBe('/elsewhere/x.json');
  });
});
