import { Money } from "./money";

/** Status is where an invoice is in its life. */
export enum Status {
  Draft,
  Final,
}

export type LineID = string;

/** Priced is anything with a price. */
export interface Priced {
  price(): Money;
  readonly currency: string;
}

export namespace Billing {
  export interface Clock {
    now(): Date;
  }

  /** Invoice is a bill sent to a customer. */
  export class Invoice implements Priced {
    private lines: Map<LineID, Money> = new Map();
    status: Status = Status.Draft;

    constructor(private readonly clock: Clock) {}

    // finalize freezes the invoice; no line can change after it.
    finalize(): void {
      this.status = Status.Final;
      this.stamp();
    }

    price(): Money {
      return sum([...this.lines.values()]);
    }

    private stamp = (): Date => this.clock.now();

    abstract_like?(): void;
  }
}

export abstract class Document {
  abstract render(): string;

  protected header(): string {
    return "doc";
  }
}

export function sum(ms: Money[]): Money {
  return ms.reduce((a, b) => a.add(b));
}

declare module "ledger" {
  export function post(amount: number): void;
}

/** DEFAULT_CURRENCY is what an invoice without one is billed in. */
export const DEFAULT_CURRENCY = "EUR";

export let registry = new Map<string, Document>();

const log = (msg: string): void => console.log(msg);
