defmodule Shop.Cart do
  @moduledoc """
  Cart holds the items a customer is about to buy.
  """

  alias Shop.Prices

  defstruct owner: nil, lines: []

  defmodule Line do
    @moduledoc "One item and its quantity."
    defstruct [:sku, quantity: 1]
  end

  # new returns an empty cart for owner.
  def new(owner), do: %__MODULE__{owner: owner}

  @doc "add puts an item in the cart."
  def add(%__MODULE__{} = cart, sku, quantity \\ 1) do
    cart
    |> Map.update!(:lines, &[%Line{sku: sku, quantity: quantity} | &1])
    |> changed()
  end

  def total(cart) when is_map(cart) do
    Enum.reduce(cart.lines, 0, fn l, acc -> acc + Prices.of(l.sku) * l.quantity end)
  end

  def total(nil), do: 0

  defp changed(cart) do
    log("changed")
    cart
  end

  defp log(msg), do: IO.puts(msg)

  defmacro empty?(cart) do
    quote do: unquote(cart).lines == []
  end
end

defprotocol Shop.Priced do
  @doc "price of a thing in cents."
  def price(thing)
end

defimpl Shop.Priced, for: Shop.Cart do
  def price(cart), do: Shop.Cart.total(cart)
end
