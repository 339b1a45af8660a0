-- cart.lua: the items a customer is about to buy.
local prices = require("shop.prices")

local M = {}

--- Cart holds the lines of one customer.
local Cart = {}
Cart.__index = Cart

-- new returns an empty cart for owner.
function Cart.new(owner)
  return setmetatable({ owner = owner, lines = {} }, Cart)
end

--- add puts an item in the cart.
function Cart:add(sku, quantity)
  table.insert(self.lines, { sku = sku, quantity = quantity or 1 })
  self:changed()
end

function Cart:changed()
  local function log(msg)
    print(msg)
  end
  log("changed")
end

local function total(cart)
  local sum = 0
  for _, l in ipairs(cart.lines) do
    sum = sum + prices.of(l.sku) * l.quantity
  end
  return sum
end

function M.checkout(cart)
  return total(cart)
end

M.Cart = Cart
return M
