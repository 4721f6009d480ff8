// The README's library example: run it from the repository root after `npm run build`
// (`node examples/library/compare.mjs`); in a project that installed bpdiff, import from 'bpdiff'.
import { compare, capture, diffCaptures } from '../../dist/bpdiff.cjs';

const run = (cwd) => ({ command: ['python3', 'pricing.py', '10'], cwd });
const { result, exit_code } = await compare({
  bp: 'pricing.py:34', condition: 'item.qty > 3',
  run_a: run('examples/python/pricing/v1'), run_b: run('examples/python/pricing/v2'),
  max_children: 50, ignore: ['order*'], tolerance: '0.5%',
});
console.log(exit_code, result.diff.changed);

const base = await capture({ bp: 'pricing.py:34', condition: 'item.qty > 3', run: run('examples/python/pricing/v1') });
const head = await capture({ bp: 'pricing.py:34', condition: 'item.qty > 3', run: run('examples/python/pricing/v2') });
console.log((await diffCaptures(base, head)).result.analysis_hints[1]);
