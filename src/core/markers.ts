// The markers a container's value holds where its children's values stood (`Cart(items=‹items›)`,
// src/values/summaries.ts), and how to read a masked value back as the debugger showed it.
import { splitChildPath } from './child-path.js';

export const MARKER_OPEN = '‹';
export const MARKER_CLOSE = '›';

/** The marker of a child named `name` by its parent (`[0]` -> `0`, `['k']` -> `'k'`, `(1)` -> `1`, `items` -> `items`). */
export function markerName(name: string): string {
  if (
    (name.startsWith('[') && name.endsWith(']')) ||
    (name.startsWith('{') && name.endsWith('}')) ||
    (name.startsWith('(') && name.endsWith(')'))
  )
    return name.slice(1, -1);
  return name;
}

/**
 * A masked value with each marker replaced by its child's value, itself unmasked: the text the
 * debugger showed, for a reader that sees one value alone (a GitHub annotation). A marker with no
 * child among `variables` (left out, folded) stays.
 */
export function unmaskValue(path: string, variables: Readonly<Record<string, string>>): string {
  const unmask = (at: string, depth: number): string => {
    const text = Object.hasOwn(variables, at) ? variables[at]! : '';
    if (!text.includes(MARKER_OPEN) || depth > 32) return text;
    const children = new Map<string, string>();
    const addChildrenOf = (parent: string): void => {
      for (const name of Object.keys(variables)) {
        const split = splitChildPath(name);
        if (split === null || split.parent !== parent) continue;
        // A pointer shows its pointee's text, whose markers name the pointee's children.
        if (split.name === '*') addChildrenOf(name);
        children.set(split.name, name);
        if (!children.has(markerName(split.name))) children.set(markerName(split.name), name);
      }
    };
    addChildrenOf(at);
    return text.replace(/‹([^‹›]*)›/g, (whole, marker: string) => {
      const child = children.get(marker);
      return child === undefined ? whole : unmask(child, depth + 1);
    });
  };
  return unmask(path, 0);
}
