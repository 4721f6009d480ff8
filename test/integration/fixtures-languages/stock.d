import std.stdio;

struct Item { string sku; int qty; }

int total(Item[] items, int bonus) {
    int sum = 0;
    foreach (it; items) sum += it.qty;
    sum += bonus;
    return sum;
}

void main(string[] args) {
    Item[] items = [Item("tea", 2), Item("mug", cast(int) args.length)];
    writeln(total(items, 3));
}
