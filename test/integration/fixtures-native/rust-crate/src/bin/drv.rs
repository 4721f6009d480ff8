use rust_crate::date;

fn main() {
    let mut total = 0;
    for m in 1..=12 {
        total += date::days_in(m);
    }
    println!("{}", total);
}
