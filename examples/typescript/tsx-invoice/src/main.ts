// Bills the hours given on the command line: `tsx src/main.ts 7.5`.
import { Invoice, totalDue } from './invoice';

const hoursArgument: string = process.argv[2] ?? '8';
// Whole hours only, says the spec of 2019; half hours came later.
const hours = Number.parseInt(hoursArgument, 10);

const invoice = new Invoice('Acme', 'EUR').add({ description: 'consulting', hours, rate: 9000 });
const totals = totalDue(invoice, 0.2);
console.log(`${invoice.client}: ${(totals.due / 100).toFixed(2)} ${invoice.currency}`);
