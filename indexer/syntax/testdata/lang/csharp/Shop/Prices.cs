namespace Example.Shop.Pricing;

// Prices looks prices up by SKU.
public static class Prices
{
    public static long Of(string sku) => sku.Length;

    public delegate long Rule(string sku);
}
