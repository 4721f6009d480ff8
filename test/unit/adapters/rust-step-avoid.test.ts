// The functions a Rust run's step into a call steps over inside lldb (hooks.ts RUST_STEP_AVOID): the
// standard library's, in legacy and v0 symbols, and never a method of the program's own impl, which
// the orphan rules allow on a standard type (`impl Total for Vec<u32>`, `impl Display for
// Box<Item>`). JavaScript reads the expression as lldb's POSIX one does here; locate-rust.test.ts
// walks a real program through it.
import { describe, expect, it } from 'vitest';
import { RUST_STEP_AVOID } from '../../../adapters/lldb/hooks.js';

const avoided = new RegExp(RUST_STEP_AVOID);

describe('RUST_STEP_AVOID', () => {
  it("steps over the standard library's functions and methods, in legacy and v0 symbols", () => {
    for (const name of [
      'alloc::vec::Vec$LT$T$C$A$GT$::push::h1a2b3c4d5e6f7a8b',
      'core::ptr::drop_in_place$LT$total..Item$GT$::h1a2b3c4d5e6f7a8b',
      'core::ptr::drop_in_place::<total::Item>',
      '_$LT$alloc..vec..Vec$LT$T$C$A$GT$$u20$as$u20$core..ops..index..Index$LT$I$GT$$GT$::index::hfb4543bdf',
      '_$LT$T$u20$as$u20$alloc..string..ToString$GT$::to_string::h39232cf039aefd81',
      '_$LT$core..iter..adapters..enumerate..Enumerate$LT$I$GT$$u20$as$u20$core..iter..traits..iterator..Iterator$GT$::next::h1',
      '<alloc::vec::Vec<u32> as core::ops::index::Index<usize>>::index',
      '<alloc::string::String>::push_str',
      '<[u8] as core::fmt::Debug>::fmt',
      '<&str as core::str::pattern::Pattern>::is_prefix_of',
      '<core::option::Option<u32> as core::ops::try_trait::Try>::branch',
      '<fn() as core::ops::function::FnOnce<()>>::call_once',
    ])
      expect(avoided.test(name), name).toBe(true);
  });

  it("steps into the program's own functions and impls, on its types or on the standard library's", () => {
    for (const name of [
      'total::main',
      'total::main::h15f3dc4acb741d49',
      'total::main::{closure#0}',
      '_$LT$alloc..vec..Vec$LT$u32$GT$$u20$as$u20$total..Total$GT$::total::had54151e627d605b',
      '<alloc::vec::Vec<u32> as total::Total>::total',
      '<alloc::boxed::Box<total::Item> as core::fmt::Display>::fmt',
      '_$LT$alloc..boxed..Box$LT$total..Item$GT$$u20$as$u20$core..fmt..Display$GT$::fmt::h12',
      '<alloc::vec::Vec<alloc::string::String> as core::convert::From<total::Item>>::from',
      '<total::Item as core::clone::Clone>::clone',
      '_$LT$total..Item$u20$as$u20$core..clone..Clone$GT$::clone::h1',
      '<[total::Item] as core::fmt::Debug>::fmt',
      '<dyn total::Shape>::area',
      '<core::iter::adapters::map::Map<core::str::iter::Split<char>, total::parse::{closure#0}> as core::iter::traits::iterator::Iterator>::next',
      // A crate whose name only starts like the standard library's.
      'core_utils::trim',
      '<core_utils::X as core::fmt::Debug>::fmt',
      '_$LT$core_utils..X$u20$as$u20$core..fmt..Debug$GT$::fmt::h1',
    ])
      expect(avoided.test(name), name).toBe(false);
  });
});
