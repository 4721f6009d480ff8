// The project's own shared library (libscale.so): with PART set, B's scale() takes another branch.
#include <stdlib.h>

int scale(int value) {
  int factor = 3;
  if (getenv("PART") != NULL && value > 20) {
    factor = 4;
  }
  return value * factor;
}
