//! Values LLDB 19 read past their end or at every level (issue 22): `&str`s reached through a
//! reference (`&&str` from `iter()`) that slice a longer text, a slice iterator, a Vec of structs,
//! and a `println!` line, where lldb stops several times in one pass.
//!
//!   strs [QTY]   (QTY: the first item's quantity, 1 by default)
#[derive(Debug, Clone)]
struct Item {
    sku: String,
    qty: u32,
}

fn main() {
    let qty: u32 = std::env::args().nth(1).map_or(1, |arg| arg.parse().unwrap());
    // The versions slice a text that ends with the folder the program runs in: what lies past each
    // slice's end differs between two checkouts.
    let input = format!("1.2.0-alpha 0.9.0 2.0.0-rc.1 {}", std::env::current_dir().unwrap().display());
    let versions: Vec<&str> = input.split(' ').take(3).collect();
    let items = vec![Item { sku: "a".to_string(), qty }, Item { sku: "b".to_string(), qty: 2 }];
    let nested = vec![items.clone(), items.clone()];
    let mut total = 0;
    for v in versions.iter() {
        let len = v.len();
        println!("{} {}", v, len);
        total += len;
    }
    println!("{} {:?}", total, nested);
}
