def fmt(x)
  format('%d', x)
end
puts fmt(1234)
