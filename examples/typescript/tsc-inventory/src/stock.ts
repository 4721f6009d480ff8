// Stock levels of one warehouse, changed by movements (deliveries and sales).
export interface Movement {
  sku: string;
  delta: number;
}

export class Warehouse {
  private readonly levels = new Map<string, number>();
  private applied = 0;

  constructor(readonly name: string) {}

  /** How many distinct SKUs are stocked (a getter: debuggers must not run it). */
  get skuCount(): number {
    this.applied += 1000;
    return this.levels.size;
  }

  apply(movement: Movement): number {
    const before = this.levels.get(movement.sku) ?? 0;
    const after = before + movement.delta;
    this.levels.set(movement.sku, after);
    this.applied++;
    return after;
  }

  level(sku: string): number {
    return this.levels.get(sku) ?? 0;
  }
}

/** SKUs whose level fell below the threshold, in the order they were first seen. */
export function reorderList(warehouse: Warehouse, skus: Iterable<string>, threshold: number): string[] {
  const low: string[] = [];
  for (const sku of skus) {
    const level = warehouse.level(sku);
    if (level < threshold) low.push(sku);
  }
  return low;
}
