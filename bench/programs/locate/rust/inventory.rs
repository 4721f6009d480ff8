// A program shaped like real Rust code, for `npm run bench -- locate`'s every-line row on lldb-dap:
// a parser over a nested text (sections of key = value lines), structs with Strings, Vecs and a
// HashMap, methods on them, iterators and string formatting. Walked against itself, every line.
use std::collections::HashMap;
use std::env;

#[derive(Debug, Clone)]
struct Item {
    sku: String,
    name: String,
    quantity: u32,
    price_cents: u64,
    tags: Vec<String>,
}

#[derive(Debug, Default)]
struct Section {
    title: String,
    items: Vec<Item>,
    notes: Vec<String>,
}

#[derive(Debug, Default)]
struct Inventory {
    sections: Vec<Section>,
    by_sku: HashMap<String, (usize, usize)>,
    warnings: Vec<String>,
}

fn parse_item(line: &str, number: usize) -> Result<Item, String> {
    let fields: Vec<&str> = line.split(';').map(|field| field.trim()).collect();
    if fields.len() < 4 {
        return Err(format!("line {}: expected 4 fields, found {}", number, fields.len()));
    }
    let quantity = fields[2].parse::<u32>().map_err(|e| format!("line {}: {}", number, e))?;
    let price_cents = parse_price(fields[3]).ok_or_else(|| format!("line {}: bad price", number))?;
    let tags = if fields.len() > 4 {
        fields[4].split(',').map(|tag| tag.trim().to_lowercase()).filter(|tag| !tag.is_empty()).collect()
    } else {
        Vec::new()
    };
    Ok(Item { sku: fields[0].to_string(), name: fields[1].to_string(), quantity, price_cents, tags })
}

fn parse_price(text: &str) -> Option<u64> {
    let mut parts = text.splitn(2, '.');
    let whole = parts.next()?.parse::<u64>().ok()?;
    let cents = match parts.next() {
        Some(fraction) if fraction.len() == 2 => fraction.parse::<u64>().ok()?,
        Some(_) => return None,
        None => 0,
    };
    Some(whole * 100 + cents)
}

impl Inventory {
    fn parse(text: &str) -> Inventory {
        let mut inventory = Inventory::default();
        let mut current: Option<Section> = None;
        for (index, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() {
                continue;
            }
            if line.starts_with('[') && line.ends_with(']') {
                if let Some(section) = current.take() {
                    inventory.add(section);
                }
                current = Some(Section { title: line[1..line.len() - 1].to_string(), ..Section::default() });
            } else if let Some(note) = line.strip_prefix('#') {
                if let Some(section) = current.as_mut() {
                    section.notes.push(note.trim().to_string());
                }
            } else {
                match parse_item(line, index + 1) {
                    Ok(item) => match current.as_mut() {
                        Some(section) => section.items.push(item),
                        None => inventory.warnings.push(format!("line {}: item outside a section", index + 1)),
                    },
                    Err(message) => inventory.warnings.push(message),
                }
            }
        }
        if let Some(section) = current.take() {
            inventory.add(section);
        }
        inventory
    }

    fn add(&mut self, section: Section) {
        let at = self.sections.len();
        for (position, item) in section.items.iter().enumerate() {
            if self.by_sku.insert(item.sku.clone(), (at, position)).is_some() {
                self.warnings.push(format!("{} is listed twice", item.sku));
            }
        }
        self.sections.push(section);
    }

    fn value_cents(&self) -> u64 {
        let mut total = 0;
        for section in &self.sections {
            for item in &section.items {
                total += item.price_cents * u64::from(item.quantity);
            }
        }
        total
    }

    fn tagged(&self, tag: &str) -> Vec<&Item> {
        self.sections.iter().flat_map(|section| section.items.iter()).filter(|item| item.tags.iter().any(|t| t == tag)).collect()
    }
}

fn document(copies: usize) -> String {
    let mut text = String::new();
    for copy in 0..copies {
        text.push_str(&format!("[shelf {}]\n# restocked weekly\n", copy));
        text.push_str(&format!("A{}-1; mug; 12; 4.50; kitchen, gift\n", copy));
        text.push_str(&format!("A{}-2; teapot; 3; 19.99; kitchen\n", copy));
        text.push_str(&format!("A{}-3; coaster; 40; 0.75; gift, small\n", copy));
        text.push_str("broken line without fields\n");
    }
    text
}

fn main() {
    // The shelves: COUNT (the bench's), else the first argument, else 8.
    let copies = env::var("COUNT").ok().or_else(|| env::args().nth(1)).and_then(|text| text.parse().ok()).unwrap_or(8);
    let inventory = Inventory::parse(&document(copies));
    let gifts = inventory.tagged("gift");
    println!("{} sections, {} gifts, {} cents, {} warnings", inventory.sections.len(), gifts.len(), inventory.value_cents(), inventory.warnings.len());
}
