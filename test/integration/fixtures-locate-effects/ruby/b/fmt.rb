def fmt(x)
  format('%06d', x)
end
puts fmt(1234)
