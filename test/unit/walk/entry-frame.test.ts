// The entry function's frame below a stop inside code inlined at its start (entry-frame.ts): lldb
// stops `main` of a Rust program in the standard library's Box::new_uninit when main starts with vec![].
import { describe, expect, it } from 'vitest';
import { entryFrameBelow, isEntryFunction } from '../../../src/walk/entry-frame.js';

const INLINED = {
  name: 'alloc::boxed::Box$LT$T$GT$::new_uninit::hd8cd0b6d46b3bcb8',
  file: '/rustc/59807616/library/alloc/src/boxed.rs',
  line: 317,
};
const MAIN = { name: 'total::main::h15f3dc4acb741d49', file: '/work/total.rs', line: 22 };
const START = { name: 'std::rt::lang_start::{{closure}}', file: '/rustc/59807616/library/std/src/rt.rs', line: 206 };

describe('isEntryFunction', () => {
  it('is the entry function by its name, as the last part of a path, without a legacy hash or arguments', () => {
    expect(isEntryFunction('main', ['main'])).toBe(true);
    expect(isEntryFunction('total::main', ['main'])).toBe(true);
    expect(isEntryFunction('total::main::h15f3dc4acb741d49', ['main'])).toBe(true);
    expect(isEntryFunction('main(int, char**)', ['main'])).toBe(true);
    expect(isEntryFunction('main.main', ['main.main'])).toBe(true);
    expect(isEntryFunction('Records.main', ['main'])).toBe(true);
  });

  it('is not a function whose name only ends like it, nor another', () => {
    expect(isEntryFunction('domain', ['main'])).toBe(false);
    expect(isEntryFunction('total::main_loop', ['main'])).toBe(false);
    expect(isEntryFunction('main::{closure#0}', ['main'])).toBe(false);
    expect(isEntryFunction('alloc::boxed::Box$LT$T$GT$::new_uninit::hd8cd0b6d46b3bcb8', ['main'])).toBe(false);
    expect(isEntryFunction('main', [])).toBe(false);
  });
});

describe('entryFrameBelow', () => {
  it('is the entry function frame under inlined code at its start', () => {
    expect(entryFrameBelow([INLINED, MAIN, START], ['main'])).toEqual(MAIN);
  });

  it('is null when the stop is in the entry function itself, has no entry function below, or it has no source', () => {
    expect(entryFrameBelow([MAIN, START], ['main'])).toBeNull();
    expect(entryFrameBelow([INLINED, START], ['main'])).toBeNull();
    expect(entryFrameBelow([INLINED, { ...MAIN, file: null }, START], ['main'])).toBeNull();
    expect(entryFrameBelow([], ['main'])).toBeNull();
    expect(entryFrameBelow([INLINED, MAIN], [])).toBeNull();
  });

  it('looks no further than the first frames', () => {
    const deep = [INLINED, ...Array.from({ length: 10 }, () => INLINED), MAIN];
    expect(entryFrameBelow(deep, ['main'])).toBeNull();
  });
});
