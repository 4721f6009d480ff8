// The texts a stream keeps from step to step (_bpdiff_light/texts.py: a bound method's `name=TEXT` by its
// name, qualified name and object's repr; numbers, strings, booleans and None by type and value) and
// saferepr.py's table of exact types: the same texts as written afresh, while the values change between
// steps in each way that changes a text (an object's repr its methods' texts hold, 1 and True and 1.0,
// -0.0 and 0.0, a method renamed or hidden by an attribute, a tuple inside a list).
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { FIXTURES, pythons } from './helpers.js';

interface Kept {
  steps: Array<{ change: string; kept: Record<string, string>; fresh: Record<string, string> }>;
  kept: { methods: number; scalars: number };
  parts: { agree: boolean; count: number; table: number };
  bounded: { methods: number; 'long scalars': number };
}

describe.each(pythons())('light adapter: the texts kept from step to step, on $name', ({ executable }) => {
  it('are the texts written afresh at every step, whatever changed', async () => {
    const { stdout } = await execa(executable, [path.join(FIXTURES, 'texts_kept.py')], { stdin: 'ignore' });
    const found = JSON.parse(stdout) as Kept;
    for (const { change, kept, fresh } of found.steps) expect({ change, kept }).toEqual({ change, kept: fresh });
    // The stream kept texts (else nothing above was kept at all).
    expect(found.kept.methods).toBeGreaterThan(0);
    expect(found.kept.scalars).toBeGreaterThan(0);
    const owner = (change: string): string => found.steps.find((step) => step.change === change)!.kept['owner']!;
    expect(owner('none')).toBe(
      "Owner: Owner(n=1) {flag=int: 1, items=list: [1, 'x', (2,)] {0=int: 1, 1=str: 'x', 2=tuple: (2,) {0=int: 2, len()=int: 1}, len()=int: 3}, n=int: 1, nothing=NoneType: None, word=str: 'a', _step=method: <bound method Owner._step of Owner(n=1)> {}}",
    );
    const changed = found.steps.find((step) => step.change.startsWith('n becomes 2'))!.kept;
    expect(changed['owner']).toContain('_step=method: <bound method Owner._step of Owner(n=2)> {}');
    expect(changed['holder']).toContain('_callback=method: <bound method Owner._step of Owner(n=2)> {}');
    expect(owner('flag 1 becomes True')).toContain('flag=bool: True,');
    expect(owner('flag True becomes 1.0')).toContain('flag=float: 1.0,');
    expect(owner('flag becomes -0.0')).toContain('flag=float: -0.0,');
    expect(owner('flag becomes 0.0')).toContain('flag=float: 0.0,');
    expect(owner('word becomes 1')).toContain('word=int: 1,');
    expect(owner("nothing becomes 'None'")).toContain("nothing=str: 'None',");
    expect(owner('the method renamed')).toContain('_step=method: <bound method Owner._renamed of Owner(n=2)> {}');
    expect(owner('the method hidden by an attribute')).toContain('_step=int: 5}');
    expect(owner('items change inside')).toContain(
      "items=list: [1, 'x', (3,)] {0=int: 1, 1=str: 'x', 2=tuple: (3,) {0=int: 3,",
    );
    // A thread's ids, rewritten by the definition's volatile rule, not kept as numbers.
    expect(found.steps[0]!.kept['worker']).toContain('ident=int: <thread id>');
    expect(found.parts).toEqual({ agree: true, count: 20, table: 18 });
    // Texts too long to keep (a repr of 5,000 characters in a method's text, a number of 2,000 digits) are
    // written at each step, not kept: what the caches hold stays small whatever the program's reprs.
    expect(found.bounded).toEqual({ methods: 0, 'long scalars': 0 });
  });
});
