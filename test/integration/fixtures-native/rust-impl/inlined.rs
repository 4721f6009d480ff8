// A function of the user's that rustc inlines even in a debug build (#[inline(always)]): no breakpoint
// at a function's start stops in it, where a step into its caller's line enters it (lldb-dap's walk
// steps in by a step over with such breakpoints only where none of the user's functions is inlined).
#[inline(always)]
fn scale(x: u64) -> u64 {
    let part = std::env::var_os("PART").is_some();
    if part && x == 3 {
        return x * 4;
    }
    x * 3
}

fn main() {
    let mut total = 0u64;
    for i in 0..5 {
        total += scale(i);
    }
    println!("{}", total);
}
