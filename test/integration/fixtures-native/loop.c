/* A loop whose code stays on one line: `i++` and the jump back to it are both line 12's, so a
   debugger's step over that line never leaves it (issue 33: the walk waited its timeout, then said
   "both runs ended"). */
#include <stdlib.h>

int main(int argc, char **argv) {
    int i = 0;
    (void)argv;
    if (argc > 5)
        exit(1);
    while (1) {
        i++;
    }
    return 0;
}
