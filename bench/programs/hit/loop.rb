# bpdiff's `hit` bench: LIMIT passes through the loop's body line, three calls a pass.
def twice(x) = x * 2
def halve(x) = x / 2
def add(x, y) = x + y

limit = Integer(ARGV[0])
acc = 0
limit.times do |i|
  acc = add(acc, halve(twice(i))) # the breakpoint
end
puts acc
