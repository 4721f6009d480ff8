def scale(x)
  x * 3
end

def main
  y = scale(21)
  z = y + 1
  puts z
end

main
