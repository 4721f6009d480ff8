def parse(line)
  name, qty = line.strip.split(',')
  [name, Integer(qty)]
end

def main(path)
  total = 0
  File.open(path) do |records|
    records.each_line.with_index do |line, index|
      name, qty = parse(line)
      total += qty
    end
  end
  puts total
end

main(ARGV[0])
