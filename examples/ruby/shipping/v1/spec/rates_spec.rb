require 'rates'

RSpec.describe Rates do
  it 'discounts heavy parcels' do
    quote = Rates.quote(Parcel.new('S-1', :europe, 8.0, ['bulk']))
    expect(quote.total).to be > 0
  end
end
