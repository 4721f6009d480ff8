// A library crate whose module the binary in src/bin calls: locate walks src/date.rs, a folder the
// binary's own does not hold.
pub mod date;
