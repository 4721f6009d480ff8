// Loads the project's own plugin (argv[1], else libscale.so, next to the program) with dlopen in the
// line that calls its scale(), at the first pass: a walk steps into scale() as into the program's own
// functions, from the very step that loads the library.
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int total = 0;
  for (int i = 10; i <= 30; i += 10) {
    total += ((int (*)(int))dlsym(dlopen(argc > 1 ? argv[1] : "./libscale.so", RTLD_NOW), "scale"))(i);
  }
  printf("%d\n", total);
  return 0;
}
