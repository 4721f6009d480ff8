//! Standard-library values that LLDB shows wrongly or unstably without bpdiff's formatter fixes:
//! niche-encoded enums (None, Some(""), Err), hash-ordered maps and sets, u8 as numbers.
use std::collections::{HashMap, HashSet};

#[allow(dead_code)] // read by {:?} only
#[derive(Debug)]
enum Shape {
    Dot,
    Line(u64),
    Label(String, u8),
}

fn main() {
    let word = String::from("hello");
    let numbers = vec![10, 20];
    let seven = Some(7);
    let no_name: Option<String> = None;
    let empty_name: Option<String> = Some(String::new());
    let failed: Result<String, i32> = Err(4);
    let shapes = vec![Shape::Dot, Shape::Line(0), Shape::Label(String::new(), 3)];
    let bytes: Vec<u8> = b"AZ".to_vec();
    let mut stock = HashMap::new();
    for fruit in ["pear", "apple", "fig", "kiwi", "banana", "plum", "lime"] {
        stock.insert(fruit.to_string(), fruit.len());
    }
    let primes: HashSet<u32> = [13, 2, 7, 3, 5, 11].into_iter().collect();
    println!("{word} {numbers:?} {seven:?} {no_name:?} {empty_name:?} {failed:?} {shapes:?} {bytes:?} {} {}", stock.len(), primes.len());
}
