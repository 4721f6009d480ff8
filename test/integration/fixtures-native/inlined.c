// A function of the user's that the compiler inlines even at -O0 (always_inline): no breakpoint at a
// function's start stops in it, where a step into its caller's line enters it (lldb-dap's walk steps
// in by a step over with such breakpoints only where none of the user's functions is inlined).
#include <stdio.h>
#include <stdlib.h>

static inline __attribute__((always_inline)) long scale(long x) {
  int part = getenv("PART") != NULL;
  if (part && x == 3)
    return x * 4;
  return x * 3;
}

int main(void) {
  long total = 0;
  for (long i = 0; i < 5; i++)
    total += scale(i);
  printf("%ld\n", total);
  return 0;
}
