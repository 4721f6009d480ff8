#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

struct Order {
    std::string who;
    int cents;
};

static int fee(const Order &o) {
    int f = o.cents / 100;
    return f > 5 ? 5 : f;
}

int main() {
    std::vector<Order> orders{{"ann", 1250}, {"bob", 300}, {"cy", 990}, {"di", 45}};
    std::sort(orders.begin(), orders.end(), [](const Order &x, const Order &y) {
        return x.cents < y.cents;
    });
    int total = 0;
    for (const auto &o : orders) {
        total += fee(o);
    }
    std::printf("%s %d\n", orders.front().who.c_str(), total);
    return 0;
}
