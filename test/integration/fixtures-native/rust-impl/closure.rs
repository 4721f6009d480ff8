// locate-rust.test.ts: the runs part ways inside a closure that Iterator::map calls from inside
// collect() (the standard library's code, which lldb steps over): B takes the `if` for x == 2.
fn main() {
    let v = vec![1, 2, 3];
    let w: Vec<i32> = v
        .iter()
        .map(|x| {
            let mut y = x * 2;
            if std::env::var("PART").is_ok() && *x == 2 {
                y += 1;
            }
            y
        })
        .collect();
    println!("{:?}", w);
}
