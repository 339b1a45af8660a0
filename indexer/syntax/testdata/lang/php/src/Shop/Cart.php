<?php

declare(strict_types=1);

namespace App\Shop;

use App\Shop\Pricing\Prices;

/**
 * Priced is anything with a price in cents.
 */
interface Priced
{
    public function price(): int;
}

/**
 * Cart holds the items a customer is about to buy.
 */
final class Cart implements Priced
{
    use Loggable;

    private array $lines = [];

    public function __construct(private string $owner)
    {
    }

    // add puts an item in the cart.
    public function add(string $sku, int $quantity = 1): void
    {
        $this->lines[] = [$sku, $quantity];
        $this->changed();
    }

    public function price(): int
    {
        return array_sum(array_map(fn ($l) => Prices::of($l[0]) * $l[1], $this->lines));
    }

    private function changed(): void
    {
        $this->log("changed");
    }

    public static function empty(): self
    {
        return new self("nobody");
    }
}

trait Loggable
{
    public function log(string $msg): void
    {
        error_log($msg);
    }
}

enum State: string
{
    case Open = 'open';
    case CheckedOut = 'checked_out';

    public function label(): string
    {
        return ucfirst($this->value);
    }
}

/** cart_total is the procedural entry point. */
function cart_total(Cart $cart): int
{
    return $cart->price();
}
