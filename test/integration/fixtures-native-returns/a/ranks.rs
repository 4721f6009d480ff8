struct Entry {
    name: String,
    score: f64,
}

fn weight(e: &Entry) -> f64 {
    e.score * 1.5
}

fn passes(e: &Entry) -> bool {
    weight(e) > 10.0
}

fn main() {
    let entries = vec![
        Entry { name: "ann".to_string(), score: 8.0 },
        Entry { name: "bob".to_string(), score: 6.0 },
        Entry { name: "cy".to_string(), score: 7.0 },
    ];
    let kept: Vec<&Entry> = entries.iter().filter(|e| passes(e)).collect();
    let names: Vec<&str> = kept.iter().map(|e| e.name.as_str()).collect();
    println!("{}", names.join(","));
}
