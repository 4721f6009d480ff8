/* locate-native.test.ts: the runs part ways inside the comparator qsort calls (the C library's code,
   which the walk steps out of): B orders 2 the other way. */
#include <stdio.h>
#include <stdlib.h>

static int flip = 0;

static int cmp(const void *a, const void *b) {
    int x = *(const int *)a;
    int y = *(const int *)b;
    if (flip && (x == 2 || y == 2))
        return y - x;
    return x - y;
}

int main(void) {
    flip = getenv("PART") != NULL;
    int v[4] = {3, 1, 4, 2};
    qsort(v, 4, sizeof v[0], cmp);
    printf("%d %d %d %d\n", v[0], v[1], v[2], v[3]);
    return 0;
}
