// locate-rust.test.ts: a method of the program's own trait, implemented on a standard type (Vec<u32>),
// where the runs part ways (B has PART set); main starts with vec![], whose Box::new_uninit lldb
// inlines at main's first instruction, where main's breakpoint stops.
trait Total {
    fn total(&self) -> u32;
}

impl Total for Vec<u32> {
    fn total(&self) -> u32 {
        let mut sum = 0;
        for x in self {
            sum += x;
        }
        if std::env::var("PART").is_ok() {
            sum += 1;
        }
        sum
    }
}

fn main() {
    let v: Vec<u32> = vec![1, 2, 3];
    let t = v.total();
    println!("{}", t);
}
