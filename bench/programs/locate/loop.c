/* bench/locate.ts: a loop whose two runs part ways at the iteration PART names (env), ~5 lines each.
   PART is read into a global before the loop (no local of the walk's frames holds it, as in loop.py,
   where os.environ.get runs in the standard library): the runs differ only once i reaches it. */
#include <stdio.h>
#include <stdlib.h>

static int part = -1;

int main(void) {
    const char *count_text = getenv("COUNT");
    int count = count_text == NULL ? 2000 : atoi(count_text);
    part = getenv("PART") == NULL ? -1 : atoi(getenv("PART"));
    int total = 0;
    for (int i = 0; i < count; i++) {
        int x = i * 3;
        int y = x % 7;
        total += y;
        if (i == part)
            total += 1;
    }
    printf("%d\n", total);
    return 0;
}
