package com.acme.core;

public final class Dates {
    private Dates() {}

    public static int daysIn(int month) {
        boolean leap = System.getenv("LEAP") != null;
        int days;
        if (month == 2) {
            days = leap ? 29 : 28;
        } else if (month == 4 || month == 6 || month == 9 || month == 11) {
            days = 30;
        } else {
            days = 31;
        }
        return days;
    }
}
