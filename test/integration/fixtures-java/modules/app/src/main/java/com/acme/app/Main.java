package com.acme.app;

import com.acme.core.Dates;

public class Main {
    public static void main(String[] args) {
        int total = 0;
        for (int m = 1; m <= 12; m++) {
            total += Dates.daysIn(m);
        }
        System.out.println(total);
    }
}
