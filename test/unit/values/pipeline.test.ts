import { describe, expect, it } from 'vitest';
import { runValuePipeline, type CapturedValues, type ValueContext } from '../../../src/values/pipeline.js';

const values = (variables: Record<string, string>): CapturedValues => ({ variables, types: {}, truncated: [], normalised: [] });
const context = (overrides: Partial<ValueContext> = {}): ValueContext => ({ adapter: null, breakpointPath: '/src/app.py', raw: false, ...overrides });

describe('the value pipeline', () => {
  it('replaces addresses and keeps null pointers, and says which values it changed', () => {
    const out = runValuePipeline(values({ p: '<Obj object at 0x7f3a2b1c4d50>', q: '0x0000000000', n: '3' }), context());
    expect(out.variables).toEqual({ n: '3', p: '<Obj object at 0x…>', q: '0x0000000000' });
    expect(out.normalised).toEqual(['p']);
  });

  it('keeps addresses with --raw-values', () => {
    expect(runValuePipeline(values({ p: 'at 0x7f3a2b1c4d50' }), context({ raw: true })).variables).toEqual({ p: 'at 0x7f3a2b1c4d50' });
  });

  it("replaces bpdiff's own run marker in every value, even with --raw-values", () => {
    const runTexts = [{ text: '6f1c2d3e-aaaa-bbbb-cccc-0123456789ab', token: '<BPDIFF_RUN>' }];
    const env = "{'HOME': '/root', 'BPDIFF_RUN': '6f1c2d3e-aaaa-bbbb-cccc-0123456789ab'}";
    const out = runValuePipeline(values({ env, "env['BPDIFF_RUN']": "'6f1c2d3e-aaaa-bbbb-cccc-0123456789ab'" }), context({ raw: true, runTexts }));
    expect(out.variables).toEqual({ env: "{'HOME': '/root', 'BPDIFF_RUN': '<BPDIFF_RUN>'}", "env['BPDIFF_RUN']": "'<BPDIFF_RUN>'" });
  });

  it('orders variables and types by name, whatever order the adapter listed them in', () => {
    const out = runValuePipeline({ variables: { b: '2', a: '1', 'a.x': '0' }, types: { b: 'int', a: 'int' }, truncated: ['b', 'a'], normalised: [] }, context());
    expect(Object.keys(out.variables)).toEqual(['a', 'a.x', 'b']);
    expect(Object.keys(out.types)).toEqual(['a', 'b']);
    expect(out.truncated).toEqual(['a', 'b']);
  });

  it('keeps a variable named __proto__ as a plain key', () => {
    const input = values(JSON.parse('{"__proto__": "1", "x": "2"}') as Record<string, string>);
    expect(Object.keys(runValuePipeline(input, context()).variables)).toEqual(['__proto__', 'x']);
  });
});
