// The attributes a stream's texts fold in (_bpdiff_light/attributes.py): the same names and values as
// variables._attributes gave them (the hidden left out), on each kind of class that changes how an
// attribute is read (properties, slots, a cached_property, a set-only descriptor, __getattr__, its own
// __getattribute__ or __dir__, a faked __class__, a metaclass, a key that is not a str), and after a
// class or its base changes between two steps (the version tag CPython 3.10+ gives a class, read
// through ctypes; before 3.10 its check fails and a class is read again at each step), and after the
// object's own names change (the layout a class's view keeps for each tuple of them).
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { FIXTURES, pythons } from './helpers.js';

interface Agreement {
  cases: Record<string, { agree: boolean; before: string[]; now: string[] }>;
  changes: Array<{ change: string; agree: boolean; now: string[] }>;
  tag: boolean;
}

describe.each(pythons())('light adapter: the attributes a text folds in, on $name', ({ name, executable }) => {
  it('agree with every attribute dir() and getattr read, on every kind of class, and follow a class that changes', async () => {
    const { stdout } = await execa(executable, [path.join(FIXTURES, 'attributes_agree.py')], { stdin: 'ignore' });
    const found = JSON.parse(stdout) as Agreement;
    for (const [kind, { agree, before, now }] of Object.entries(found.cases))
      expect({ kind, agree, now }).toEqual({ kind, agree: true, now: before });
    // Shown: instance values, class constants and patterns, properties (one that raises: its traceback),
    // protected methods; not the public methods (hidden), nor the specials.
    expect(found.cases['plain']!.now).toEqual([
      'LIMIT',
      'PATTERN',
      'broken',
      'count',
      'doubled',
      'trail__',
      '_Plain__secret',
      '_TEMPLATE',
      '_cache',
      '_helper',
      '_make',
    ]);
    // The instance's own `run` hides the method; a property comes before the instance's own value.
    expect(found.cases['shadowed']!.now).toContain('run');
    expect(found.cases['slots']!.now).toEqual(['KIND', 'a', 'unset', '_b']);
    expect(found.changes).toEqual([
      { change: 'none', agree: true, now: ['LIMIT'] },
      { change: 'base gains EXTRA', agree: true, now: ['EXTRA', 'LIMIT'] },
      { change: "base's run becomes 7", agree: true, now: ['EXTRA', 'LIMIT', 'run'] },
      { change: 'derived gains _own', agree: true, now: ['EXTRA', 'LIMIT', 'run', '_own'] },
      { change: 'none again', agree: true, now: ['EXTRA', 'LIMIT', 'run', '_own'] },
      // The object's own names change: the layout kept for its names is not the one used.
      { change: 'the object gains n', agree: true, now: ['EXTRA', 'LIMIT', 'n', 'run', '_own'] },
      { change: "the object's _own hides the class's", agree: true, now: ['EXTRA', 'LIMIT', 'n', 'run', '_own'] },
      { change: 'the object loses n', agree: true, now: ['EXTRA', 'LIMIT', 'run', '_own'] },
    ]);
    const minor = Number(name.split('.')[1]);
    // Where a class's version tag is read (its check passed), a class is read once, not at every step.
    if (minor >= 10) expect(found.tag).toBe(true);
  });
});
