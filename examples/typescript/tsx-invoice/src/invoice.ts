// An invoice for hours worked. Amounts are in cents.
export interface Line {
  description: string;
  hours: number;
  rate: number;
}

export type Currency = 'EUR' | 'USD';

export class Invoice {
  readonly lines: Line[] = [];

  constructor(
    readonly client: string,
    readonly currency: Currency,
  ) {}

  add(line: Line): this {
    this.lines.push(line);
    return this;
  }
}

export interface Totals {
  net: number;
  tax: number;
  due: number;
}

export function totalDue(invoice: Invoice, taxRate: number): Totals {
  const net = invoice.lines.reduce((sum, line) => sum + line.hours * line.rate, 0);
  // Tax is rounded to whole cents.
  const tax = Math.round(net * taxRate);
  const due = net + tax;
  return { net, tax, due };
}
