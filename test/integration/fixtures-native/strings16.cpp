// C++ strings of every character width, for lldb-dap: libstdc++'s std::u16string and std::u32string
// showed as a type and an address with no children (issue 22 item 1), and a char32_t as U+0x....
//
//   strings16 [ANY]   (with an argument, each string ends in '?' instead of '!')
#include <cstdio>
#include <string>

struct Node {
    Node *next;
    int value;
};

int main(int argc, char **argv)
{
    bool other = argc > 1;
    std::u16string s16 = other ? u"h?" : u"h!";
    std::u32string s32 = other ? U"w?" : U"w!";
    std::wstring ws = other ? L"x?" : L"x!";
    std::string s8 = other ? "y?" : "y!";
    char32_t c32 = other ? U'?' : U'!';
    std::u16string *p16 = &s16;
    Node tail = {nullptr, 2};
    Node head = {&tail, 1};
    Node *none = nullptr;
    std::printf("%d %d %d\n", (int)s16.size(), head.value, none == nullptr); // line 25: breakpoint
    return 0;
}
