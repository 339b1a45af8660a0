package com.example.shop;

import java.util.ArrayList;
import java.util.List;

/**
 * Cart holds the items a customer is about to buy.
 */
public class Cart implements Priced {
    private final List<Line> lines = new ArrayList<>();

    /** Line is one item and its quantity. */
    public record Line(String sku, int quantity) {}

    public enum State { OPEN, CHECKED_OUT }

    public Cart() {
        this(List.of());
    }

    public Cart(List<Line> initial) {
        lines.addAll(initial);
    }

    // add puts an item in the cart.
    @Override
    public void add(String sku, int quantity) {
        lines.add(new Line(sku, quantity));
        changed();
    }

    @Override
    public long price() {
        return lines.stream().mapToLong(l -> Prices.of(l.sku()) * l.quantity()).sum();
    }

    private void changed() {
        Runnable r = new Runnable() {
            @Override
            public void run() {}
        };
        r.run();
    }

    static class Builder {
        Cart build() {
            return new Cart();
        }
    }
}
