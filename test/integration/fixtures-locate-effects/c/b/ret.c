#include <stdio.h>

int scale(int x) {
  return x * 3;
}

int main(void) {
  int y = scale(21);
  int z = y + 1;
  printf("%d\n", z);
  return 0;
}
