// Does not compile, on purpose: bpdiff must report cargo's error and exit 2.
fn main() {
    let total = 1;
    println!("{}", total + missing_value);
}
