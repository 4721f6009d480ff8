def show(x)
  puts x
end

show(1234)
puts 'done'
