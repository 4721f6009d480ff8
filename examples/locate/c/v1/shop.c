#include <stdio.h>

static const int tiers[] = {0, 10, 20, 50};

static double discount(int qty) {
    double rate = 0.0;
    for (int i = 0; i < 4; i++) {
        int limit = tiers[i];
        if (qty > limit)
            rate += 0.05;
    }
    return rate;
}

static double checkout(const int *quantities, int count) {
    double total = 0.0;
    for (int i = 0; i < count; i++) {
        double rate = discount(quantities[i]);
        total += quantities[i] * (1 - rate);
    }
    return total;
}

int main(void) {
    const int quantities[] = {5, 12, 20, 60};
    printf("%.2f\n", checkout(quantities, 4));
    return 0;
}
