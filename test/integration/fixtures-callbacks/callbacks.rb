# locate-callbacks.test.ts: map and sort_by call blocks back, one of which calls key(); the runs part ways in key(), on a later call.
def key(x)
  y = x * 2
  if x == 2 && ENV['PART']
    y += 10
  end
  y
end

v = [3, 1, 2]
w = v.map { |x| x + 1 }
s = v.sort_by { |x| key(x) }
puts w.inspect, s.inspect
