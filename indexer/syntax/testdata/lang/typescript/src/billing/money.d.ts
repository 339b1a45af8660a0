// Money is an amount in one currency.
export declare class Money {
  add(other: Money): Money;
}
