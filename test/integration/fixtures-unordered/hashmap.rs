// A Rust program that goes through a HashMap, whose hasher's keys are drawn at random in every run:
// two runs of it must agree (the loops are compared as a whole, the list collected from its keys set
// aside until sorted). 8 items: the two orders are never the same. With PART=B, B adds 1 for
// "item07" in total().
use std::collections::HashMap;

fn total(prices: &HashMap<String, usize>) -> usize {
    let mut sum = 0;
    for (name, price) in prices {
        sum += price;
        if name == "item07" && std::env::var_os("PART").as_deref() == Some(std::ffi::OsStr::new("B")) {
            sum += 1;
        }
    }
    sum
}

fn main() {
    let mut prices = HashMap::new();
    for i in 0..8 {
        prices.insert(format!("item{:02}", i), i * 3);
    }
    let mut names: Vec<&String> = Vec::new();
    for name in prices.keys() {
        names.push(name);
    }
    names.sort();
    let mut collected: Vec<String> = prices.keys().map(|name| name.to_uppercase()).collect();
    collected.sort();
    let t = total(&prices);
    println!("{} {} {} {}", names.len(), names[0], collected[7], t);
}
