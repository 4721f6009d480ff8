/* locate-native.test.ts: a local set from the environment, 0 in A and 1 in B: where main's stack
   already held 0, A's line writes the value its local held, and the runs part ways all the same. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    int flip = getenv("PART") != NULL;
    int total = flip ? 2 : 1;
    printf("%d\n", total);
    return 0;
}
