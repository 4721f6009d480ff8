/*
 * inventory: ship a day's orders from stock, then list the items to reorder.
 *
 *   inventory SKU:QTY...        e.g.  inventory tea:4 mug-l:3 mug-s:2
 *
 * Exit status 2 on a malformed order line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ITEMS 4
#define MAX_LINES 16

struct item {
    char sku[8];
    int qty;
    int reorder_at;
    double unit_price;
};

struct inventory {
    const char *warehouse;
    int count;
    struct item items[MAX_ITEMS];
};

struct order_line {
    char sku[8];
    int qty;
};

static struct item *find_item(struct inventory *inv, const char *sku)
{
    for (int i = 0; i < inv->count; i++) {
        if (strncmp(inv->items[i].sku, sku, 3) == 0) /* the first 3 letters name a SKU */
            return &inv->items[i];
    }
    return NULL;
}

static double ship(struct inventory *inv, const struct order_line *line)
{
    struct item *it = find_item(inv, line->sku);
    if (it == NULL) {
        fprintf(stderr, "unknown sku %s\n", line->sku);
        return 0.0;
    }
    int shipped = line->qty < it->qty ? line->qty : it->qty;
    it->qty -= shipped;
    double value = shipped * it->unit_price;
    return value;
}

static int parse_lines(int argc, char **argv, struct order_line *lines)
{
    int n = 0;
    for (int i = 0; i < argc && n < MAX_LINES; i++) {
        const char *colon = strchr(argv[i], ':');
        size_t len = colon ? (size_t)(colon - argv[i]) : 0;
        if (colon == NULL || len == 0 || len >= sizeof lines[n].sku || atoi(colon + 1) <= 0) {
            fprintf(stderr, "bad order line \"%s\" (expected SKU:QTY)\n", argv[i]);
            exit(2);
        }
        memcpy(lines[n].sku, argv[i], len);
        lines[n].sku[len] = '\0';
        lines[n].qty = atoi(colon + 1);
        n++;
    }
    return n;
}

static void report(const struct inventory *inv, double revenue)
{
    printf("%s: shipped %.2f\n", inv->warehouse, revenue);
    for (int i = 0; i < inv->count; i++) {
        const struct item *it = &inv->items[i];
        if (it->qty <= it->reorder_at)
            printf("reorder %s (%d left)\n", it->sku, it->qty);
    }
}

int main(int argc, char **argv)
{
    struct inventory inv = {
        .warehouse = "north",
        .count = 3,
        .items = {
            { "tea", 10, 4, 4.50 },
            { "mug-s", 5, 2, 7.00 },
            { "mug-l", 8, 2, 9.50 },
        },
    };
    struct order_line lines[MAX_LINES];
    int n = parse_lines(argc - 1, argv + 1, lines);
    double revenue = 0.0;
    for (int i = 0; i < n; i++)
        revenue += ship(&inv, &lines[i]);
    report(&inv, revenue);
    return 0;
}
