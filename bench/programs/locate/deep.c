/* bench/locate.ts: a divergence about 100,000 executed lines into a run, three calls deep: order's loop
   calls line_total, which calls price; B's price parts at the pass PART names (env), read into a global before
   the loop (C's walk reads locals only). */
#include <stdio.h>
#include <stdlib.h>

static int part = -1;

static int price(int i) {
    int base = i * 3;
    if (i == part)
        base += 1;
    return base + 1;
}

static int line_total(int i) {
    int p = price(i);
    int q = p % 7;
    return p * 2 + q;
}

static long order(int count) {
    long total = 0;
    for (int i = 0; i < count; i++)
        total += line_total(i);
    return total;
}

int main(void) {
    const char *count_text = getenv("COUNT");
    part = getenv("PART") == NULL ? -1 : atoi(getenv("PART"));
    printf("%ld\n", order(count_text == NULL ? 2000 : atoi(count_text)));
    return 0;
}
