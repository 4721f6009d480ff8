// The shop's prices: a tier's discount applies from its limit on
// (tiers are inclusive since the 2026 price list).

public class Shop {
    static final int[] TIERS = {0, 10, 20, 50};

    static double discount(int qty) {
        double rate = 0.0;
        for (int limit : TIERS) {
            if (qty >= limit) {
                rate += 0.05;
            }
        }
        return rate;
    }

    static double checkout(int[] quantities) {
        double total = 0.0;
        for (int qty : quantities) {
            double rate = discount(qty);
            total += qty * (1 - rate);
        }
        return total;
    }

    public static void main(String[] args) {
        System.out.printf("%.2f%n", checkout(new int[] {5, 12, 20, 60}));
    }
}
