def total(items)
  s = 0
  items.each do |i|
    s += i == 3 ? i * 2 : i
  end
  s
end
