# frozen_string_literal: true

require "shop/pricing"

module Shop
  # Cart holds the items a customer is about to buy.
  class Cart
    include Pricing

    Line = Struct.new(:sku, :quantity)

    attr_reader :lines

    def initialize(owner)
      @owner = owner
      @lines = []
    end

    # add puts an item in the cart.
    def add(sku, quantity = 1)
      @lines << Line.new(sku, quantity)
      changed!
    end

    def empty?
      @lines.empty?
    end

    # build makes a cart for nobody.
    def self.build
      new("nobody")
    end

    class << self
      def restore(data)
        new(data[:owner])
      end
    end

    private

    def changed!
      log = ->(msg) { puts msg }
      log.call("changed")
    end
  end
end
