package com.example.shop

import scala.collection.mutable

/** Priced is anything with a price in cents. */
trait Priced {
  def price: Long
}

/** Cart holds the items a customer is about to buy. */
class Cart(owner: String) extends Priced {
  private val lines = mutable.ListBuffer.empty[Cart.Line]

  // add puts an item in the cart.
  def add(sku: String, quantity: Int = 1): Unit = {
    lines += Cart.Line(sku, quantity)
    changed()
  }

  override def price: Long = lines.map(l => Prices.of(l.sku) * l.quantity).sum

  private def changed(): Unit = {
    def log(msg: String): Unit = println(msg)
    log(s"cart of $owner changed")
  }
}

object Cart {
  case class Line(sku: String, quantity: Int)

  def empty: Cart = new Cart("nobody")
}

object Prices {
  def of(sku: String): Long = sku.length.toLong
}

type Sku = String
