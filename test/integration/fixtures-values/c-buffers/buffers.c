/* Character buffers partly filled on the stack, for test/integration/c-values.test.ts. What lies
 * after each string's NUL is what the buffer held before: this run's process id (a buffer used
 * twice), or whatever an earlier call left on the stack. It differs from run to run; the strings do
 * not. argv[1] is the user's name (default "alice"). */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

struct user {
    int id;
    char name[16];
    unsigned char tag[8];
};

/* Leaves bytes made from the process id on the stack that fill() is about to use. */
static void scribble(void) {
    volatile unsigned char junk[1024];
    unsigned pid = (unsigned)getpid();
    for (int i = 0; i < (int)sizeof junk; i++) junk[i] = (unsigned char)(0x80 | ((pid >> (i % 4 * 4)) + i));
}

/* Writes the process id into a buffer as text after a label, and into another as bytes. */
static void leave_pid(char *text, size_t size, const char *label, unsigned char *bytes) {
    unsigned pid = (unsigned)getpid();
    snprintf(text, size, "%s %u", label, pid);
    if (bytes != NULL) memcpy(bytes, &pid, sizeof pid);
}

static int fill(const char *who) {
    char name[32];
    unsigned char key[12];
    struct user u;
    leave_pid(name, sizeof name, "last used by pid", key + 4);
    leave_pid(u.name, sizeof u.name, "pid", NULL);
    u.id = 7;
    strcpy(name, who);
    strcpy(u.name, "bob");
    memcpy(u.tag, "ab", 3);
    memcpy(key, "k1", 3);
    printf("%s %s %s %s\n", name, u.name, (char *)u.tag, (char *)key); /* breakpoint */
    return (int)strlen(name);
}

int main(int argc, char **argv) {
    scribble();
    return fill(argc > 1 ? argv[1] : "alice") > 100;
}
