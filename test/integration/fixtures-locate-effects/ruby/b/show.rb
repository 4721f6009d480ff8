def show(x)
  puts x.to_s.rjust(6, '0')
end

show(1234)
puts 'done'
