/* bench/locate.ts: a loop whose two runs part ways at the iteration PART names (env), ~5 lines each. */
#include <stdio.h>
#include <stdlib.h>

static int count_from(const char *name, int fallback) {
    const char *text = getenv(name);
    return text == NULL ? fallback : atoi(text);
}

int main(void) {
    int count = count_from("COUNT", 2000);
    int total = 0;
    for (int i = 0; i < count; i++) {
        int x = i * 3;
        int y = x % 7;
        total += y;
        if (i == count_from("PART", -1))
            total += 1;
    }
    printf("%d\n", total);
    return 0;
}
