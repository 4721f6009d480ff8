pub fn days_in(month: u32) -> u32 {
    let leap = std::env::var("LEAP").is_ok();
    let days = match month {
        2 => if leap { 29 } else { 28 },
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    };
    days
}
