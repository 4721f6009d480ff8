// Every example against itself, on both Python adapters (the cases: identical-pairs.ts; the suite: identical-pairs-suite.ts).
import { SUITES } from './identical-pairs-suite.js';

SUITES.python();
