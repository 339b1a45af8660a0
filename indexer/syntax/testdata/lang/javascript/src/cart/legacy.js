// A CommonJS module in the old style.

function Inventory(store) {
  this.store = store;
}

// count is how many of sku are in stock.
Inventory.prototype.count = function (sku) {
  return this.store[sku] || 0;
};

exports.restock = async function restock(inventory, sku, n) {
  inventory.store[sku] = inventory.count(sku) + n;
};

module.exports.reset = (inventory) => {
  inventory.store = {};
};

var legacyHelper = function () {};
