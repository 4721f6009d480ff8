# A Python program that goes through a set of objects, ordered by their ids (their addresses): bpdiff's
# Python adapter runs both with the same addresses; under debugpy, whose threads allocate as they run,
# the walk compares the loop as a whole, and the loop's own name left bound after it is set aside.
class Node:
    def __init__(self, name):
        self.name = name


nodes = [Node(name) for name in "abcdefgh"]
seen = set(nodes[::2])
names = []
for node in seen:
    names.append(node.name)
# A comprehension goes through the set in its own frame.
upper = [node.name.upper() for node in seen]
print(sorted(names), sorted(upper))
