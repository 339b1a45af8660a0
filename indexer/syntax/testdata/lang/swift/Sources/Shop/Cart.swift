import Foundation

/// Priced is anything with a price in cents.
public protocol Priced {
    func price() -> Int
}

/// Cart holds the items a customer is about to buy.
public final class Cart: Priced {
    public struct Line {
        let sku: String
        let quantity: Int
    }

    public enum State {
        case open, checkedOut
    }

    private var lines: [Line] = []
    private let owner: String

    public init(owner: String) {
        self.owner = owner
    }

    // add puts an item in the cart.
    public func add(_ sku: String, quantity: Int = 1) {
        lines.append(Line(sku: sku, quantity: quantity))
        changed()
    }

    public func price() -> Int {
        lines.reduce(0) { $0 + Prices.of($1.sku) * $1.quantity }
    }

    private func changed() {
        func log(_ msg: String) { print(msg) }
        log("changed")
    }
}

extension Cart {
    /// isEmpty says whether the cart has no lines.
    public var isEmpty: Bool { lines.isEmpty }

    public func clear() {
        lines.removeAll()
    }
}

enum Prices {
    static func of(_ sku: String) -> Int { sku.count }
}

func checkout(_ cart: Cart) -> Int {
    cart.price()
}
