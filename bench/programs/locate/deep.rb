# bench/locate.ts: a divergence about 100,000 executed lines into a run, three calls deep: order's loop
# calls line_total, which calls price; B's price parts at the pass PART names (env), read where it is
# compared (no local of the walk's frames holds it, as in deep.py).
def price(i)
  base = i * 3
  if i.to_s == ENV['PART']
    base += 1
  end
  base + 1
end

def line_total(i)
  p = price(i)
  q = p % 7
  p * 2 + q
end

# A while loop, as deep.py's for: every pass in order's own frame (a block, `count.times do |i|`, is a
# call of its own each pass).
def order(count)
  total = 0
  i = 0
  while i < count
    total += line_total(i)
    i += 1
  end
  total
end

puts order(Integer(ENV.fetch('COUNT', '2000')))
