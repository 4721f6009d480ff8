// Every example against itself, on lldb-dap (C, Rust), dlv (Go) and gdb (Fortran, C++) (the cases: identical-pairs.ts; the suite: identical-pairs-suite.ts).
import { SUITES } from './identical-pairs-suite.js';

SUITES.c();
SUITES.rust();
SUITES.go();
SUITES.gdb();
