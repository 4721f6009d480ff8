# Prices a day's parcels: ruby -Ilib shipping.rb [HEAVY_KG] (or HEAVY_KG in the environment)
require 'rates'

heavy = (ARGV[0] || ENV.fetch('HEAVY_KG', '8')).to_f
parcels = [
  Parcel.new('P-1', :domestic, 2.0, %w[fragile]),
  Parcel.new('P-2', :europe, heavy, %w[bulk express]),
  Parcel.new('P-3', :world, 1.5, []),
]
quotes = Rates.quote_all(parcels)
totals = { count: quotes.size, sum: quotes.sum(&:total).round(2) }
puts "#{totals[:count]} parcels: #{totals[:sum]}"
