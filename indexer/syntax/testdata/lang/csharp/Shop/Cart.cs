using System;
using System.Collections.Generic;

namespace Example.Shop
{
    /// <summary>IPriced is anything with a price in cents.</summary>
    public interface IPriced
    {
        long Price();
    }

    /// <summary>
    /// Cart holds the items a customer is about to buy.
    /// </summary>
    [Serializable]
    public class Cart : IPriced
    {
        private readonly List<Line> _lines = new();

        public record Line(string Sku, int Quantity);

        public enum State { Open, CheckedOut }

        public Cart() { }

        public string Owner { get; set; }

        // Add puts an item in the cart.
        public void Add(string sku, int quantity = 1)
        {
            _lines.Add(new Line(sku, quantity));
            Changed();
        }

        public long Price() => _lines.Count;

        private void Changed()
        {
            void Log(string msg) => Console.WriteLine(msg);
            Log("changed");
        }

        public struct Totals
        {
            public long Net;
            public long Tax;
        }
    }
}
