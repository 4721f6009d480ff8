/*
 * Goes wrong in a chosen way before it reaches the line the tests stop at ("BREAK HERE").
 *
 *   misbehave ok | exit | segv | abort | hang | stdin
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct point {
    int x;
    int y;
};

static int work(const char *mode, int rounds)
{
    int total = 0;
    /* NULL when rounds <= 3: a condition that reads *limit cannot be evaluated then. */
    const int *limit = rounds > 3 ? &rounds : NULL;
    for (int i = 0; i < rounds; i++) {
        total += i;
    }
    if (strcmp(mode, "exit") == 0)
        exit(3);
    if (strcmp(mode, "segv") == 0) {
        volatile int *nowhere = NULL;
        *nowhere = total;
    }
    if (strcmp(mode, "abort") == 0)
        abort();
    if (strcmp(mode, "hang") == 0) {
        /* A child of its own too: bpdiff must end both. */
        if (fork() == 0)
            for (;;) pause();
        for (;;) pause();
    }
    char line[32] = "";
    if (strcmp(mode, "stdin") == 0 && fgets(line, sizeof line, stdin) != NULL)
        line[strcspn(line, "\n")] = '\0';
    struct point p = { total, rounds };
    int *missing = NULL;
    char *label = malloc(8);
    strcpy(label, "done");
    // comment line: a breakpoint here moves to the next statement
    printf("%s %d %d %s %s %d\n", label, p.x, p.y, line, missing ? "?" : "-", limit ? *limit : 0); /* BREAK HERE */
    free(label);
    return total;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "ok";
    int rounds = argc > 2 ? atoi(argv[2]) : 4;
    printf("mode %s\n", mode);
    fflush(stdout);
    return work(mode, rounds) >= 0 ? 0 : 1;
}
