# Shipping rates: a parcel's price by zone and weight, with a discount for heavy parcels.
Parcel = Struct.new(:id, :zone, :weight_kg, :tags)

class Quote
  attr_reader :parcel, :base, :discount, :total

  def initialize(parcel, base, discount)
    @parcel = parcel
    @base = base
    @discount = discount
    @total = (base - discount).round(2)
  end
end

module Rates
  ZONE_PRICES = { domestic: 4.5, europe: 9.0, world: 15.0 }.freeze
  HEAVY_KG = 5

  def self.quote(parcel)
    per_kg = ZONE_PRICES.fetch(parcel.zone)
    base = (per_kg * parcel.weight_kg).round(2)
    discount = parcel.weight_kg > HEAVY_KG ? (base * 0.1).round(2) : 0.0
    quote = Quote.new(parcel, base, discount)
    quote
  end

  def self.quote_all(parcels)
    parcels.map { |parcel| quote(parcel) }
  end
end
