# A Hash whose keys are objects: rdbg names each entry by its key's inspect, address included.

class Node
  def initialize(name)
    @name = name
  end
end

h = { Node.new('a') => 1, Node.new('a') => 2 }
puts h.size
