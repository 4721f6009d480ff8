def total(items)
  s = 0
  items.each do |i|
    s += i
  end
  s
end
