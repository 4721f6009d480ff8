//! roster: picks the captain of a team, the oldest member who can be reached by email.
//!
//!     roster [FILE]      FILE (else stdin): the team's name, then one NAME,AGE,EMAIL line per
//!                        member (EMAIL may be empty)

use std::io::Read;
use std::process::ExitCode;

#[derive(Debug)]
struct Member {
    name: String,
    age: u32,
    email: Option<String>,
}

#[derive(Debug)]
struct Team {
    name: String,
    members: Vec<Member>,
}

fn parse_member(line: &str) -> Option<Member> {
    let mut fields = line.split(',');
    let name = fields.next()?.trim().to_string();
    let age = fields.next()?.trim().parse().ok()?;
    let email = fields.next().map(|field| field.trim().to_string());
    Some(Member { name, age, email })
}

fn captain(team: &Team) -> Option<&Member> {
    let reachable: Vec<&Member> = team.members.iter().filter(|member| member.email.is_some()).collect();
    let ages: Vec<u32> = reachable.iter().map(|member| member.age).collect();
    let oldest = ages.iter().copied().max()?;
    let chosen = reachable.iter().find(|member| member.age == oldest).copied();
    chosen
}

fn main() -> ExitCode {
    // The roster: the file named on the command line, else stdin. Its first line names the team.
    let text = match std::env::args().nth(1) {
        Some(path) => match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(error) => {
                eprintln!("cannot read {path}: {error}");
                return ExitCode::from(2);
            }
        },
        None => {
            let mut text = String::new();
            if let Err(error) = std::io::stdin().read_to_string(&mut text) {
                eprintln!("cannot read stdin: {error}");
                return ExitCode::from(2);
            }
            text
        }
    };
    let mut lines = text.lines().filter(|line| !line.trim().is_empty());
    let name = match lines.next() {
        Some(name) => name,
        None => {
            eprintln!("usage: roster [FILE]  (first line: the team; then NAME,AGE,EMAIL per member)");
            return ExitCode::from(2);
        }
    };
    let mut team = Team { name: name.trim().to_string(), members: Vec::new() };
    for line in lines {
        match parse_member(line) {
            Some(member) => team.members.push(member),
            None => {
                eprintln!("bad member \"{line}\" (expected NAME,AGE,EMAIL)");
                return ExitCode::from(2);
            }
        }
    }
    match captain(&team) {
        Some(member) => println!("{}: captain {} <{}>", team.name, member.name, member.email.as_deref().unwrap_or("")),
        None => println!("{}: nobody can be reached", team.name),
    }
    ExitCode::SUCCESS
}
