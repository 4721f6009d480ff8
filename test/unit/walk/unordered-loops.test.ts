import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  bodyEnd,
  iterableRoot,
  stillIn,
  UnorderedLoops,
  unorderedLoopAround,
} from '../../../src/walk/unordered-loops.js';

const GO = [
  'func total(items map[string]Item) int {', // 1
  '\tsum := 0', // 2
  '\tfor _, it := range items {', // 3
  '\t\tsum += it.Price', // 4
  '\t\tif it.Name == "}" {', // 5
  '\t\t\tsum++', // 6
  '\t\t}', // 7
  '\t}', // 8
  '\treturn sum', // 9
  '}', // 10
];
const RUST = [
  'fn total(prices: &HashMap<String, usize>) -> usize {', // 1
  '    let mut sum = 0;', // 2
  "    'outer: for (name, price) in &prices.map {", // 3
  '        sum += price; // }', // 4
  '    }', // 5
  '    for x in v.iter() { sum += x; }', // 6
  '    sum', // 7
  '}', // 8
];
const MAP = [/^map\[/];
const HASH = [/^std::collections::hash::(map::HashMap|set::HashSet)</];

describe('unordered loops', () => {
  it("finds a Go range over a map around its body's lines, by the frame's type, braces in strings not counted", () => {
    const types = { items: 'map[string]main.Item', sum: 'int' };
    for (const line of [3, 4, 6, 8])
      expect(unorderedLoopAround(GO, '/p/total.go', line, types, MAP)).toEqual({
        file: '/p/total.go',
        head: 3,
        end: 8,
        iterable: 'items',
        type: 'map[string]main.Item',
        targets: ['it'],
      });
    expect(unorderedLoopAround(GO, '/p/total.go', 9, types, MAP)).toBeNull();
    expect(unorderedLoopAround(GO, '/p/total.go', 2, types, MAP)).toBeNull();
    // A slice goes in its own order: not such a loop.
    expect(unorderedLoopAround(GO, '/p/total.go', 4, { items: '[]main.Item' }, MAP)).toBeNull();
    // Another language's file, or no types to look for: none.
    expect(unorderedLoopAround(GO, '/p/total.py', 4, types, MAP)).toBeNull();
    expect(unorderedLoopAround(GO, '/p/total.go', 4, types, [])).toBeNull();
  });

  it('takes the outermost such loop around a line: an inner loop over a map inside one over a map', () => {
    const lines = [
      'func find(m map[string]map[string]int) string {', // 1
      '\tfor outer, inner := range m {', // 2
      '\t\tfor name := range inner {', // 3
      '\t\t\treturn outer + name', // 4
      '\t\t}', // 5
      '\t}', // 6
      '\treturn ""', // 7
      '}', // 8
    ];
    const types = { m: 'map[string]map[string]int', inner: 'map[string]int' };
    expect(unorderedLoopAround(lines, '/p/find.go', 4, types, MAP)).toMatchObject({ head: 2, end: 6, iterable: 'm' });
    // Inside a loop over a slice, the loop over the map is the one.
    expect(unorderedLoopAround(lines, '/p/find.go', 4, { ...types, m: '[]map[string]int' }, MAP)).toMatchObject({
      head: 3,
      end: 5,
      iterable: 'inner',
    });
  });

  it('finds a labelled Rust for over a reference to a field, through the pointer name lldb gives it', () => {
    const types = { '(*prices).map': 'std::collections::hash::map::HashMap<String, usize> *' };
    const loop = unorderedLoopAround(RUST, '/p/total.rs', 4, types, HASH);
    expect(loop).toMatchObject({ head: 3, end: 5, iterable: '&prices.map', targets: ['name', 'price'] });
    // A one-line loop over a Vec is not one.
    expect(unorderedLoopAround(RUST, '/p/total.rs', 6, { v: 'alloc::vec::Vec<u32>' }, HASH)).toBeNull();
  });

  it("finds a Python for over a set by its body's indentation, comments and blank lines inside it", () => {
    const lines = [
      'def walk(seen):', // 1
      '    for (a, b) in seen:  # pairs', // 2
      '        x = a', // 3
      '', // 4
      '# a comment at the margin', // 5
      '        y = b', // 6
      '    return x', // 7
    ];
    const loop = unorderedLoopAround(lines, '/p/walk.py', 6, { seen: 'set' }, [/^(set|frozenset)$/]);
    expect(loop).toMatchObject({ head: 2, end: 6, iterable: 'seen', targets: ['a', 'b'] });
    expect(unorderedLoopAround(lines, '/p/walk.py', 7, { seen: 'set' }, [/^(set|frozenset)$/])).toBeNull();
    expect(unorderedLoopAround(lines, '/p/walk.py', 3, { seen: 'list' }, [/^(set|frozenset)$/])).toBeNull();
  });

  it("finds a Python comprehension's own frame going through a set's iterator, on its line", () => {
    const lines = ['upper = [n.name.upper() for n in seen if n.name]  # a', 'total = sum(n for n in items)'];
    const orders = [/^(set|frozenset|set_iterator)$/];
    expect(unorderedLoopAround(lines, '/p/c.py', 1, { '.0': 'set_iterator', n: 'Node' }, orders)).toEqual({
      file: '/p/c.py',
      head: 1,
      end: 1,
      iterable: 'seen',
      type: 'set_iterator',
      targets: ['n'],
    });
    // A list's iterator, or the caller's frame (no `.0`): not such a loop.
    expect(unorderedLoopAround(lines, '/p/c.py', 2, { '.0': 'list_iterator' }, orders)).toBeNull();
    expect(unorderedLoopAround(lines, '/p/c.py', 1, { seen: 'set' }, orders)).toBeNull();
  });

  it('finds a loop over a method of a map (a set difference, a filter), not over a call that starts it', () => {
    const lines = [
      'fn f(a: HashSet<u32>, b: HashSet<u32>) {', // 1
      '    for x in a.difference(&b) {', // 2
      '        g(x);', // 3
      '    }', // 4
      '    for x in sorted(a) {', // 5
      '        g(x);', // 6
      '    }', // 7
      '}', // 8
    ];
    const types = { a: 'std::collections::hash::set::HashSet<u32>', b: 'std::collections::hash::set::HashSet<u32>' };
    expect(unorderedLoopAround(lines, '/p/f.rs', 3, types, HASH)).toMatchObject({
      head: 2,
      iterable: 'a.difference(&b)',
    });
    expect(unorderedLoopAround(lines, '/p/f.rs', 6, types, HASH)).toBeNull();
  });

  it('names the container a loop goes through, or none for an expression it cannot name', () => {
    expect(iterableRoot('&mut self.items')).toBe('self.items');
    expect(iterableRoot('prices.keys()')).toBe('prices');
    expect(iterableRoot('(*m).iter()')).toBe('m');
    expect(iterableRoot('build()')).toBeNull();
    expect(iterableRoot('m[k]')).toBeNull();
  });

  it('ends a body at its closing brace, or not at all', () => {
    expect(bodyEnd(GO, 3, GO[2]!.indexOf('{'))).toBe(8);
    expect(bodyEnd(RUST, 6, RUST[5]!.indexOf('{'))).toBe(6);
    expect(bodyEnd(['for k := range m {', 'x++'], 1, 17)).toBeNull();
  });

  it("a run is still in a loop on its lines in the loop's call, or deeper; not after it, in another call, or ended", () => {
    const where = {
      loop: { file: '/p/total.go', head: 3, end: 8, iterable: 'items', type: 'map', targets: ['it'] },
      frame: 1,
      name: 'main.total',
      call: 2,
    };
    const at = (line: number, frame = 1, call = 2, name = 'main.total') => ({
      file: '/p/total.go',
      line,
      frame,
      name,
      call,
    });
    expect(stillIn(at(3), where)).toBe(true);
    expect(stillIn(at(8), where)).toBe(true);
    expect(stillIn(at(40, 2, 1, 'main.price'), where)).toBe(true);
    expect(stillIn(at(9), where)).toBe(false);
    expect(stillIn(at(4, 1, 3), where)).toBe(false);
    expect(stillIn(at(4, 0, 1, 'main.main'), where)).toBe(false);
    expect(stillIn(null, where)).toBe(false);
  });

  it('finds the container of its own order a line reads, by the frame types of the names it writes', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-unordered-'));
    try {
      const file = path.join(folder, 'k.rs');
      fs.writeFileSync(
        file,
        'fn main() {\n    let names: Vec<_> = self.prices.keys().collect(); // "m"\n    let n = m.len();\n}\n',
      );
      const loops = new UnorderedLoops(HASH);
      const place = (line: number) => ({ file, line, frame: 1, name: 'k::main', call: 1 });
      const types = { 'self.prices': 'std::collections::hash::map::HashMap<String, u32>', m: 'alloc::vec::Vec<u32>' };
      expect(loops.readAt(place(2), types)).toMatchObject({ head: 2, end: 2, iterable: 'self.prices', targets: [] });
      // A name in a string or a comment is not read; a Vec is no such container.
      expect(loops.readAt(place(3), types)).toBeNull();
      expect(new UnorderedLoops([]).readAt(place(2), types)).toBeNull();
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
