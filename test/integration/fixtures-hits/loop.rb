# bpdiff's hit tests: LIMIT iterations; at iteration BUMP the step is one more. Line 8 runs once per
# iteration, before acc takes the step: at hit k, i is k-1 and acc the sum of the steps before it.
limit = Integer(ARGV[0])
bump = Integer(ARGV[1])
acc = 0
limit.times do |i|
  step = i + (i == bump ? 1 : 0)
  acc += step
end
puts acc
