// Names that hold an address (a Hash's or a dict's entry named by its key's text, an object's address
// in it): two identical runs must name the same entry alike (src/values/address-names.ts). Before, the
// entry was only in A under one name and only in B under another (rdbg; debugpy, whose addresses differ
// from run to run), exit 1. Two keys alike but for their addresses keep apart, by their order.
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROOT, describeWithTool, onPath, runBpdiff } from './helpers.js';
import { PYTHON_ADAPTERS } from './python-adapters.js';

const FIXTURES = path.join(ROOT, 'test/integration/fixtures-values/object-keys');

describeWithTool(
  'names with addresses (Ruby through rdbg)',
  'ruby with its debug gem (apt-get install -y ruby)',
  onPath('ruby'),
  () => {
    it("a Hash keyed by objects: each entry named with its key's address masked, two runs alike", async () => {
      const run = await runBpdiff(['--bp', 'keys.rb:10', '--', 'ruby', 'keys.rb', '--', 'ruby', 'keys.rb'], {
        cwd: FIXTURES,
      });
      expect(run.leftovers).toEqual([]);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.doc!.run_a.variables).toMatchObject({
        'h[#<Node:0x… @name="a">]': '1',
        'h[#<Node:0x…#2 @name="a">]': '2',
      });
    });
  },
);

const debugpy = PYTHON_ADAPTERS.find((adapter) => adapter.id === 'debugpy')!;
describeWithTool('names with addresses (Python through debugpy)', debugpy.tool, debugpy.available, () => {
  it('a dict keyed by objects alike but for their addresses: told apart by their order, two runs alike', async () => {
    const run = await runBpdiff(
      ['--adapter', 'debugpy', '--bp', 'keys.py:8', '--', 'python3', 'keys.py', '--', 'python3', 'keys.py'],
      { cwd: FIXTURES },
    );
    expect(run.leftovers).toEqual([]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.doc!.run_a.variables).toMatchObject({
      'd["<__main__.Node object at 0x…>"]': '1',
      'd["<__main__.Node object at 0x…#2>"]': '2',
    });
  });
});
