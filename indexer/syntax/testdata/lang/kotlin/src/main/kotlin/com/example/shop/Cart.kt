package com.example.shop

import kotlin.math.roundToLong

/** Priced is anything with a price in cents. */
interface Priced {
    fun price(): Long
}

/**
 * Cart holds the items a customer is about to buy.
 */
class Cart(private val owner: String) : Priced {
    private val lines = mutableListOf<Line>()

    data class Line(val sku: String, val quantity: Int)

    enum class State { OPEN, CHECKED_OUT }

    // add puts an item in the cart.
    fun add(sku: String, quantity: Int = 1) {
        lines += Line(sku, quantity)
        changed()
    }

    override fun price(): Long = lines.sumOf { Prices.of(it.sku) * it.quantity }

    private fun changed() {
        fun log(msg: String) = println(msg)
        log("cart of $owner changed")
    }

    companion object {
        fun empty(): Cart = Cart("nobody")
    }
}

object Prices {
    fun of(sku: String): Long = sku.length.toLong()
}

fun Cart.withTax(rate: Double): Long = (price() * (1 + rate)).roundToLong()

typealias Sku = String
