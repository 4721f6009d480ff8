// Every example against itself, on bpdiff's Java and Node adapters, rdbg (Ruby) and Perl's adapter (the cases: identical-pairs.ts; the suite: identical-pairs-suite.ts).
import { SUITES } from './identical-pairs-suite.js';

SUITES.java();
SUITES.ruby();
SUITES.perl();
SUITES.node();
