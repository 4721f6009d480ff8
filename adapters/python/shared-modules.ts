// What bpdiff's Python adapter lends the debugpy adapter: the order a set's elements are written in
// (_bpdiff_light/setorder.py), so that both adapters write a set alike and a comparison across them
// (a baseline recorded on one, checked on the other) sees no false change; and a value's repr bounded
// in time (_bpdiff_light/bounded.py), written once for both. debugpy's hooks put it
// beside their sitecustomize.py. Named by an import, not a path in another adapter's code, so the
// dependency is in sight.
import path from 'node:path';
import { packageRoot } from '../../src/package-root.js';

/** The Python module that orders a set's elements, from bpdiff's own installation. */
export function setOrderModule(): string {
  return path.join(packageRoot(), 'adapters', 'python', '_bpdiff_light', 'setorder.py');
}

/** The Python module that bounds a value's repr in time (and says a repr's error), from bpdiff's own installation. */
export function boundedReprModule(): string {
  return path.join(packageRoot(), 'adapters', 'python', '_bpdiff_light', 'bounded.py');
}
