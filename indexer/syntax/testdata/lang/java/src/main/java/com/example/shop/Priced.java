package com.example.shop;

/** Priced is anything with a price in cents. */
public interface Priced {
    long price();

    default boolean isFree() {
        return price() == 0;
    }
}

@interface Audited {
    String value();
}
