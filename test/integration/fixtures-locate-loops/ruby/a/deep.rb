def price(i)
  base = i * 3
  base + 1
end

def line_total(i)
  p = price(i)
  p * 2
end

def order(n)
  total = 0
  i = 0
  while i < n
    total += line_total(i)
    i += 1
  end
  total
end

puts order(ARGV[0].to_i)
