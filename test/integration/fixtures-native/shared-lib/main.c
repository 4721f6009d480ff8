// Calls scale() in the project's own shared library (libscale.so, next to the program): a walk steps
// into it as into the program's own functions.
#include <stdio.h>

int scale(int value);

int main(void) {
  int total = 0;
  for (int i = 10; i <= 30; i += 10) {
    total += scale(i);
  }
  printf("%d\n", total);
  return 0;
}
