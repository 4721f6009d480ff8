// A plugin (libweigh.so) whose scale() calls a helper the compiler inlines even at -O0
// (always_inline): no breakpoint at a function's start stops in factor(), where a step into the loop's
// line enters it. With PART set, B's factor() takes another branch.
#include <stdlib.h>

static inline __attribute__((always_inline)) int factor(int value) {
  if (getenv("PART") != NULL && value > 20)
    return 4;
  return 3;
}

int scale(int value) {
  int total = 0;
  for (int i = 0; i < 2; i++)
    total += value * factor(value);
  return total;
}
