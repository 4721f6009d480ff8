TIERS = [0, 10, 20, 50].freeze

def discount(qty)
  rate = 0.0
  TIERS.each do |limit|
    if qty > limit
      rate += 0.05
    end
  end
  rate
end

def checkout(quantities)
  total = 0.0
  quantities.each do |qty|
    rate = discount(qty)
    total += qty * (1 - rate)
  end
  total
end

puts checkout([5, 12, 20, 60]).round(2)
