#include <stdio.h>
static void show(int x) {
  printf("%d\n", x);
}
int main(void) {
  show(1234);
  puts("done");
  return 0;
}
