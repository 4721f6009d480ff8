// The library's diffCaptures names its runs as `bpdiff diff` does: two captures with one label are
// told apart as A and B, and a label given (label_a, label_b; the MCP tool's too) is kept as given.
import { describe, expect, it } from 'vitest';
import { diffCaptures } from '../../../src/index.js';
import { makeCapture } from '../fixtures/captures.js';

describe('diffCaptures labels', () => {
  const a = makeCapture({ side: 'a', label: 'capture', variables: { qty: '10' } });
  const b = makeCapture({ side: 'b', label: 'capture', variables: { qty: '12' } });

  it('tells two captures of one label apart as A and B', async () => {
    const { result } = await diffCaptures(a, b);
    expect([result.run_a.label, result.run_b.label]).toEqual(['A', 'B']);
    expect(result.diff.changed.qty).toEqual({ a: '10', b: '12' });
  });

  it('keeps the labels given, even one for both', async () => {
    expect((await diffCaptures(a, b, { label_a: 'main', label_b: 'pr' })).result.run_a.label).toBe('main');
    const same = (await diffCaptures(a, b, { label_a: 'x', label_b: 'x' })).result;
    expect([same.run_a.label, same.run_b.label]).toEqual(['x', 'x']);
    const one = (await diffCaptures(a, b, { label_b: 'pr' })).result;
    expect([one.run_a.label, one.run_b.label]).toEqual(['A', 'pr']);
  });

  it('refuses a label that is not a non-empty string', async () => {
    await expect(diffCaptures(a, b, { label_a: '' })).rejects.toThrow(
      '--label-a is empty — give --label-a a value, or leave the flag out',
    );
  });
});
