// bpdiff's hit tests: a Rust println! line, which lldb binds to three code locations, each stopped at
// once a pass: at pass k, i is k-1 and acc the sum of 0..k.
fn main() {
    let limit: u32 = std::env::args().nth(1).and_then(|text| text.parse().ok()).unwrap_or(10);
    let mut acc = 0u64;
    for i in 0..limit {
        acc += u64::from(i);
        println!("{} {}", i, acc);
    }
}
